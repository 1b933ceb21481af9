import { CodeUnitBuffer } from '../code-units/code-units.ts';
import {
  foldCodePoint,
  foldsLookalikes,
  type InvisibleKind,
  invisibleKind,
  isVariationSelector,
  LEET,
  LETTER,
} from './fold.ts';

export interface NormalizedText {
  /** Folded text: NFKC, invisible chars removed, homoglyphs folded to ASCII, lowercased, leetspeak/spacing de-obfuscated (when enabled). */
  text: string;
  /** Maps a [start,end) range of `text` back to the original string. */
  toOriginal(start: number, end: number): { start: number; end: number };
  /** Zero-width, bidi-control and Unicode tag characters found, with original offsets. */
  invisible: Array<{ start: number; end: number; kind: InvisibleKind }>;
}

export interface NormalizeOptions {
  /** Read leetspeak digits/symbols inside words as letters (`1gn0re` -> `ignore`). Default true. */
  leet?: boolean;
  /** Join spaced-out or split letters (`i g n o r e`, `ig-no-re`) into words. Default true. */
  spacing?: boolean;
  /**
   * Remember the result for the next guardrails of the request (default true). Decoded payloads
   * pass false, so that many small payloads do not evict the request text from the memo.
   */
  memo?: boolean;
  /**
   * A last pass over the folded code units `units[0, n)`, in place and keeping their number (so
   * offsets hold), before the text is made from them: a caller's edit costs no second copy of a
   * long text. Returns whether it changed a unit. A text normalised with a pass is not memoised.
   */
  unitsPass?: (units: Uint16Array, n: number) => boolean;
}

const NON_ASCII = /[^\x00-\x7f]/g;
const EXT_PICT = /\p{Extended_Pictographic}|\p{Emoji_Modifier}/u;
const JOINING_SCRIPT_LETTER = /[\p{L}\p{M}]/u;

function codePointBefore(s: string, i: number): number {
  if (i <= 0) return -1;
  const c = s.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) return s.codePointAt(i - 2) ?? c;
  return c;
}

/**
 * ZWJ/ZWNJ inside emoji sequences or between letters of joining scripts (Arabic, Indic) are text,
 * not hiding. An emoji before a ZWJ may carry its presentation selector (U+FE0F): the rainbow flag
 * is 🏳 FE0F ZWJ 🌈.
 */
function isLegitimateJoiner(original: string, i: number, cp: number): boolean {
  let prev = codePointBefore(original, i);
  if (prev === 0xfe0f && cp === 0x200d) prev = codePointBefore(original, i - 1);
  const next = original.codePointAt(i + 1) ?? -1;
  if (prev < 0 || next < 0) return false;
  const p = String.fromCodePoint(prev);
  const n = String.fromCodePoint(next);
  if (cp === 0x200d && EXT_PICT.test(p) && EXT_PICT.test(n)) return true;
  return prev >= 0x0590 && next >= 0x0590 && JOINING_SCRIPT_LETTER.test(p) && JOINING_SCRIPT_LETTER.test(n);
}

const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
/** A subdivision code (CLDR: region plus suffix, "gbsct") is 3 to 7 letters or digits. */
const FLAG_TAGS_MIN = 3;
const FLAG_TAGS_MAX = 7;
const isFlagTag = (cp: number): boolean =>
  (cp >= 0xe0030 && cp <= 0xe0039) || (cp >= 0xe0061 && cp <= 0xe007a);

/**
 * A tag character of a subdivision flag (🏴 + tags "gbsct" + CANCEL TAG = the flag of Scotland):
 * an emoji, not hidden text. Tags that spell more than a subdivision code, or follow anything but
 * the black flag, are reported. Scans at most FLAG_TAGS_MAX + 1 characters either way.
 */
function isFlagTagChar(original: string, i: number): boolean {
  let start = i;
  for (let k = 0; k <= FLAG_TAGS_MAX; k++) {
    const before = codePointBefore(original, start);
    if (before === BLACK_FLAG) break;
    if (!isFlagTag(before)) return false;
    start -= 2;
  }
  if (codePointBefore(original, start) !== BLACK_FLAG) return false;
  let end = start;
  while (end - start <= 2 * FLAG_TAGS_MAX && isFlagTag(original.codePointAt(end) ?? -1)) end += 2;
  const tags = (end - start) / 2;
  return tags >= FLAG_TAGS_MIN && tags <= FLAG_TAGS_MAX && original.codePointAt(end) === CANCEL_TAG;
}

/** Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: scripts written right to left. */
const isRtlLetter = (cp: number): boolean =>
  (cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefc);
const isDirectionalMark = (cp: number): boolean => cp === 0x200e || cp === 0x200f || cp === 0x061c;
/** How far a directional mark may sit from the right-to-left text it belongs to (code units). */
const MARK_REACH = 16;

/**
 * LRM, RLM and ALM are how right-to-left text is written (Unicode's bidi algorithm asks for them
 * around neutral characters and numbers); unlike embeddings, overrides and isolates they reorder
 * nothing on their own. One next to right-to-left letters, not beside another mark (a run of marks
 * can carry a hidden bit pattern), is text.
 */
function isLegitimateMark(original: string, i: number): boolean {
  if (isDirectionalMark(codePointBefore(original, i)) || isDirectionalMark(original.charCodeAt(i + 1)))
    return false;
  const from = Math.max(0, i - MARK_REACH);
  const to = Math.min(original.length, i + 1 + MARK_REACH);
  for (let k = from; k < to; k++) if (isRtlLetter(original.charCodeAt(k))) return true;
  return false;
}

/**
 * Format characters that are part of ordinary text, not hiding or reordering it: joiners in emoji
 * and joining scripts, subdivision flags' tags, directional marks in right-to-left text, and a
 * byte-order mark that opens the text (files and clipboards carry one).
 */
function isLegitimateFormatChar(original: string, i: number, cp: number): boolean {
  if (cp === 0x200d || cp === 0x200c) return isLegitimateJoiner(original, i, cp);
  if (cp >= 0xe0020 && cp <= CANCEL_TAG) return isFlagTagChar(original, i);
  if (isDirectionalMark(cp)) return isLegitimateMark(original, i);
  return cp === 0xfeff && i === 0;
}

const isAsciiLetter = (u: number): boolean => u >= 0x61 && u <= 0x7a;
/** `LETTER`'s answer per BMP code unit, memoised (0 = not yet asked, 1 = letter, 2 = not). */
const LETTER_UNIT = new Uint8Array(65536);

function isLetterUnit(u: number): boolean {
  if (u < 0x80) return isAsciiLetter(u) || (u >= 0x41 && u <= 0x5a);
  if (u >= 0x0370 && u <= 0x052f) return u !== 0x0375 && u !== 0x037e && u !== 0x0387;
  if (u >= 0xd800 && u <= 0xdfff) return true;
  let known = LETTER_UNIT[u] as number;
  if (known === 0) {
    known = LETTER.test(String.fromCharCode(u)) ? 1 : 2;
    LETTER_UNIT[u] = known;
  }
  return known === 1;
}

/**
 * Zero-width, bidi-control and tag characters of a text with original offsets (adjacent ones of a
 * kind merged), exactly as `normalizeText(...).invisible` reports them, in one char-code scan
 * without folding anything.
 */
export function findInvisible(original: string): NormalizedText['invisible'] {
  const found: NormalizedText['invisible'] = [];
  const n = original.length;
  for (let i = 0; i < n; i++) {
    const c = original.charCodeAt(i);
    if (c < 0xad) continue;
    let cp = c;
    let w = 1;
    if (c >= 0xd800 && c <= 0xdbff) {
      cp = original.codePointAt(i) ?? c;
      if (cp > 0xffff) w = 2;
    }
    const kind = invisibleKind(cp);
    if (kind !== undefined && !isLegitimateFormatChar(original, i, cp)) {
      const last = found[found.length - 1];
      if (last && last.kind === kind && last.end === i) last.end = i + w;
      else found.push({ start: i, end: i + w, kind });
    }
    i += w - 1;
  }
  return found;
}

/**
 * Where each piece of the folded text came from: runs of units copied or folded one to one (`width`
 * -1) and single code points of width 1 or 2 folded to other lengths. Flat arrays, one entry per piece.
 */
class Segments {
  folded: number[] = [];
  orig: number[] = [];
  width: number[] = [];
  push(folded: number, orig: number, width: number): void {
    this.folded.push(folded);
    this.orig.push(orig);
    this.width.push(width);
  }
  /**
   * A code point of one unit folded to one unit: it extends the last one-to-one run when it
   * follows it in both texts (long runs of non-ASCII letters then take one piece, not one each).
   */
  pushUnit(folded: number, orig: number): void {
    const last = this.folded.length - 1;
    if (
      last >= 0 &&
      this.width[last] === -1 &&
      (this.orig[last] as number) + folded - (this.folded[last] as number) === orig
    )
      return;
    this.push(folded, orig, -1);
  }
  /** Original [start, end) of folded unit `p`. */
  unit(p: number): { start: number; end: number } {
    const f = this.folded;
    let lo = 0;
    let hi = f.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((f[mid] as number) <= p) lo = mid;
      else hi = mid - 1;
    }
    const w = this.width[lo] as number;
    const o = this.orig[lo] as number;
    if (w < 0) {
      const start = o + (p - (f[lo] as number));
      return { start, end: start + 1 };
    }
    return { start: o, end: o + w };
  }
}

let latin1 = Buffer.allocUnsafe(4096);

/**
 * `text` lowercased at its ASCII positions (the others hold junk), through a one-byte copy: V8
 * lowercases a two-byte string (any text with a character above U+00FF, and every slice of it)
 * through ICU, several times slower than a one-byte string.
 */
function asciiLowered(text: string): string {
  const n = text.length;
  if (latin1.length < n) latin1 = Buffer.allocUnsafe(Math.max(n, latin1.length * 2));
  latin1.write(text, 0, n, 'latin1');
  return latin1.toString('latin1', 0, n).toLowerCase();
}

/** The original's code units lower-cased at its ASCII positions, for foldUnits to copy runs from. */
const loweredBuffer = new CodeUnitBuffer();
/** Output positions and ASCII letters of the conditional look-alikes foldUnits meets (reused). */
let condPos = new Int32Array(256);
let condAlt = new Uint16Array(256);

/**
 * Pass 1 without an offset map, into `out` (reset first): ASCII runs are copied from the
 * lowercased text, each run of non-ASCII code points is folded into one piece, then the
 * conditional folds are applied. Same code units as the mapped fold; an unpaired surrogate is
 * folded to U+FFFD. Returns their count.
 */
function foldUnits(
  original: string,
  invisible: NormalizedText['invisible'],
  segs: Segments,
  out: CodeUnitBuffer,
): number {
  const len = original.length;
  const lowered = loweredBuffer.load(asciiLowered(original));
  out.reset();
  let buf = new Uint16Array(64);
  let n = 0;
  let conds = 0;
  let i = 0;
  while (i < len) {
    NON_ASCII.lastIndex = i;
    const j = NON_ASCII.test(original) ? NON_ASCII.lastIndex - 1 : len;
    if (j > i) {
      out.writeUnits(lowered, i, j);
      segs.push(n, i, -1);
      n += j - i;
    }
    if (j >= len) break;
    i = j;
    let k = 0;
    while (i < len) {
      const c = original.charCodeAt(i);
      if (c < 0x80) break;
      const cp = original.codePointAt(i) ?? c;
      const w = cp > 0xffff ? 2 : 1;
      const at = i;
      i += w;
      const kind = invisibleKind(cp);
      if (kind !== undefined) {
        if (!isLegitimateFormatChar(original, at, cp)) {
          const last = invisible[invisible.length - 1];
          if (last && last.kind === kind && last.end === at) last.end = at + w;
          else invisible.push({ start: at, end: at + w, kind });
        }
        continue;
      }
      if (isVariationSelector(cp)) continue;
      // An unpaired surrogate reads as U+FFFD, as a UTF-16 decoder reads it.
      const f = foldCodePoint(cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
      if (f.alt !== undefined) {
        if (conds === condPos.length) {
          const pos = new Int32Array(conds * 2);
          const alt = new Uint16Array(conds * 2);
          pos.set(condPos);
          alt.set(condAlt);
          condPos = pos;
          condAlt = alt;
        }
        condPos[conds] = n;
        condAlt[conds++] = f.alt.charCodeAt(0);
      }
      const o = f.out;
      if (o.length === 1 && w === 1) segs.pushUnit(n, at);
      else if (o.length > 0) segs.push(n, at, w);
      if (k + o.length > buf.length) {
        const grown = new Uint16Array(Math.max(buf.length * 2, k + o.length));
        grown.set(buf.subarray(0, k));
        buf = grown;
      }
      for (let q = 0; q < o.length; q++) buf[k++] = o.charCodeAt(q);
      n += o.length;
    }
    if (k > 0) out.writeUnits(buf, 0, k);
  }
  if (conds > 0) {
    applyConditionalFolds(out.units.subarray(0, n), condPos.subarray(0, conds), condAlt.subarray(0, conds));
  }
  out.finish();
  return n;
}

/** Other scripts' look-alikes become ASCII in the words where `foldsLookalikes` says so. */
function applyConditionalFolds(units: Uint16Array, condPos: Int32Array, condAlt: Uint16Array): void {
  const n = units.length;
  let wordEnd = -1;
  let fold = false;
  for (let q = 0; q < condPos.length; q++) {
    const pos = condPos[q] as number;
    if (pos >= wordEnd) {
      let s = pos;
      while (s > 0 && isLetterUnit(units[s - 1] as number)) s--;
      let e = pos + 1;
      while (e < n && isLetterUnit(units[e] as number)) e++;
      wordEnd = e;
      fold = foldsLookalikes(units, s, e, condPos, q, condPos.length);
    }
    if (fold) units[pos] = condAlt[q] as number;
  }
}

const LEET_CODE = new Int32Array(128).fill(-1);
for (const [k, v] of Object.entries(LEET)) {
  if (k.charCodeAt(0) < 128) LEET_CODE[k.charCodeAt(0)] = v.charCodeAt(0);
}
/** Leet symbols read as punctuation at a token's edges. */
const isLeadTrailSymbol = (c: number): boolean =>
  c === 0x40 || c === 0x24 || c === 0x21 || c === 0x7c || c === 0x2b;

/**
 * Reads one token `u[s, e)` as leetspeak, in place, when it mixes at least two letters with leet
 * characters (`1gn0re`, `pr0mpt`); leading/trailing symbols are punctuation (`hello!`, `$5`).
 */
function leetToken(u: Uint16Array, s: number, e: number, minLetters = 2): void {
  const len = e - s;
  if (len > 24) return;
  let letters = 0;
  for (let k = s; k < e; k++) if (isAsciiLetter(u[k] as number)) letters++;
  const leet = len - letters;
  if (letters < minLetters || leet > letters + 1 || leet === 0) return;
  let a = s;
  while (a < e && isLeadTrailSymbol(u[a] as number)) a++;
  let b = e;
  while (b > a && isLeadTrailSymbol(u[b - 1] as number)) b--;
  for (let k = a; k < b; k++) {
    const c = u[k] as number;
    const m = c < 128 ? (LEET_CODE[c] as number) : -1;
    if (m >= 0) u[k] = m;
  }
}

/**
 * Classes of code units for the spacing and leetspeak scans, one table lookup per unit (a chain of
 * range tests costs several times more, the branches being unpredictable on text).
 */
const LOWER = 1; // a-z (1, so that a masked class counts letters)
const ALNUM = 2; // a-z 0-9
const LEET_SYMBOL = 4; // 0-9 @ $ ! | +
const LEET_TOKEN = LOWER | LEET_SYMBOL;
const SPLIT_SEPARATOR = 8; // - _ . * ~
const UNIT_CLASS = new Uint8Array(65536);
for (let c = 0x61; c <= 0x7a; c++) UNIT_CLASS[c] = LOWER | ALNUM;
for (let c = 0x30; c <= 0x39; c++) UNIT_CLASS[c] = ALNUM | LEET_SYMBOL;
for (const c of '@$!|+') UNIT_CLASS[c.charCodeAt(0)] = LEET_SYMBOL;
for (const c of '-_.*~') UNIT_CLASS[c.charCodeAt(0)] = SPLIT_SEPARATOR;

/** Whether leetToken would change `u[s, e)`: a character read as a letter once edge punctuation is trimmed. */
function hasLeetInside(u: Uint16Array, s: number, e: number): boolean {
  let a = s;
  while (a < e && isLeadTrailSymbol(u[a] as number)) a++;
  let b = e;
  while (b > a && isLeadTrailSymbol(u[b - 1] as number)) b--;
  for (let k = a; k < b; k++) {
    const c = u[k] as number;
    if (c < 128 && (LEET_CODE[c] as number) >= 0) return true;
  }
  return false;
}

/**
 * Pass 3, in place on `u[0, n)` (followed by a 0): leetspeak inside maximal runs of letters,
 * digits and leet symbols that mix letters with digits or symbols and are not part of an
 * identifier (`_`) or of a word in another script. Only the runs holding one of `candidates`
 * (increasing positions) are read: every run with a letter next to a digit or symbol holds one
 * (see wordPass). A run's units stay of their class when read as letters, so the runs after it
 * are found as in the text before. Same length in and out, so offsets keep their mapping.
 */
function leetPass(u: Uint16Array, n: number, candidates: readonly number[]): void {
  let done = 0;
  /** Ends of the runs read as leetspeak, and [start, end) pairs of the short runs set aside. */
  const readEnds: number[] = [];
  const short: number[] = [];
  for (const p of candidates) {
    if (p < done) continue;
    // The maximal token run around p; u[n] is 0, of no class.
    let seen = 0;
    let letters = 0;
    let s = p;
    while (s > 0) {
      const c = UNIT_CLASS[u[s - 1] as number] as number;
      if ((c & LEET_TOKEN) === 0) break;
      seen |= c;
      letters += c & LOWER;
      s--;
    }
    let i = p;
    for (
      let c = UNIT_CLASS[u[i] as number] as number;
      (c & LEET_TOKEN) !== 0;
      c = UNIT_CLASS[u[++i] as number] as number
    ) {
      seen |= c;
      letters += c & LOWER;
    }
    done = i;
    // Only a run that mixes letters with digits or symbols can read as leetspeak.
    if ((seen & LOWER) === 0 || (seen & LEET_SYMBOL) === 0) continue;
    if (s > 0 && u[s - 1] === 0x5f) continue; // part of an identifier
    const next = i < n ? (u[i] as number) : 0;
    if (next === 0x5f || next >= 0x80) continue; // part of an identifier or another script
    // What leetToken rejects without reading the token: too long, too few letters, mostly symbols.
    const len = i - s;
    if (letters === 1 && len <= SHORT_LEET_MAX && hasLeetInside(u, s, i)) short.push(s, i);
    if (len > 24 || letters < 2 || len - letters > letters + 1 || !hasLeetInside(u, s, i)) continue;
    leetToken(u, s, i);
    readEnds.push(i);
  }
  if (short.length > 0 && readEnds.length > 0) readShortLeet(u, short, readEnds);
}

/** Longest run of one letter and leet characters that may be read beside leetspeak (`t0`, `4r3`). */
const SHORT_LEET_MAX = 3;
/** How near (code units) a run read as leetspeak must be for a short run to be read too. */
const SHORT_LEET_REACH = 24;

/**
 * Short runs with a single letter ("t0 m3", "d0 n0t", "4s my") are read as leetspeak only near a
 * run that was: alone they are as often a grade, a model or a vitamin ("B3", "M3 screws", "4x4").
 * `short` holds increasing [start, end) pairs, `readEnds` the increasing ends of the runs read.
 */
function readShortLeet(u: Uint16Array, short: readonly number[], readEnds: readonly number[]): void {
  let r = 0;
  for (let k = 0; k < short.length; k += 2) {
    const s = short[k] as number;
    const e = short[k + 1] as number;
    // The first read run that ends after this short run starts looking back from s.
    while (r < readEnds.length && (readEnds[r] as number) <= s - SHORT_LEET_REACH) r++;
    // A read run ending within reach before s, or starting within reach after e (its end is then
    // at most SHORT_LEET_REACH + 24 past e, the longest run read).
    const end = r < readEnds.length ? (readEnds[r] as number) : -1;
    if (end > s - SHORT_LEET_REACH && end <= e + SHORT_LEET_REACH + 24) leetToken(u, s, e, 1);
  }
}

/**
 * Pass 2 (one linear scan over the chunks of letters and digits), for both de-obfuscations:
 * `drops` joins `i g n o r e` (single characters separated by single spaces) and `ig-no-re` /
 * `i.g.n.o.r.e` (chunks of 1-3 characters joined by - _ . * ~), when at least three chunks and two
 * letters take part: the positions of the separator units to drop, in increasing order.
 * `leet` lists, in non-decreasing order, the starts of the chunks that hold a letter and a digit or
 * touch a leet symbol, and of the joined stretches: every leet token run, before or after joining,
 * that has a letter next to a digit or symbol holds one of them.
 */
function wordPass(u: Uint16Array, n: number): { drops: number[] | undefined; leet: number[] } {
  let drops: number[] | undefined;
  const leet: number[] = [];
  let i = 0;
  while (i < n) {
    // From chunk to chunk (the unit before i is never a letter or digit): tight loops with one
    // branch per unit; u[n] is 0, of no class.
    while (i < n && ((UNIT_CLASS[u[i] as number] as number) & ALNUM) === 0) i++;
    if (i >= n) break;
    let seen = UNIT_CLASS[u[i] as number] as number;
    let j = i + 1;
    for (
      let c = UNIT_CLASS[u[j] as number] as number;
      (c & ALNUM) !== 0;
      c = UNIT_CLASS[u[++j] as number] as number
    )
      seen |= c;
    const edges =
      (UNIT_CLASS[u[j] as number] as number) | (i > 0 ? (UNIT_CLASS[u[i - 1] as number] as number) : 0);
    if ((seen & LOWER) !== 0 && ((seen | edges) & LEET_SYMBOL) !== 0) leet.push(i);
    const firstLen = j - i;
    // A chunk of four or more characters starts no run.
    if (firstLen > 3) {
      i = j + 1;
      continue;
    }
    const sep = u[j] as number;
    const spaced = sep === 0x20 && firstLen === 1;
    const split = ((UNIT_CLASS[sep] as number) & SPLIT_SEPARATOR) !== 0 && firstLen <= 3;
    if (!spaced && !split) {
      i = j + 1;
      continue;
    }
    const maxChunk = spaced ? 1 : 3;
    const firstCandidate = leet.length;
    let chunks = 1;
    let end = j;
    let k = j;
    while (k < n) {
      const c = u[k] as number;
      if (spaced ? c !== 0x20 : ((UNIT_CLASS[c] as number) & SPLIT_SEPARATOR) === 0) break;
      let e = k + 1;
      let chunk = 0;
      for (
        let x = UNIT_CLASS[u[e] as number] as number;
        (x & ALNUM) !== 0;
        x = UNIT_CLASS[u[++e] as number] as number
      )
        chunk |= x;
      // The outer loop does not visit these chunks (a separator, never a symbol, precedes them).
      if ((chunk & LOWER) !== 0 && ((chunk | (UNIT_CLASS[u[e] as number] as number)) & LEET_SYMBOL) !== 0)
        leet.push(k + 1);
      const len = e - (k + 1);
      if (len === 0 || len > maxChunk) break;
      chunks++;
      end = e;
      k = e;
    }
    if (chunks >= 3 && !(end < n && ((UNIT_CLASS[u[end] as number] as number) & ALNUM) !== 0)) {
      let letters = 0;
      for (let x = i; x < end; x++) letters += (UNIT_CLASS[u[x] as number] as number) & LOWER;
      if (letters >= 2) {
        drops ??= [];
        for (let x = i; x < end; x++)
          if (((UNIT_CLASS[u[x] as number] as number) & ALNUM) === 0) drops.push(x);
        // Joined, the chunks make one run that may mix letters and digits.
        leet.splice(firstCandidate, 0, i);
      }
    }
    i = Math.max(end, j) + 1;
  }
  return { drops, leet };
}

/** Removes the dropped units from `u[0, n)` in place (no offset map), a 0 after the rest; returns their count. */
function compactUnits(u: Uint16Array, n: number, drops: readonly number[]): number {
  let to = 0;
  let from = 0;
  for (const d of drops) {
    u.copyWithin(to, from, d);
    to += d - from;
    from = d + 1;
  }
  u.copyWithin(to, from, n);
  to += n - from;
  u[to] = 0;
  return to;
}

/** Increasing positions of kept units, moved to where they are once the dropped units are gone. */
function shiftPast(positions: readonly number[], drops: readonly number[]): number[] {
  const out: number[] = [];
  let d = 0;
  for (const p of positions) {
    while (d < drops.length && (drops[d] as number) < p) d++;
    out.push(p - d);
  }
  return out;
}

/**
 * Code units of the folded text, for the conditional folds and the spacing and leetspeak scans,
 * which all work on them in place: the text is made once, at the end. (A two-byte string of more
 * than 64K code units is a large-object allocation in V8, its pages mapped anew; each pass that
 * made a new string of a 100 KB text cost a few hundred microseconds of page faults.)
 */
const foldedUnits = new CodeUnitBuffer();

const cache: Array<{ key: string; original: string; result: NormalizedText }> = [];
const CACHE_SIZE = 4;

/**
 * Folds text for matching: NFKC, invisible characters removed (and reported), homoglyphs to ASCII,
 * lowercase, and optionally leetspeak and spacing de-obfuscation. `toOriginal` maps folded offsets
 * back to the original string. Results for the last few texts are memoised, since every guardrail of
 * a profile normalises the same text.
 */
export function normalizeText(original: string, options: NormalizeOptions = {}): NormalizedText {
  const leet = options.leet ?? true;
  const spacing = options.spacing ?? true;
  const pass = options.unitsPass;
  const memo = options.memo !== false && pass === undefined;
  const key = `${leet ? 1 : 0}${spacing ? 1 : 0}`;
  if (memo) for (const c of cache) if (c.key === key && c.original === original) return c.result;

  const invisible: NormalizedText['invisible'] = [];
  // Offsets are kept as a few segments (one per ASCII run or folded code point) and, when
  // letters were joined, the list of kept positions, built only when an offset is asked for.
  NON_ASCII.lastIndex = 0;
  const ascii = !NON_ASCII.test(original);
  const segs = new Segments();
  // An ASCII text's lower case is a one-byte string, cheap to make: kept when no pass changes it.
  const lowered = ascii ? original.toLowerCase() : undefined;
  let n: number;
  if (lowered === undefined) n = foldUnits(original, invisible, segs, foldedUnits);
  else {
    segs.push(0, 0, -1);
    n = lowered.length;
    if (spacing || leet || pass) foldedUnits.load(lowered);
  }
  const u = foldedUnits.units;
  const words = spacing || leet ? wordPass(u, n) : undefined;
  const drop = spacing ? words?.drops : undefined;
  if (drop) n = compactUnits(u, n, drop);
  const leetCandidates = leet && words && words.leet.length > 0 ? words.leet : undefined;
  if (leetCandidates) leetPass(u, n, drop ? shiftPast(leetCandidates, drop) : leetCandidates);
  const passed = pass ? pass(u, n) : false;
  const text =
    lowered !== undefined && !drop && !leetCandidates && !passed ? lowered : foldedUnits.stringOf(n);
  const origLen = original.length;
  const unit = (x: number): { start: number; end: number } => {
    let p = x;
    if (drop) {
      // The x-th kept unit lies before the first drop d[k] with more than x kept units before it.
      let lo = 0;
      let hi = drop.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((drop[mid] as number) - mid > x) hi = mid;
        else lo = mid + 1;
      }
      p = x + lo;
    }
    return segs.unit(p);
  };
  const toOriginal = (s: number, e: number): { start: number; end: number } => {
    const a = Math.max(0, Math.min(s, text.length));
    const b = Math.max(a, Math.min(e, text.length));
    if (ascii && !drop) return { start: a, end: b };
    if (a === b) {
      const p = a < text.length ? unit(a).start : a > 0 ? unit(a - 1).end : 0;
      return { start: p, end: p };
    }
    return { start: unit(a).start, end: Math.min(origLen, unit(b - 1).end) };
  };
  const result: NormalizedText = { text, toOriginal, invisible };
  if (!memo) return result;
  cache.push({ key, original, result });
  if (cache.length > CACHE_SIZE) cache.shift();
  return result;
}

/** Every built-in pattern of this module (tested for linear-time safety). */
export const NORMALIZE_PATTERNS: readonly RegExp[] = [NON_ASCII];
