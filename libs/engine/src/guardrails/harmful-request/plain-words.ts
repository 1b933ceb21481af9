/**
 * Whether a text holds at least `n` plain words: whitespace-separated tokens made of letters
 * (an inner apostrophe or hyphen allowed, leetspeak read as letters), wrapped at most in quotes,
 * brackets and prose punctuation. A request is written in words; a code line (`System.setProperty("BOT_TOKEN", …)`),
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
/** Digits and @ $ ! as leetspeak letters: "h0w t0 m4ke a b0mb" is three words and a request. */
const isLeet = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x40 || c === 0x24 || c === 0x21;

/**
 * Letters, with single apostrophes or hyphens between them ("don't", "step-by-step"); or, as
 * leetspeak, up to 24 characters of at least two letters, at most one leet character more than
 * letters, no run of three leet characters and no joiner ("m4k3", "1gn0r3"; not "121000358",
 * "SMIT9801015JK2CD", "xoxb-7812" or "x1").
 */
function isWord(text: string, s: number, e: number): boolean {
  let letters = 0;
  let leet = 0;
  let run = 0;
  let joiners = 0;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (isLetter(text, i)) {
      letters++;
      run = 0;
    } else if (isLeet(c)) {
      leet++;
      if (++run >= 3) return false;
    } else if (isJoiner(c) && i > s && i < e - 1 && !isJoiner(text.charCodeAt(i + 1))) {
      joiners++;
      run = 0;
    } else return false;
  }
  if (leet === 0) return letters > 0;
  return joiners === 0 && letters >= 2 && leet <= letters + 1 && e - s <= 24;
}
