/**
 * Whether a text holds at least `n` plain words: whitespace-separated tokens made of letters
 * (an inner apostrophe or hyphen allowed), wrapped at most in quotes, brackets and prose
 * punctuation. A request is written in words; a code line (`System.setProperty("BOT_TOKEN", …)`),
 * an IBAN, a number or a lone "passport" is not one, whatever words the model has learned from
 * requests about such things. One pass, stopping at the n-th word.
 */
export function hasPlainWords(text: string, n: number): boolean {
  let words = 0;
  let i = 0;
  const len = text.length;
  while (i < len) {
    while (i < len && isSpace(text.charCodeAt(i))) i++;
    let s = i;
    while (i < len && !isSpace(text.charCodeAt(i))) i++;
    let e = i;
    while (s < e && isOpening(text.charCodeAt(s))) s++;
    while (e > s && isClosing(text.charCodeAt(e - 1))) e--;
    if (s < e && isWord(text, s, e) && ++words >= n) return true;
  }
  return false;
}

const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0;
/** " ' ( [ “ ‘ */
const isOpening = (c: number): boolean =>
  c === 0x22 || c === 0x27 || c === 0x28 || c === 0x5b || c === 0x201c || c === 0x2018;
/** " ' ) ] , . : ; ! ? ” ’ */
const isClosing = (c: number): boolean =>
  c === 0x22 ||
  c === 0x27 ||
  c === 0x29 ||
  c === 0x5d ||
  c === 0x2c ||
  c === 0x2e ||
  c === 0x3a ||
  c === 0x3b ||
  c === 0x21 ||
  c === 0x3f ||
  c === 0x201d ||
  c === 0x2019;

const LETTER = /\p{L}/u;
const isLetter = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
  return LETTER.test(text[i]!);
};
/** ' ’ - */
const isJoiner = (c: number): boolean => c === 0x27 || c === 0x2019 || c === 0x2d;

/** Letters, with single apostrophes or hyphens between letters ("don't", "step-by-step"). */
function isWord(text: string, s: number, e: number): boolean {
  if (!isLetter(text, s) || !isLetter(text, e - 1)) return false;
  for (let i = s + 1; i < e - 1; i++) {
    if (isLetter(text, i)) continue;
    if (!isJoiner(text.charCodeAt(i)) || !isLetter(text, i + 1)) return false;
  }
  return true;
}
