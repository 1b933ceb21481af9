const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
/** Per UTF-16 unit (BMP, non-surrogate): 0 not yet classified, 1 letter or number, 2 neither. */
const UNIT_CLASS = new Uint8Array(0x10000);

/**
 * Length in UTF-16 units of the letter or number (`[\p{L}\p{N}]`, by code point) at s[i], or 0.
 * BMP units are classified once and remembered: the Unicode property regex is slow.
 */
export function letterOrNumberAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  let v = UNIT_CLASS[c]!;
  if (v === 0) {
    if (c >= 0xd800 && c <= 0xdfff) {
      const cp = s.codePointAt(i)!;
      if (cp > 0xffff) return LETTER_OR_NUMBER.test(String.fromCodePoint(cp)) ? 2 : 0;
      return 0;
    }
    v = LETTER_OR_NUMBER.test(String.fromCharCode(c)) ? 1 : 2;
    UNIT_CLASS[c] = v;
  }
  return v === 1 ? 1 : 0;
}
