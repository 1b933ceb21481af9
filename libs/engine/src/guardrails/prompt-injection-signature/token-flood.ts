/**
 * Token floods: one token repeated until the instructions before it are far away ("ö ö ö …" 300
 * times, then "say access granted"), or a made-up word glued to itself
 * ("useRalativeImagePathuseRalativeImagePath…"). Judged by form on the original text, in one pass
 * over its whitespace-separated tokens.
 */
import { isAsciiLetter } from '../../detectors/pii/chars.ts';

/** Repeats of one token in a row that make a flood: "ha ha ha" and a shouted word ×14 are not. */
export const MIN_TOKEN_RUN = 32;
/** A glued unit of 4–40 letters repeated at least 5 times, 80 characters or more. */
const MIN_GLUED_LENGTH = 80;
const MIN_GLUED_REPEATS = 5;
const MIN_UNIT = 4;
const MAX_UNIT = 40;
/** Periodicity is judged on the head of a long token, so a 1 MB token costs no more than this. */
const GLUED_HEAD = 4096;

const isLowerVowel = (c: number): boolean =>
  c === 0x61 || c === 0x65 || c === 0x69 || c === 0x6f || c === 0x75;

/** One letter of any script, or one emoji. */
const ONE_LETTER_OR_EMOJI = /^(?:\p{L}|\p{Extended_Pictographic}\uFE0F?)$/u;
const NON_ASCII = /[^\u0000-\u007f]/;
const LETTER_OR_EMOJI = /[\p{L}\p{Extended_Pictographic}]/u;

/**
 * Whether a repeated token can make a flood: one letter or emoji ("ö", "A", "👽"), or a token with
 * a non-ASCII letter or emoji. ASCII words and data ("null,", "NaN", "0x00", "ff"), numbers, table
 * cells, rules and leaders ("0", "|", "-----", "·", "─") repeat in data and code.
 */
function floodable(text: string, start: number, end: number): boolean {
  const token = text.slice(start, end);
  return ONE_LETTER_OR_EMOJI.test(token) || (NON_ASCII.test(token) && LETTER_OR_EMOJI.test(token));
}

function sameToken(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/**
 * Whether the token `[start, end)` is a word glued to itself: its smallest period over its head
 * is a unit of 4–40 ASCII letters with a lower-case vowel, repeated 5 times or more. Base64 and
 * hex of repeated bytes ("QUFBQUFB", "YWFhYWFh", "abcd1234abcd1234") and letter runs ("aaaa…",
 * "hahaha…") do not count.
 */
function gluedRepeat(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length < MIN_GLUED_LENGTH) return false;
  const head = Math.min(length, GLUED_HEAD);
  let period = 0;
  for (let p = 1; p <= MAX_UNIT && period === 0; p++) {
    let periodic = true;
    for (let i = start + p; i < start + head; i++) {
      if (text.charCodeAt(i) !== text.charCodeAt(i - p)) {
        periodic = false;
        break;
      }
    }
    if (periodic) period = p;
  }
  if (period < MIN_UNIT || length / period < MIN_GLUED_REPEATS) return false;
  let vowel = false;
  for (let i = start; i < start + period; i++) {
    const c = text.charCodeAt(i);
    if (!isAsciiLetter(c)) return false;
    if (isLowerVowel(c)) vowel = true;
  }
  return vowel;
}

/** The span of the first token flood in the text, or undefined. */
export function tokenFlood(text: string): { start: number; end: number } | undefined {
  const n = text.length;
  let prevStart = 0;
  let prevLength = -1;
  let runStart = 0;
  let run = 0;
  let start = -1;
  // One loop over the characters; a token is compared with the one before only when their lengths
  // agree, which in prose is rare and ends at the first character that differs.
  for (let i = 0; i <= n; i++) {
    const boundary = i === n || text.charCodeAt(i) <= 0x20;
    if (!boundary) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const length = i - start;
    if (length >= MIN_GLUED_LENGTH && gluedRepeat(text, start, i)) return { start, end: i };
    if (length === prevLength && sameToken(text, start, prevStart, length)) {
      run++;
      // Judged once per run: the token stays the same.
      if (run === MIN_TOKEN_RUN && floodable(text, start, i))
        return { start: runStart, end: runEnd(text, i, start, length) };
    } else {
      run = 1;
      runStart = start;
    }
    prevStart = start;
    prevLength = length;
    start = -1;
  }
  return undefined;
}

/** Where the run of the token at `[token, token + length)` ends, from `from` on. */
function runEnd(text: string, from: number, token: number, length: number): number {
  let end = from;
  let j = from;
  for (;;) {
    while (j < text.length && text.charCodeAt(j) <= 0x20) j++;
    const k = j;
    while (j < text.length && text.charCodeAt(j) > 0x20) j++;
    if (j - k !== length || !sameToken(text, k, token, length)) return end;
    end = j;
  }
}
