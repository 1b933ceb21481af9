/** Character classes on UTF-16 code units for the recognizers' hand-written scans. */

/** Per UTF-16 code unit of the BMP: 0 unknown yet, 1 letter or mark, 2 other. Filled lazily beyond ASCII. */
export const LETTER = new Uint8Array(65536);
for (let c = 0; c < 128; c++) LETTER[c] = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 2;
const LETTER_RE = /^[\p{L}\p{M}]$/u;

function bmpLetter(c: number): boolean {
  let k = LETTER[c]!;
  if (k === 0) {
    k = LETTER_RE.test(String.fromCharCode(c)) ? 1 : 2;
    LETTER[c] = k;
  }
  return k === 1;
}

/** Length in code units (1 or 2) of the letter or mark (`[\p{L}\p{M}]`) at text[i], 0 when there is none. */
export function letterAt(text: string, i: number, n: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return LETTER[c] === 1 ? 1 : 0;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return LETTER_RE.test(text.slice(i, i + 2)) ? 2 : 0;
  }
  return bmpLetter(c) ? 1 : 0;
}

/** Length in code units (1 or 2) of the letter or mark that ends just before text[end], 0 when there is none. */
export function letterBefore(text: string, end: number): number {
  if (end <= 0) return 0;
  const c = text.charCodeAt(end - 1);
  if (c < 128) return LETTER[c] === 1 ? 1 : 0;
  if (c >= 0xdc00 && c <= 0xdfff && end >= 2) {
    const h = text.charCodeAt(end - 2);
    if (h >= 0xd800 && h <= 0xdbff) return LETTER_RE.test(text.slice(end - 2, end)) ? 2 : 0;
  }
  return bmpLetter(c) ? 1 : 0;
}

/** ASCII letter; false for any other code (NaN included). */
export const isAsciiLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;
export const isAsciiDigit = (c: number): boolean => c >= 48 && c <= 57;

const DIGIT = /[0-9]/g;

/**
 * The maximal runs of ASCII digits, as [start, end, start, end, ...]. The regex finds the first
 * digit of each run: ~3x faster than testing every character in JS.
 */
export function digitRuns(text: string): number[] {
  const runs: number[] = [];
  const n = text.length;
  DIGIT.lastIndex = 0;
  while (DIGIT.test(text)) {
    const start = DIGIT.lastIndex - 1;
    let end = start + 1;
    while (end < n && isAsciiDigit(text.charCodeAt(end))) end++;
    runs.push(start, end);
    DIGIT.lastIndex = end;
  }
  return runs;
}
