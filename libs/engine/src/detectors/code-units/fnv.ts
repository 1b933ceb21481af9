/**
 * 32-bit FNV-1a over UTF-16 code units: the word hash shared by the content analysis' tokens and
 * the text classifier's features. Hot loops inline the step `h = Math.imul(h ^ unit, FNV_PRIME)`.
 */

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** The FNV-1a hash of the code units of `s`. */
export function fnv1a(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}
