import { foldCodePoint, type InvisibleKind, invisibleKind, isVariationSelector, LEET } from './fold.ts';

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
}

/** Folded text plus, unless it is the identity, the original range of each UTF-16 unit. */
interface Folded {
  text: string;
  start?: Int32Array;
  end?: Int32Array;
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

/** ZWJ/ZWNJ inside emoji sequences or between letters of joining scripts (Arabic, Indic) are text, not hiding. */
function isLegitimateJoiner(original: string, i: number, cp: number): boolean {
  if (cp !== 0x200d && cp !== 0x200c) return false;
  const prev = codePointBefore(original, i);
  const next = original.codePointAt(i + 1) ?? -1;
  if (prev < 0 || next < 0) return false;
  const p = String.fromCodePoint(prev);
  const n = String.fromCodePoint(next);
  if (cp === 0x200d && EXT_PICT.test(p) && EXT_PICT.test(n)) return true;
  return prev >= 0x0590 && next >= 0x0590 && JOINING_SCRIPT_LETTER.test(p) && JOINING_SCRIPT_LETTER.test(n);
}

const isAsciiLetter = (u: number): boolean => u >= 0x61 && u <= 0x7a;
const LETTER = /\p{L}/u;

function isLetterUnit(u: number): boolean {
  if (u < 0x80) return isAsciiLetter(u) || (u >= 0x41 && u <= 0x5a);
  if (u >= 0x0370 && u <= 0x052f) return u !== 0x0375 && u !== 0x037e && u !== 0x0387;
  if (u >= 0xd800 && u <= 0xdfff) return true;
  return LETTER.test(String.fromCharCode(u));
}

/** Pass 1: NFKC, invisible removal, marks, homoglyphs, lowercase. */
function foldPass(original: string, invisible: NormalizedText['invisible']): Folded {
  NON_ASCII.lastIndex = 0;
  if (!NON_ASCII.test(original)) return { text: original.toLowerCase() };
  const len = original.length;
  let cap = len + 16;
  let start = new Int32Array(cap);
  let end = new Int32Array(cap);
  const parts: string[] = [];
  let n = 0;
  let cond: Array<{ pos: number; alt: string }> | undefined;
  const ensure = (extra: number): void => {
    if (n + extra <= cap) return;
    cap = Math.max(cap * 2, n + extra);
    const s = new Int32Array(cap);
    s.set(start);
    start = s;
    const e = new Int32Array(cap);
    e.set(end);
    end = e;
  };
  let i = 0;
  while (i < len) {
    let j = i;
    if (original.charCodeAt(i) < 0x80) {
      NON_ASCII.lastIndex = i;
      const m = NON_ASCII.exec(original);
      j = m ? m.index : len;
    }
    if (j > i) {
      parts.push(original.slice(i, j).toLowerCase());
      ensure(j - i);
      for (let k = i; k < j; k++, n++) {
        start[n] = k;
        end[n] = k + 1;
      }
    }
    if (j >= len) break;
    const cp = original.codePointAt(j) ?? 0;
    const w = cp > 0xffff ? 2 : 1;
    i = j + w;
    const kind = invisibleKind(cp);
    if (kind !== undefined) {
      if (!isLegitimateJoiner(original, j, cp)) {
        const last = invisible[invisible.length - 1];
        if (last && last.kind === kind && last.end === j) last.end = j + w;
        else invisible.push({ start: j, end: j + w, kind });
      }
      continue;
    }
    if (isVariationSelector(cp)) continue;
    const f = foldCodePoint(cp);
    if (f.alt !== undefined) {
      cond ??= [];
      cond.push({ pos: n, alt: f.alt });
    }
    const o = f.out;
    if (o.length === 0) continue;
    parts.push(o);
    ensure(o.length);
    for (let k = 0; k < o.length; k++, n++) {
      start[n] = j;
      end[n] = j + w;
    }
  }
  let text = parts.join('');
  if (cond) text = applyConditionalFolds(text, cond);
  return { text, start: start.subarray(0, n), end: end.subarray(0, n) };
}

/**
 * Greek/Cyrillic look-alikes become ASCII only inside a word that also has ASCII letters or whose
 * other letters are all look-alikes ("іgnоrе", "рарра"), so genuine Russian/Greek words stay intact.
 */
function applyConditionalFolds(text: string, cond: Array<{ pos: number; alt: string }>): string {
  const n = text.length;
  const units = new Uint16Array(n);
  for (let k = 0; k < n; k++) units[k] = text.charCodeAt(k);
  const isCand = new Uint8Array(n);
  for (const c of cond) isCand[c.pos] = 1;
  let wordEnd = -1;
  let fold = false;
  let changed = false;
  for (const c of cond) {
    if (c.pos >= wordEnd) {
      let s = c.pos;
      while (s > 0 && isLetterUnit(units[s - 1] as number)) s--;
      let e = c.pos + 1;
      while (e < n && isLetterUnit(units[e] as number)) e++;
      wordEnd = e;
      let ascii = false;
      let foreign = false;
      for (let k = s; k < e && !(ascii && foreign); k++) {
        const x = units[k] as number;
        if (isAsciiLetter(x)) ascii = true;
        else if (!isCand[k]) foreign = true;
      }
      fold = ascii || !foreign;
    }
    if (fold) {
      units[c.pos] = c.alt.charCodeAt(0);
      changed = true;
    }
  }
  if (!changed) return text;
  let out = '';
  for (let i = 0; i < n; i += 8192) {
    out += String.fromCharCode.apply(null, units.subarray(i, Math.min(n, i + 8192)) as unknown as number[]);
  }
  return out;
}

const LEET_CHARS = new Map<string, string>(Object.entries(LEET));
/** Tokens that contain at least one leet character; starts only at a token start (linear). */
const LEET_TOKEN = /(?<![a-z0-9@$!|+_])[a-z0-9]*[0-9@$!|+][a-z0-9@$!|+]*/g;

function leetToken(tok: string): string {
  let letters = 0;
  let leet = 0;
  for (let k = 0; k < tok.length; k++) {
    const c = tok.charCodeAt(k);
    if (isAsciiLetter(c)) letters++;
    else leet++;
  }
  // Leading/trailing symbols are punctuation (`hello!`, `$5`), not letters.
  const core = tok.replace(/^[@$!|+]+|[@$!|+]+$/g, '');
  if (letters < 2 || leet > letters + 1 || tok.length > 24 || core.length === 0) return tok;
  const lead = tok.length - tok.replace(/^[@$!|+]+/, '').length;
  let out = tok.slice(0, lead);
  for (let k = lead; k < lead + core.length; k++) {
    const ch = tok[k] as string;
    out += LEET_CHARS.get(ch) ?? ch;
  }
  return out + tok.slice(lead + core.length);
}

/** Pass 3: leetspeak inside word tokens that mix letters and leet characters (`1gn0r3`, `pr0mpt`). */
const LEET_HINT = /[a-z][0-9@$!|+]|[0-9@$!|+][a-z]/;

function leetPass(text: string): string {
  if (!LEET_HINT.test(text)) return text;
  LEET_TOKEN.lastIndex = 0;
  return text.replace(LEET_TOKEN, (tok, offset: number) => {
    const next = text.charCodeAt(offset + tok.length);
    if (next === 0x5f || next >= 0x80) return tok; // part of an identifier or another script
    return leetToken(tok);
  });
}

const isAlnum = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
const isSplitSeparator = (c: number): boolean =>
  c === 0x2d || c === 0x5f || c === 0x2e || c === 0x2a || c === 0x7e;

/**
 * Pass 2 (one linear scan): joins `i g n o r e` (single characters separated by single spaces) and
 * `ig-no-re` / `i.g.n.o.r.e` (chunks of 1-3 characters joined by - _ . * ~), when at least three
 * chunks and two letters take part. Returns the mask of separator units to drop, or undefined.
 */
function spacingDrops(text: string): Uint8Array | undefined {
  let drop: Uint8Array | undefined;
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isAlnum(text.charCodeAt(i)) || (i > 0 && isAlnum(text.charCodeAt(i - 1)))) {
      i++;
      continue;
    }
    // i starts a chunk
    let j = i;
    while (j < n && isAlnum(text.charCodeAt(j))) j++;
    const firstLen = j - i;
    const sep = text.charCodeAt(j);
    const spaced = sep === 0x20 && firstLen === 1;
    const split = isSplitSeparator(sep) && firstLen <= 3;
    if (!spaced && !split) {
      i = j + 1;
      continue;
    }
    const maxChunk = spaced ? 1 : 3;
    let chunks = 1;
    let end = j;
    let k = j;
    while (k < n) {
      const c = text.charCodeAt(k);
      if (spaced ? c !== 0x20 : !isSplitSeparator(c)) break;
      let e = k + 1;
      while (e < n && isAlnum(text.charCodeAt(e))) e++;
      const len = e - (k + 1);
      if (len === 0 || len > maxChunk) break;
      chunks++;
      end = e;
      k = e;
    }
    if (chunks >= 3 && !(end < n && isAlnum(text.charCodeAt(end)))) {
      let letters = 0;
      for (let x = i; x < end; x++) if (isAsciiLetter(text.charCodeAt(x))) letters++;
      if (letters >= 2) {
        drop ??= new Uint8Array(n);
        for (let x = i; x < end; x++) if (!isAlnum(text.charCodeAt(x))) drop[x] = 1;
      }
    }
    i = Math.max(end, j) + 1;
  }
  return drop;
}

function compact(f: Folded, drop: Uint8Array): Folded {
  const n = f.text.length;
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const pieces: string[] = [];
  let k = 0;
  let runStart = -1;
  for (let i = 0; i < n; i++) {
    if (drop[i]) {
      if (runStart >= 0) pieces.push(f.text.slice(runStart, i));
      runStart = -1;
      continue;
    }
    if (runStart < 0) runStart = i;
    start[k] = f.start ? (f.start[i] as number) : i;
    end[k] = f.end ? (f.end[i] as number) : i + 1;
    k++;
  }
  if (runStart >= 0) pieces.push(f.text.slice(runStart));
  return { text: pieces.join(''), start: start.subarray(0, k), end: end.subarray(0, k) };
}

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
  const key = `${leet ? 1 : 0}${spacing ? 1 : 0}`;
  for (const c of cache) if (c.key === key && c.original === original) return c.result;

  const invisible: NormalizedText['invisible'] = [];
  let folded = foldPass(original, invisible);
  if (spacing) {
    const drop = spacingDrops(folded.text);
    if (drop) folded = compact(folded, drop);
  }
  const text = leet ? leetPass(folded.text) : folded.text;
  const start = folded.start;
  const end = folded.end;
  const origLen = original.length;
  const toOriginal = (s: number, e: number): { start: number; end: number } => {
    const a = Math.max(0, Math.min(s, text.length));
    const b = Math.max(a, Math.min(e, text.length));
    if (!start || !end) return { start: a, end: b };
    if (a === b) {
      const p = a < text.length ? (start[a] as number) : a > 0 ? (end[a - 1] as number) : 0;
      return { start: p, end: p };
    }
    return { start: start[a] as number, end: Math.min(origLen, end[b - 1] as number) };
  };
  const result: NormalizedText = { text, toOriginal, invisible };
  cache.push({ key, original, result });
  if (cache.length > CACHE_SIZE) cache.shift();
  return result;
}

/** Every built-in pattern of this module (tested for linear-time safety). */
export const NORMALIZE_PATTERNS: readonly RegExp[] = [LEET_TOKEN, LEET_HINT, NON_ASCII];
