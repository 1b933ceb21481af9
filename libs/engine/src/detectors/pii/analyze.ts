/** The one PII recognizer set shared by PIIDetection, OutputPIIRedaction, PHIAwareness and GDPRDataMinimization. */
import { createHash } from 'node:crypto';
import { findAddresses, findDatesOfBirth } from './address.ts';
import { digitRuns, isAsciiDigit, isAsciiLetter } from './chars.ts';
import { findPersons } from './names.ts';
import {
  CONTEXT_BOOST,
  CONTEXT_WINDOW,
  PATTERNS,
  type PatternRecognizer,
  type WindowShape,
  wordStartBit,
} from './patterns.ts';
import { PII_ENTITIES, type PiiEntity, type PiiMatch } from './types.ts';

export interface AnalyzeOptions {
  /** Entity types to report; all when absent. */
  entities?: ReadonlySet<PiiEntity>;
  /** Minimum score of a reported match. */
  threshold: number;
  /** Literal values never reported (compared trimmed, case-insensitively). */
  allow?: ReadonlySet<string>;
}

interface CompiledPattern extends PatternRecognizer {
  contextRe?: RegExp;
  /**
   * The context words, lower-case, by their first character, for contextBefore's scan of ASCII
   * text: the ASCII ones (a word with another character cannot match ASCII text); undefined when a
   * non-ASCII character of a word matches an ASCII one under /iu, and the regex must always decide.
   */
  asciiWords?: (string[] | undefined)[];
  /** The word-start bits (WindowShape.starts0/starts1) of `first`; both -1 when there is none. */
  first0: number;
  first1: number;
}

/** The word-start masks of a character class. */
function firstMasks(first: string | undefined): [number, number] {
  if (first === undefined) return [-1, -1];
  const re = new RegExp(`^${first}$`);
  let m0 = 0;
  let m1 = 0;
  for (let c = 0; c < 128; c++) {
    const bit = wordStartBit(c);
    if (bit >= 0 && re.test(String.fromCharCode(c))) {
      if (bit < 31) m0 |= 1 << bit;
      else m1 |= 1 << (bit - 31);
    }
  }
  return [m0, m1];
}

/** Every key of T, optional ones included (with undefined): forgetting one is a type error. */
type AllKeys<T> = { [K in keyof Required<T>]: T[K] };

const COMPILED: CompiledPattern[] = PATTERNS.map((p) => {
  const [first0, first1] = firstMasks(p.first);
  // every key, in one order, even when undefined: spread copies of the PATTERNS entries (each with
  // its own set of keys) had a hidden class each, and runPatterns' reads of them were megamorphic
  const compiled: AllKeys<CompiledPattern> = {
    type: p.type,
    regex: p.regex,
    score: p.score,
    validate: p.validate,
    usesFloor: p.usesFloor,
    plausible: p.plausible,
    context: p.context,
    numeric: p.numeric,
    refine: p.refine,
    contextRequired: p.contextRequired,
    minDigits: p.minDigits,
    gate: p.gate,
    first: p.first,
    contextRe: p.context?.length
      ? new RegExp(`(?:^|[^\\p{L}])(?:${p.context.map(escapeRegex).join('|')})`, 'iu')
      : undefined,
    asciiWords: asciiContextWords(p.context ?? []),
    first0,
    first1,
  };
  return compiled;
});

function asciiContextWords(words: readonly string[]): (string[] | undefined)[] | undefined {
  const out: (string[] | undefined)[] = new Array(128).fill(undefined);
  for (const w of words) {
    if (/^[\x00-\x7f]*$/.test(w)) {
      const lower = w.toLowerCase();
      const first = lower.charCodeAt(0);
      out[first] = [...(out[first] ?? []), lower];
      continue;
    }
    for (const ch of w) {
      if (ch.charCodeAt(0) < 128) continue;
      const re = new RegExp(escapeRegex(ch), 'iu');
      for (let c = 0; c < 128; c++) if (re.test(String.fromCharCode(c))) return undefined;
    }
  }
  return out;
}

/** Whether text[from, to) is all ASCII. */
function asciiRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) >= 128) return false;
  return true;
}

const lowerAscii = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

/** Whether text[from, to) ends, ASCII case-insensitively, with the lower-case `word`. */
function endsWithWord(text: string, from: number, to: number, word: string): boolean {
  const s = to - word.length;
  if (s < from) return false;
  for (let k = 0; k < word.length; k++)
    if (lowerAscii(text.charCodeAt(s + k)) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * `p.contextRe.test(text.slice(from, to))`: on ASCII text a scan for the ASCII words after the
 * start or a non-letter (a regex used once per candidate is mostly compiled anew: V8 flushes the
 * code of rarely run regexes).
 */
function contextBefore(p: CompiledPattern, text: string, from: number, to: number, ascii: boolean): boolean {
  if (!p.contextRe) return false;
  if (!ascii || !p.asciiWords) return p.contextRe.test(text.slice(from, to));
  for (let i = from; i < to; i++) {
    const words = p.asciiWords[lowerAscii(text.charCodeAt(i))];
    if (!words || (i > from && isAsciiLetter(text.charCodeAt(i - 1)))) continue;
    for (const w of words) {
      if (i + w.length > to) continue;
      let k = 1;
      while (k < w.length && lowerAscii(text.charCodeAt(i + k)) === w.charCodeAt(k)) k++;
      if (k === w.length) return true;
    }
  }
  return false;
}

const NEGATIVE_WORDS =
  'order|invoice|tracking|version|ver.|build|ticket|case|ref|reference|sku|isbn|serial|part|model|item|receipt|confirmation|transaction|txn|po|lot|batch|page|id:'.split(
    '|',
  );
const NEGATIVE_NUMBER_WORDS = ['no', 'no.', 'number', '#', 'id'];
/**
 * A negative word, an optional number word and an optional ':' or '#' ending the text (for
 * non-ASCII context). The word must start a word: "Steuer-ID:" is not the generic "id:" of an order form.
 */
const NEGATIVE_CONTEXT = new RegExp(
  `(?<![\\p{L}\\p{N}-])(?:${NEGATIVE_WORDS.map(escapeRegex).join('|')})\\s*(?:${NEGATIVE_NUMBER_WORDS.map(escapeRegex).join('|')})?\\s*[:#]?\\s*$`,
  'iu',
);
const isAsciiSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** End of text[from, to) without its trailing ASCII whitespace. */
function trimEnd(text: string, from: number, to: number): number {
  while (to > from && isAsciiSpace(text.charCodeAt(to - 1))) to--;
  return to;
}

/**
 * `NEGATIVE_CONTEXT.test(text.slice(from, to))` on ASCII text: from the end, whitespace, an optional
 * ':' or '#', whitespace, an optional "no"/"number"/"#"/"id", whitespace, then one of the words not
 * glued to a letter, digit or '-' before it. Whitespace runs hold no other part, so each is taken
 * whole; the optional parts are tried both ways.
 */
function negativeBefore(text: string, from: number, to: number, ascii: boolean): boolean {
  if (!ascii) return NEGATIVE_CONTEXT.test(text.slice(from, to));
  const e0 = trimEnd(text, from, to);
  const last = text.charCodeAt(e0 - 1);
  // every part ends with a letter, '.', ':' or '#'
  if (e0 === from || !(isAsciiLetter(last) || last === 46 || last === 58 || last === 35)) return false;
  for (const e1 of e0 > from && (last === 58 || last === 35) ? [e0, e0 - 1] : [e0]) {
    const e2 = trimEnd(text, from, e1);
    const ends = [e2];
    for (const w of NEGATIVE_NUMBER_WORDS) if (endsWithWord(text, from, e2, w)) ends.push(e2 - w.length);
    for (const e3 of ends) {
      const e4 = trimEnd(text, from, e3);
      for (const w of NEGATIVE_WORDS) {
        if (!endsWithWord(text, from, e4, w)) continue;
        const b = e4 - w.length - 1;
        if (b < from) return true;
        const c = text.charCodeAt(b);
        if (!(isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 45)) return true;
      }
    }
  }
  return false;
}

/**
 * A numeric id candidate that is one group of a longer grouped code ("IE29 AIBK 9311 5212 3456 79",
 * "51 824 753 5564") is not that id: a neighbouring group of digits and capitals joined by a
 * separator, containing a digit, rules it out.
 */
function insideLargerCode(text: string, start: number, end: number): boolean {
  const sepBefore = text[start - 1];
  if (sepBefore === ' ' || sepBefore === '-' || sepBefore === ':' || sepBefore === '.') {
    let i = start - 2;
    let digit = false;
    let n = 0;
    while (i >= 0 && n < 7 && upperOrDigit(text.charCodeAt(i))) {
      if (text.charCodeAt(i) <= 57) digit = true;
      i--;
      n++;
    }
    if (digit && n > 0 && n <= 6 && (i < 0 || !letterOrNumber(text, i))) return true;
  }
  const sepAfter = text[end];
  if (sepAfter === ' ' || sepAfter === '-' || sepAfter === ':' || sepAfter === '.') {
    let i = end + 1;
    let digit = false;
    let n = 0;
    while (i < text.length && n < 7 && upperOrDigit(text.charCodeAt(i))) {
      if (text.charCodeAt(i) <= 57) digit = true;
      i++;
      n++;
    }
    if (digit && n > 0 && n <= 6 && (i >= text.length || !letterOrNumber(text, i))) return true;
  }
  return false;
}

const upperOrDigit = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/** `/[\p{L}\p{N}]/u.test(text[i])`, the regex only beyond ASCII. */
function letterOrNumber(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return isAsciiLetter(c) || (c >= 48 && c <= 57);
  return LETTER_OR_NUMBER.test(text[i]!);
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2028 || c === 0x2029 || c === 0x3000;

/** Longest stretch scanned for one token and for one group of tokens (bounds work on adversarial input). */
const MAX_TOKEN = 120;
const MAX_GROUP = 240;

/**
 * A whitespace-delimited token that may continue a digit group: it holds a digit or is short
 * ("WEST" in "GB82 WEST 1234", "(415)", "AB" in "AB 12 34 56 C").
 */
function groupable(text: string, s: number, e: number): boolean {
  if (e - s <= 4) return true;
  for (let i = s; i < e; i++) if (isAsciiDigit(text.charCodeAt(i))) return true;
  return false;
}

/**
 * Calls `visit(start, end, digits)` for every window of the text where a numeric identifier can
 * be: a run of whitespace-delimited tokens, joined by single spaces, that holds a digit. Driven by
 * the digit runs of the text (`runs`, from digitRuns): prose between them is not looked at.
 */
export function digitGroups(
  text: string,
  visit: (start: number, end: number, digits: number) => void,
  runs: readonly number[] = digitRuns(text),
): void {
  const n = text.length;
  let prevEnd = 0;
  for (let r = 0; r < runs.length; r += 2) {
    if (runs[r + 1]! <= prevEnd) continue;
    // the first digit not in the previous window
    const i = Math.max(runs[r]!, prevEnd);
    let s = i;
    while (s > prevEnd && !isSpace(text.charCodeAt(s - 1)) && i - s < MAX_TOKEN) s--;
    let e = i + 1;
    while (e < n && !isSpace(text.charCodeAt(e)) && e - i < MAX_TOKEN) e++;
    // earlier tokens of the same group ("+44 20 7946", "GB82 WEST 1234")
    for (let k = 0; k < 8 && s - 2 >= prevEnd && text.charCodeAt(s - 1) === 32; k++) {
      let ts = s - 1;
      while (ts > prevEnd && !isSpace(text.charCodeAt(ts - 1)) && s - ts <= 40) ts--;
      if (ts === s - 1 || !groupable(text, ts, s - 1) || e - ts > MAX_GROUP) break;
      s = ts;
    }
    // later tokens
    while (e + 1 < n && text.charCodeAt(e) === 32 && e - s < MAX_GROUP) {
      let te = e + 1;
      while (te < n && !isSpace(text.charCodeAt(te)) && te - e <= 40) te++;
      if (te === e + 1 || !groupable(text, e + 1, te)) break;
      e = te;
    }
    // the digits are those of the runs from r on that overlap [s, e): the runs before r end by prevEnd
    let digits = 0;
    for (let q = r; q < runs.length && runs[q]! < e; q += 2)
      digits += Math.min(runs[q + 1]!, e) - Math.max(runs[q]!, s);
    visit(s, e, digits);
    prevEnd = e;
  }
}

/**
 * Counts what the gates of the patterns look at in text[from, to), the window the patterns run on
 * (a word boundary holds at its start, as for the regexes, which see only the window).
 */
function shapeOf(text: string, from: number, to: number): WindowShape {
  const w: WindowShape = {
    runs: 0,
    chain: 0,
    upper: 0,
    lower: 0,
    alnum: 0,
    dots: 0,
    colons: 0,
    dashes: 0,
    starts0: 0,
    starts1: 0,
    plate: false,
    phoneDigits: 0,
    wordLetters: 0,
    lettersThenDigit: 0,
    digitThenLetter: false,
    words: 0,
  };
  let letterRun = 0; // ASCII letters up to here
  let letterRunStartsWord = false;
  let digitStartsWord = false; // the previous character is a digit that starts a word
  // the digit runs of the current phone-style chain, the latest last (at most seven)
  const chainRuns = CHAIN_RUNS;
  let chainLength = 0;
  let gapLength = 0;
  let gapJoins = false;
  let digitRun = 0;
  let chain = 0;
  let gap = 2; // characters since the last digit of the chain
  let alnum = 0;
  let word = false; // the previous character is an ASCII word character
  let wordRun = 0; // ASCII word characters up to here
  let prev = -1;
  let prev2 = -1;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const bit = wordStartBit(c);
    const startsWord = bit >= 0 && !word;
    if (startsWord) {
      if (bit < 31) w.starts0 |= 1 << bit;
      else w.starts1 |= 1 << (bit - 31);
    }
    word = bit >= 0 || c === 95;
    if (word) wordRun++;
    else if (wordRun > 0) {
      w.words |= 1 << Math.min(wordRun, 31);
      wordRun = 0;
    }
    if (bit >= 10) {
      if (letterRun === 0) letterRunStartsWord = startsWord;
      letterRun++;
      if (digitStartsWord) w.digitThenLetter = true;
    } else if (letterRun > 0) {
      if (letterRunStartsWord) {
        if (letterRun > w.wordLetters) w.wordLetters = letterRun;
        if (bit >= 0) w.lettersThenDigit |= 1 << Math.min(letterRun, 31);
      }
      letterRun = 0;
    }
    digitStartsWord = startsWord && bit < 10;
    if (c >= 48 && c <= 57) {
      if (digitRun === 0 && !(chainLength > 0 && gapJoins && gapLength <= 4)) chainLength = 0;
      digitRun++;
      chain = gap <= 1 ? chain + 1 : 1;
      gap = 0;
      if (chain > w.chain) w.chain = chain;
      alnum++;
    } else {
      if (digitRun > 0) {
        w.runs |= 1 << Math.min(digitRun, 31);
        chainLength = endPhoneRun(w, chainRuns, chainLength, digitRun);
        gapLength = 0;
        gapJoins = true;
      }
      gapLength++;
      gapJoins &&= c === 32 || c === 40 || c === 41 || c === 45 || c === 46;
      digitRun = 0;
      if (c >= 65 && c <= 90) {
        w.upper++;
        gap = 2;
        alnum++;
        if (
          (prev === 32 || prev === 45) &&
          ((prev2 >= 65 && prev2 <= 90) || prev2 === 0xc4 || prev2 === 0xd6 || prev2 === 0xdc)
        )
          w.plate = true;
      } else if (c >= 97 && c <= 122) {
        w.lower++;
        gap = 2;
        alnum++;
      } else {
        gap++;
        alnum = 0;
        if (c === 46) w.dots++;
        else if (c === 58) w.colons++;
        else if (c === 45) w.dashes++;
      }
    }
    if (alnum > w.alnum) w.alnum = alnum;
    prev2 = prev;
    prev = c;
  }
  if (digitRun > 0) {
    w.runs |= 1 << Math.min(digitRun, 31);
    endPhoneRun(w, chainRuns, chainLength, digitRun);
  }
  if (letterRunStartsWord && letterRun > w.wordLetters) w.wordLetters = letterRun;
  if (wordRun > 0) w.words |= 1 << Math.min(wordRun, 31);
  return w;
}

const CHAIN_RUNS = new Int32Array(7);

/** Adds a digit run of `length` to the phone chain of `length` runs; returns the new chain length. */
function endPhoneRun(w: WindowShape, runs: Int32Array, chainLength: number, length: number): number {
  // shifted by hand: copyWithin, a builtin call per digit run, cost ~3 % on 1 MB of '1 '
  const n = Math.min(chainLength + 1, 7);
  let sum = length;
  for (let k = 0; k < n - 1; k++) {
    const r = runs[chainLength === 7 ? k + 1 : k]!;
    runs[k] = r;
    sum += r;
  }
  runs[n - 1] = length;
  if (sum > w.phoneDigits) w.phoneDigits = sum;
  return n;
}

/** Calls `visit(start, end)` for the whitespace-delimited token around every '@'. */
function atTokens(text: string, visit: (start: number, end: number) => void): void {
  let prevEnd = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', Math.max(at + 1, prevEnd))) {
    let s = at;
    while (s > prevEnd && !isSpace(text.charCodeAt(s - 1)) && at - s < 80) s--;
    let e = at + 1;
    while (e < text.length && !isSpace(text.charCodeAt(e)) && e - at < 270) e++;
    visit(s, e);
    prevEnd = e;
  }
}

const EMAIL = COMPILED.filter((p) => p.type === 'EMAIL_ADDRESS');
const NUMERIC = COMPILED.filter((p) => p.type !== 'EMAIL_ADDRESS');
const MAX_MIN_DIGITS = Math.max(...NUMERIC.map((p) => p.minDigits));

/**
 * The numeric patterns of the wanted entity types, in pattern order, by the digit count of a window
 * (capped at the highest minDigits): a window runs only the list for its count. Memoised by entity
 * set, in a bounded memo since every call may pass another set.
 */
const byDigitsMemo = new Map<string, CompiledPattern[][]>();
const ENTITY_INDEX = new Map<string, number>(PII_ENTITIES.map((e, i) => [e, i]));
function patternsByDigits(want: ReadonlySet<PiiEntity> | undefined): CompiledPattern[][] {
  let key = '*';
  if (want) {
    // the set's members as two bit masks (PII_ENTITIES has fewer than 64)
    let lo = 0;
    let hi = 0;
    for (const e of want) {
      const i = ENTITY_INDEX.get(e) ?? -1;
      if (i >= 32) hi |= 1 << (i - 32);
      else if (i >= 0) lo |= 1 << i;
    }
    key = `${lo}:${hi}`;
  }
  let lists = byDigitsMemo.get(key);
  if (!lists) {
    const wanted = NUMERIC.filter((p) => !want || want.has(p.type));
    lists = Array.from({ length: MAX_MIN_DIGITS + 1 }, (_, d) => wanted.filter((p) => p.minDigits <= d));
    if (byDigitsMemo.size >= 64) byDigitsMemo.clear();
    byDigitsMemo.set(key, lists);
  }
  return lists;
}

/**
 * Runs patterns on text[start, end) (plus one character before and two after, so that the
 * patterns' look-behinds and look-aheads see the real neighbours) and adds their candidates.
 */
function runPatterns(
  text: string,
  start: number,
  end: number,
  patterns: readonly CompiledPattern[],
  threshold: number,
  out: PiiMatch[],
): void {
  const from = Math.max(0, start - 1);
  const to = Math.min(text.length, end + 2);
  let window: string | undefined;
  let shape: WindowShape | undefined;
  for (const p of patterns) {
    if (p.gate || p.first0 >= 0) {
      shape ??= shapeOf(text, from, to);
      if (p.first0 >= 0 && (shape.starts0 & p.first0) === 0 && (shape.starts1 & p.first1) === 0) continue;
      if (p.gate && !p.gate(shape)) continue;
    }
    window ??= text.slice(from, to);
    const re = p.regex;
    re.lastIndex = 0;
    for (let m = re.exec(window); m; m = re.exec(window)) {
      const index = from + m.index;
      let value = m[0];
      let score = p.score;
      // a validator that does not read the floor runs first: most candidates fail it, and then the
      // context regexes are not needed
      let verdict: boolean | number = true;
      if (p.validate && !p.usesFloor) {
        verdict = p.validate(value, 0);
        if (verdict === false) continue;
      } else if (p.plausible && !p.plausible(value)) continue;
      // context first: it decides how low a validated score may be and still be reported
      const before = Math.max(0, index - CONTEXT_WINDOW);
      const ascii = asciiRange(text, before, index);
      const boost =
        (contextBefore(p, text, before, index, ascii) ? CONTEXT_BOOST : 0) -
        (p.numeric && negativeBefore(text, before, index, ascii) ? 0.4 : 0);
      // a weak format is a finding only next to one of its context words
      if (p.contextRequired && boost <= 0) continue;
      if (p.refine) {
        const r = p.refine(value);
        if (!r) continue;
        value = value.slice(0, r.length);
        score = r.score;
        re.lastIndex = m.index + value.length;
      } else if (p.validate && p.usesFloor) {
        verdict = p.validate(value, threshold - boost - 0.005);
        if (verdict === false) continue;
      }
      if (typeof verdict === 'number') score = verdict;
      if (p.numeric && insideLargerCode(text, index, index + value.length)) continue;
      score += boost;
      out.push({ type: p.type, start: index, end: index + value.length, score: round(score) });
    }
  }
}

/** All candidates above the threshold, overlaps resolved (highest score, then longest, wins). */
export function analyze(text: string, options: AnalyzeOptions): PiiMatch[] {
  const want = options.entities;
  const candidates: PiiMatch[] = [];
  if (!want || want.has('EMAIL_ADDRESS'))
    atTokens(text, (s, e) => runPatterns(text, s, e, EMAIL, options.threshold, candidates));
  // one scan for digits serves the numeric ids, addresses and dates
  const runs = digitRuns(text);
  const byDigits = patternsByDigits(want);
  digitGroups(
    text,
    (s, e, digits) =>
      runPatterns(text, s, e, byDigits[Math.min(digits, MAX_MIN_DIGITS)]!, options.threshold, candidates),
    runs,
  );
  if (!want || want.has('PERSON')) candidates.push(...findPersons(text));
  if (!want || want.has('STREET_ADDRESS')) candidates.push(...findAddresses(text, runs));
  const dobs = !want || want.has('DATE_OF_BIRTH') ? findDatesOfBirth(text, runs) : [];
  const strong = candidates.filter((c) => c.score >= options.threshold);
  // a date of birth becomes identifying next to other personal data
  if (strong.length > 0) for (const d of dobs) d.score = 0.7;
  candidates.push(...dobs);
  const allow = options.allow;
  const kept = candidates.filter(
    (c) =>
      c.score >= options.threshold &&
      (!allow || allow.size === 0 || !allow.has(text.slice(c.start, c.end).trim().toLowerCase())),
  );
  return resolveOverlaps(kept);
}

/**
 * resolveOverlaps' position arrays, all zero between calls and reused for texts up to
 * REUSED_POSITIONS long: allocating and zeroing them per call cost about as much as the overlap
 * tests on a long text with few matches. Longer texts get arrays of their own, not kept.
 */
const REUSED_POSITIONS = 1 << 20;
let overlapOwner = new Int32Array(1024);
let overlapEmptyAt = new Uint8Array(1024);

/** Greedy: by score band (0.1) desc, then length desc; a match overlapping a kept one is dropped. */
export function resolveOverlaps(matches: PiiMatch[]): PiiMatch[] {
  const sorted = [...matches].sort(
    (a, b) =>
      Math.floor(b.score * 10) - Math.floor(a.score * 10) ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start,
  );
  const kept: PiiMatch[] = [];
  // owner[p]: 1 + the index in `kept` of the match covering position p (0: none), and emptyAt[p]:
  // a kept empty match at p; an overlap test reads the positions of one match instead of comparing
  // it with every kept one
  if (sorted.length <= 32) {
    // a few matches: comparing each with the kept ones is cheaper than the position arrays
    for (const m of sorted) {
      if (kept.some((k) => m.start < k.end && k.start < m.end)) continue;
      kept.push({ ...m, score: Math.min(1, Math.max(0, m.score)) });
    }
    return kept.sort((a, b) => a.start - b.start);
  }
  let n = 0;
  for (const m of sorted) if (m.end > n) n = m.end;
  if (overlapOwner.length < n + 1 && n < REUSED_POSITIONS) {
    overlapOwner = new Int32Array(Math.min(REUSED_POSITIONS, Math.max(n + 1, overlapOwner.length * 2)));
    overlapEmptyAt = new Uint8Array(overlapOwner.length);
  }
  const reuse = n < overlapOwner.length;
  const owner = reuse ? overlapOwner : new Int32Array(n + 1);
  const emptyAt = reuse ? overlapEmptyAt : new Uint8Array(n + 1);
  for (const m of sorted) {
    if (m.start < m.end) {
      let free = true;
      for (let p = m.start; p < m.end && free; p++)
        free = owner[p] === 0 && (p === m.start || emptyAt[p] === 0);
      if (!free) continue;
      for (let p = m.start; p < m.end; p++) owner[p] = kept.length + 1;
    } else if (m.start > 0 && owner[m.start - 1] !== 0 && owner[m.start - 1] === owner[m.start]) {
      continue; // an empty match strictly inside a kept one
    } else emptyAt[m.start] = 1;
    kept.push({ ...m, score: Math.min(1, Math.max(0, m.score)) });
  }
  // back to all zeros for the next call: only the kept matches wrote
  if (reuse)
    for (const k of kept) {
      owner.fill(0, k.start, k.end);
      emptyAt[k.start] = 0;
    }
  return kept.sort((a, b) => a.start - b.start);
}

export const OPERATORS = ['replace', 'mask', 'hash', 'remove'] as const;
export type Operator = (typeof OPERATORS)[number];

/** The replacement text for one match under an operator. */
export function replacementFor(
  value: string,
  type: PiiEntity,
  operator: Operator,
  options: { maskChar?: string; keepLast?: number; hashSalt?: string } = {},
): string {
  switch (operator) {
    case 'replace':
      return `<${type}>`;
    case 'remove':
      return '';
    case 'hash': {
      const h = createHash('sha256')
        .update(`${options.hashSalt ?? ''}${value}`)
        .digest('hex')
        .slice(0, 12);
      return `<${type}:${h}>`;
    }
    case 'mask': {
      const keep = options.keepLast ?? 4;
      const ch = options.maskChar ?? '*';
      let visible = 0;
      const chars = [...value];
      for (let i = chars.length - 1; i >= 0; i--) {
        const c = chars[i]!;
        if (/[\p{L}\p{N}]/u.test(c)) {
          if (visible < keep && chars.length > keep * 2) visible++;
          else chars[i] = ch;
        }
      }
      return chars.join('');
    }
  }
}

/** Applies replacements (non-overlapping, any order) to text. */
export function applyRedactions(
  text: string,
  redactions: { start: number; end: number; replacement: string }[],
): string {
  const sorted = [...redactions].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const r of sorted) {
    out += text.slice(at, r.start) + r.replacement;
    at = r.end;
  }
  return out + text.slice(at);
}

export function isPiiEntity(name: string): name is PiiEntity {
  return (PII_ENTITIES as readonly string[]).includes(name);
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
