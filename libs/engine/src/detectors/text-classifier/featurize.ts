/**
 * Streaming feature hashing for the linear text classifier.
 *
 * Text is normalised (NFKC, lowercase, invisible characters dropped, URLs and @mentions replaced by
 * placeholder tokens, letter runs of three or more collapsed to two), split into word tokens, and
 * every token yields hashed word n-grams (over the token sequence) and character n-grams (inside the
 * token padded with spaces, like sklearn's `char_wb`). Features are emitted one at a time through a
 * callback, so inference never builds a vector.
 */

import { CodeUnitBuffer } from '../code-units/code-units.ts';
import { FNV_OFFSET, FNV_PRIME, fnv1a } from '../code-units/fnv.ts';
import { LEET } from '../normalize/fold.ts';

const MAX_TOKEN = 48;

/** Word characters: letters, marks, digits and the apostrophe (so "don't" stays one token). */
const WORD_CHAR = (() => {
  const table = new Uint8Array(65536);
  const re = /[\p{L}\p{M}\p{N}]/u;
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (re.test(String.fromCharCode(c))) table[c] = 1;
  }
  table[0x27] = 1; // '
  table[0x2019] = 1; // ’ (folded to ' below)
  return table;
})();

/** Per code unit: the word character as the featurizer hashes it (A-Z lower-cased, ’ as '), or 0 for a separator. */
const WORD_FOLD = (() => {
  const table = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) if (WORD_CHAR[c] === 1) table[c] = c;
  for (let c = 0x41; c <= 0x5a; c++) table[c] = c + 32;
  table[0x2019] = 0x27;
  return table;
})();

/**
 * Entries of the alias pre-test table per alias: at most one in 16 of its entries is set, so about
 * one word in 16 goes on to the map. At one in four (a thousand aliases in 4,096 entries) the
 * injection model lost a fifth of its speed.
 */
const ALIAS_TABLE_PER_ALIAS = 16;

/**
 * Entries of the silent-word pre-test table per silent form: one token in 64 goes on to the set.
 * At one in 16 the set's lookups cost the toxicity model 3 % of its speed.
 */
const SILENT_TABLE_PER_FORM = 64;

/**
 * A cheap first test for a set of word hashes: a table of at least `entriesPerHash` entries per
 * hash, with the entry of each hash's low bits (`mask`) set. A hash whose entry is not set is not
 * in the set; one whose entry is set goes on to the set itself.
 */
function pretestTable(hashes: readonly number[], entriesPerHash: number): { mask: number; bits: Uint8Array } {
  let entries = 1;
  while (entries < hashes.length * entriesPerHash) entries *= 2;
  const bits = new Uint8Array(entries);
  for (const h of hashes) bits[h & (entries - 1)] = 1;
  return { mask: entries - 1, bits };
}

/** The hash `wordHashes` gives a word of lower-case a-z letters with no letter three times in a row. */
function hashWord(word: string): number {
  if (!/^[a-z]+$/.test(word) || /(.)\1\1/.test(word)) throw new Error(`not an alias word: ${word}`);
  return fnv1a(word);
}

/**
 * The hash (unsigned) the text tokenizer gives a token of lower-case letters and apostrophes with no
 * character three times in a row (which it would read twice).
 */
function hashTextToken(word: string): number {
  if (!/^[a-z']+$/.test(word) || /(.)\1\1/.test(word)) throw new Error(`not a text token: ${word}`);
  return fnv1a(word) >>> 0;
}

/** Leetspeak reading of ASCII digits and symbols (`LEET` of the normalizer), -1 elsewhere. */
const LEET_CODE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (const [k, v] of Object.entries(LEET))
    if (k.charCodeAt(0) < 128) table[k.charCodeAt(0)] = v.charCodeAt(0);
  return table;
})();
/** Symbols read as letters when they sit inside a word (`pr!nt`, `p@ss`). */
const isLeetSymbol = (u: number): boolean =>
  u === 0x40 || u === 0x24 || u === 0x21 || u === 0x7c || u === 0x2b;
/** Whether `t[j]` is an ASCII letter or digit standing alone (no word character after it). */
function isSingleChunk(t: string, j: number): boolean {
  if (j >= t.length) return false;
  const c = WORD_FOLD[t.charCodeAt(j)]!;
  if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39))) return false;
  return j + 1 >= t.length || WORD_FOLD[t.charCodeAt(j + 1)] === 0;
}

/** ASCII letters among the three spaced characters around the space at `i` (`x y z`). */
function spacedLetters(t: string, i: number): number {
  const isLetter = (j: number): number => {
    const c = WORD_FOLD[t.charCodeAt(j)]!;
    return c >= 0x61 && c <= 0x7a ? 1 : 0;
  };
  return isLetter(i - 1) + isLetter(i + 1) + isLetter(i + 3);
}

/** Ends a line for `collapseRepeatedLines`. */
const NEWLINE = 0x0a;
/**
 * Distinct lines `collapseRepeatedLines` remembers per text: later lines are still compared with
 * them, but not remembered, so a text of a million distinct lines costs no million-entry map.
 */
const MAX_LINE_KEYS = 4096;

/** What a character of a word counts as for the leetspeak rule, by folded code unit. */
const LETTER = 1;
const LEET_CHAR = 2;
const OTHER = 3;
const CHAR_KIND = (() => {
  const table = new Uint8Array(65536).fill(OTHER);
  for (let c = 0x61; c <= 0x7a; c++) table[c] = LETTER;
  for (const c of '0123456789@$!|+') table[c.charCodeAt(0)] = LEET_CHAR;
  table[0x27] = 0; // the apostrophe is neutral ("d0n't")
  return table;
})();

/** Longest token read as leetspeak, as in the normalizer. */
const MAX_LEET_TOKEN = 24;

export const URL_RE = /\bhttps?:\/\/[^\s<>"']{1,2000}|\bwww\.[^\s<>"']{1,2000}/gi;
export const MENTION_RE = /@[A-Za-z0-9_]{1,50}/g;
const ASCII_RE = /^[\x00-\x7f]*$/;
export const INVISIBLE_RE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069]/g;

/**
 * WORD_FOLD of each code unit's lower case, what `score` reads every text through (text already
 * lower-cased reads as through WORD_FOLD, lower case being its own lower case): right for
 * every code unit whose `toLowerCase` is one code unit that does not depend on context, that is all
 * but Σ (σ or ς by what follows) and İ (two code units); surrogates are separators either way.
 * Built from one `toLowerCase` of a string of all the other code units, where no mapping depends on
 * a neighbour and each keeps its length (a call per code unit took 11 ms at import); Σ gets the
 * lower case it has on its own, İ none.
 */
const LOWER_FOLD = (() => {
  const units = new Uint16Array(65536 - 2048 - 2);
  let k = 0;
  for (let c = 0; c < 65536; c++)
    if ((c < 0xd800 || c > 0xdfff) && c !== 0x3a3 && c !== 0x130) units[k++] = c;
  let text = '';
  for (let from = 0; from < units.length; from += 8192)
    text += String.fromCharCode(...units.subarray(from, from + 8192));
  const lower = text.toLowerCase();
  const table = new Uint16Array(65536);
  for (let j = 0; j < units.length; j++) table[units[j]!] = WORD_FOLD[lower.charCodeAt(j)]!;
  table[0x3a3] = WORD_FOLD[0x3c3]!;
  return table;
})();

/** ASCII letters, digits and whitespace: neither case-ignorable nor ignored by case context. */
const isCaseContextStop = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x20 ||
  (c >= 9 && c <= 13);

/**
 * Writes into `units`, the code units of `t`, the lower case of the stretch around each Σ of `t`
 * (the first at `first`), so that reading them through LOWER_FOLD gives what `t.toLowerCase()`
 * read through WORD_FOLD gives, without lower-casing a long text for a few Greek words. A stretch
 * reaches out to the nearest ASCII letter, digit or whitespace on either side (or the text's end),
 * where the final-sigma rule's look-around (over case-ignorable characters, up to the first other
 * one) stops, so each Σ is lowered as in the whole text; every other code unit lowers on its own,
 * and lower case is its own lower case, which LOWER_FOLD reads as it is. `t` must not hold İ, the
 * one character whose lower case is longer than itself (so a stretch keeps its length).
 */
function lowerSigmaStretches(t: string, units: Uint16Array, first: number): void {
  const n = t.length;
  /** End of the last stretch written: its last code unit is a stop (or the text's end). */
  let to = 0;
  for (let at = first; at >= 0; at = t.indexOf('\u03a3', at + 1)) {
    // Inside the last stretch: lowered with it.
    if (at < to) continue;
    // Not back past the last stretch's closing stop, so that the scans stay linear.
    let start = at - 1;
    while (start > to - 1 && !isCaseContextStop(t.charCodeAt(start))) start--;
    start = Math.max(start, 0);
    let end = at + 1;
    while (end < n && !isCaseContextStop(t.charCodeAt(end))) end++;
    end = Math.min(end + 1, n);
    const lower = t.slice(start, end).toLowerCase();
    for (let k = 0; k < lower.length; k++) units[start + k] = lower.charCodeAt(k);
    to = end;
  }
}

/** Normalises text the same way at training and at inference. */
export function normalizeForClassifier(text: string): string {
  let t = text;
  if (!ASCII_RE.test(t)) {
    // NFKC folds full-width letters and compatibility forms.
    t = t.normalize('NFKC').replace(INVISIBLE_RE, '');
  }
  return replacePlaceholders(t).toLowerCase();
}

/** URLs as a placeholder word; `deobfuscate` mode leaves `@` to the leetspeak reading (`p@ss`). */
function replaceUrls(text: string): string {
  return text.includes('://') || text.includes('www.') ? text.replace(URL_RE, ' xxurl ') : text;
}

/** @mentions as a placeholder word. */
function replaceMentions(text: string): string {
  return text.includes('@') ? text.replace(MENTION_RE, ' xxuser ') : text;
}

/** URLs and then @mentions as placeholder words: `normalizeForClassifier` minus NFKC and lower-casing. */
function replacePlaceholders(text: string): string {
  return replaceMentions(replaceUrls(text));
}

export interface FeatureSpec {
  wordNgrams: readonly number[];
  charNgrams: readonly number[];
  buckets: number;
  /**
   * Word n-grams only, over text already folded by `normalizeText` without its leetspeak and
   * spacing passes: the tokenizer reads leetspeak inside words (`1gn0re`, `pr!nt`) and joins
   * spaced-out letters (`i g n o r e`) itself, in its single pass, replaces URLs by a placeholder
   * word but not @mentions (`p@ss` is leetspeak), and does no Unicode normalisation of its own
   * (default false: the original tokenizer).
   */
  deobfuscate?: boolean;
  /**
   * Word n-grams only, over a sequence of token hashes the caller gives (`runHashes`,
   * `scoreHashes`), such as the tokens the content analysis has already made: the model does no
   * tokenising of its own (default false).
   */
  tokenHashes?: boolean;
  /**
   * `deobfuscate` mode only: words (lower-case a-z) the tokenizer reads as other words, so that a
   * word of another language shares the features of its English counterpart (default none).
   */
  aliases?: Readonly<Record<string, string>>;
  /**
   * Text mode only (neither `deobfuscate` nor `tokenHashes`): words (lower-case) the model does not
   * read. A token that is one of them, with or without "'s" or quotes ("'" and "’" belong to
   * tokens), is skipped as if it were not in the text: no word or character n-grams, not counted
   * in its window (default none).
   */
  silentWords?: readonly string[];
  /**
   * `deobfuscate` mode only: a word repeated in a row is read once ("null, null, null" reads
   * "null"), so that a repeated word cannot push a window's count-weighted score to an extreme
   * (default false).
   */
  collapseRepeats?: boolean;
  /**
   * `deobfuscate` mode only: a line whose words are those of an earlier line is not read, numbers
   * and the digits that end a word aside ("user 1 active" or "user1 active" after "user 2 active";
   * "1gn0re" and "8gn8re" differ), so that pasted logs, rows and inserts that repeat a template
   * cannot push a window's count-weighted score to an extreme. A repeated word is then collapsed
   * (`collapseRepeats`) only within its line (default false).
   */
  collapseRepeatedLines?: boolean;
  /**
   * Size of the character n-grams' own table when they form a second model, apart from the word
   * n-grams (see `LinearModelJson.charModel`); unset: one table for both.
   */
  charBuckets?: number;
}

/**
 * How a text model reads its text: `score(text, …, { rewrite, suffix })` is
 * `score(rewrite(text) + suffix, …)`, without building that string (see `readPieces`).
 */
export interface TextInput {
  /**
   * Rewrites the text before the model reads it. It is given pieces of the text cut after ASCII
   * whitespace, so it must act on each whitespace-separated token alone.
   */
  rewrite?: (piece: string) => string;
  /** ASCII tokens read after the text, starting with a space (the content models' signal tags). */
  suffix?: string;
}

/** Token hashes of one input: `hashes[0, count)`. */
export interface TokenHashes {
  hashes: Int32Array;
  count: number;
}

/** Emits bucket indices; `token` is called once per token (used for windowing at inference). */
export interface FeatureSink {
  feature(index: number): void;
  /** A character n-gram's index in its own table, when the featurizer has `charBuckets`. */
  charFeature?(index: number): void;
  token(): void;
}

/**
 * How a model judges a text of `minTokens` tokens or more as a whole, beside its windows: the
 * whole text's logit plus `logitOffset` competes with the best window's (see `scoreHashes`).
 */
export interface LongTextRule {
  minTokens: number;
  logitOffset: number;
}

/** The character n-grams' own model, when they are scored apart from the word n-grams. */
export interface CharModelWeights {
  w: Float32Array;
  bias: number;
}

function mix(h: number, n: number): number {
  // Murmur3 finaliser, salted by the n-gram kind so that "ab" as a word and as chars differ.
  let x = (h ^ Math.imul(n, 0x9e3779b1)) | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** `mix(h, n)` with the salt `Math.imul(n, 0x9e3779b1)` precomputed. */
function mixSalted(h: number, salt: number): number {
  let x = (h ^ salt) | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Tokens longer than this are never cached (nearly every word is shorter). */
const CACHE_MAX_LEN = 16;
/** Enough for most of the vocabulary of a 100 KB text (at 4096 a quarter of its tokens missed). */
const CACHE_SLOTS = 16384;
const CACHE_MASK = CACHE_SLOTS - 1;
/** A slot is one 64-byte line: 16 int cells, 32 code-unit cells, 8 float64 cells. */
const SLOT_INTS = 16;
/** Where a slot's code units start, in code-unit cells (after the hash and the counts). */
const SLOT_UNITS_AT = 4;
/** Where a slot's weight sum sits, in float64 cells (after the code units). */
const SLOT_SUM_AT = 5;

/**
 * Direct-mapped cache of the character n-grams of tokens, for `Featurizer.score`: per slot, one
 * 64-byte line holding the token's hash, its length | n-gram count << 8, its code units (to verify
 * a hit) and the sum of its n-grams' weights, slot chosen by the token's hash. Looking the weights
 * up was a random read of the weight table per n-gram; with a hit it is one read of one line. The
 * sum is that of the table the cache was filled from (`weights`): scoring with another table
 * empties it.
 */
class TokenCache {
  readonly ints: Int32Array;
  readonly units: Uint16Array;
  readonly sums: Float64Array;
  weights: Float32Array | undefined;
  constructor(slots: number) {
    const lines = new ArrayBuffer(slots * SLOT_INTS * 4);
    this.ints = new Int32Array(lines);
    this.units = new Uint16Array(lines);
    this.sums = new Float64Array(lines);
  }
  /** Makes the cache hold sums of `w`: empties it when it was filled from another table. */
  use(w: Float32Array): void {
    if (this.weights === w) return;
    this.ints.fill(0);
    this.weights = w;
  }
}

const NO_CACHE = new TokenCache(0);

/** The code units of the text being scored, as the model reads it (see `readPieces`). */
const scoreUnits = new CodeUnitBuffer();

/**
 * Longest piece of a text read at once (`readPieces`). A two-byte string of more than 64K code
 * units is a large-object allocation in V8, mapped anew each time: at 100 KB the text's NFKC copy
 * and the flattening of a rewritten text cost more than scoring it. Pieces of 8K units stay well
 * below that even when replacing @mentions makes them four times as long.
 */
const PIECE_UNITS = 8192;

const isAsciiSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/**
 * End of the piece of `text` starting at `from`: just after the last ASCII whitespace within
 * PIECE_UNITS units, or, when there is none, after the first one beyond (the text's end at worst).
 */
function pieceEnd(text: string, from: number): number {
  const n = text.length;
  if (n - from <= PIECE_UNITS) return n;
  for (let i = from + PIECE_UNITS - 1; i > from; i--) if (isAsciiSpace(text.charCodeAt(i))) return i + 1;
  for (let i = from + PIECE_UNITS; i < n; i++) if (isAsciiSpace(text.charCodeAt(i))) return i + 1;
  return n;
}

/**
 * Writes into `out` the code units the model reads of `input.rewrite(text) + input.suffix`, to be
 * read through LOWER_FOLD: NFKC, invisible characters dropped, URLs and @mentions replaced, Σ
 * lower-cased in context (a piece with İ lower-cased whole). The text is taken in pieces cut after
 * ASCII whitespace (see PIECE_UNITS): every step is local to a whitespace-separated token (a URL
 * or mention holds no whitespace, NFKC composes nothing across a space, Σ's case context stops at
 * it), so the units are those of the whole text. Returns their count.
 */
function readPieces(text: string, input: TextInput | undefined, out: CodeUnitBuffer): number {
  out.reset();
  const rewrite = input?.rewrite;
  for (let from = 0; from < text.length; ) {
    const to = pieceEnd(text, from);
    const piece = from === 0 && to === text.length ? text : text.slice(from, to);
    readPiece(rewrite ? rewrite(piece) : piece, out);
    from = to;
  }
  if (input?.suffix) readPiece(input.suffix, out);
  return out.length;
}

function readPiece(piece: string, out: CodeUnitBuffer): void {
  if (ASCII_RE.test(piece)) {
    out.writeString(replacePlaceholders(piece));
    return;
  }
  let t = replacePlaceholders(piece.normalize('NFKC').replace(INVISIBLE_RE, ''));
  // İ is the one code unit whose lower case is longer than itself (LOWER_FOLD cannot read it).
  if (t.includes('\u0130')) t = t.toLowerCase();
  const at = out.length;
  out.writeString(t);
  const sigma = t.indexOf('\u03a3');
  if (sigma >= 0) lowerSigmaStretches(t, out.units.subarray(at), sigma);
}

export class Featurizer {
  readonly mask: number;
  /** Mask of the character n-grams' indices: their own table's, or `mask`. */
  readonly charMask: number;
  /** Whether the character n-grams are a model of their own (`charBuckets`). */
  readonly split: boolean;
  private readonly wordSet: Uint8Array;
  private readonly charSet: Uint8Array;
  private readonly maxWordN: number;
  private readonly maxCharN: number;
  private readonly buf = new Uint16Array(MAX_TOKEN + 2);
  private readonly history = new Int32Array(8);
  private readonly salts = new Int32Array(17);
  private readonly charSizes: number;
  /** Made on the first `score` of a model with character n-grams (training never scores). */
  private cache: TokenCache | undefined;
  /** Bucket indices of a word-only model's window, or of a missed token's character n-grams. */
  private indices = new Int32Array(4096);
  private readonly deobfuscate: boolean;
  private readonly collapseRepeats: boolean;
  private readonly collapseRepeatedLines: boolean;
  /** `collapseRepeatedLines`: each kept word as lines are compared (its trailing digits as one 0), beside `hashes`. */
  private blind = new Int32Array(0);
  /** `collapseRepeatedLines`: first kept line of each line key, as start index and word count in `hashes`. */
  private readonly lineByKey = new Map<number, number>();
  private readonly lineStarts: number[] = [];
  private readonly lineLengths: number[] = [];
  private readonly tokenHashes: boolean;
  /** Word hashes of the last text in `deobfuscate` mode. */
  private hashes = new Int32Array(1024);
  /**
   * `aliases` by word hash, and which values of a hash's low bits (`aliasMask`) any of them has: a
   * cheap first test, its table sized to the number of aliases.
   */
  private readonly aliasOf = new Map<number, number>();
  private readonly aliasMask: number;
  private readonly aliasBits: Uint8Array;
  /** `silentWords` (and their forms with "'s" or quotes) by token hash, behind a pre-test table (SILENT_TABLE_PER_FORM). */
  private readonly silent = new Set<number>();
  private readonly silentMask: number;
  private readonly silentBits: Uint8Array;

  constructor(spec: FeatureSpec) {
    const b = spec.buckets;
    if (!Number.isInteger(b) || b < 16 || (b & (b - 1)) !== 0) {
      throw new Error(`buckets must be a power of two >= 16, got ${b}`);
    }
    this.mask = b - 1;
    const cb = spec.charBuckets ?? b;
    if (!Number.isInteger(cb) || cb < 16 || (cb & (cb - 1)) !== 0) {
      throw new Error(`charBuckets must be a power of two >= 16, got ${cb}`);
    }
    this.charMask = cb - 1;
    this.split = spec.charBuckets !== undefined;
    this.wordSet = new Uint8Array(9);
    this.charSet = new Uint8Array(9);
    for (const n of spec.wordNgrams) {
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`word n-gram size out of range: ${n}`);
      this.wordSet[n] = 1;
    }
    for (const n of spec.charNgrams) {
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`char n-gram size out of range: ${n}`);
      this.charSet[n] = 1;
    }
    this.maxWordN = Math.max(0, ...spec.wordNgrams);
    this.maxCharN = Math.max(0, ...spec.charNgrams);
    // Salts of mix(): char n-grams of size k use k, word n-grams of size g use 100 + g.
    for (let k = 1; k <= 8; k++) {
      this.salts[k] = Math.imul(k, 0x9e3779b1);
      this.salts[8 + k] = Math.imul(100 + k, 0x9e3779b1);
    }
    this.charSizes = new Set(spec.charNgrams).size;
    this.deobfuscate = spec.deobfuscate === true;
    if (this.deobfuscate && this.maxCharN > 0) throw new Error('deobfuscate supports word n-grams only');
    this.tokenHashes = spec.tokenHashes === true;
    if (this.tokenHashes && (this.maxCharN > 0 || this.deobfuscate)) {
      throw new Error('tokenHashes supports word n-grams only, without deobfuscate');
    }
    const aliases = Object.entries(spec.aliases ?? {});
    if (aliases.length > 0 && !this.deobfuscate) throw new Error('aliases need the deobfuscate tokenizer');
    this.collapseRepeats = spec.collapseRepeats === true;
    if (this.collapseRepeats && !this.deobfuscate)
      throw new Error('collapseRepeats needs the deobfuscate tokenizer');
    this.collapseRepeatedLines = spec.collapseRepeatedLines === true;
    if (this.collapseRepeatedLines && !this.deobfuscate)
      throw new Error('collapseRepeatedLines needs the deobfuscate tokenizer');
    if (this.collapseRepeatedLines) this.blind = new Int32Array(this.hashes.length);
    for (const [word, alias] of aliases) this.aliasOf.set(hashWord(word), hashWord(alias));
    ({ mask: this.aliasMask, bits: this.aliasBits } = pretestTable(
      [...this.aliasOf.keys()],
      ALIAS_TABLE_PER_ALIAS,
    ));
    const silentWords = spec.silentWords ?? [];
    if (silentWords.length > 0 && (this.deobfuscate || this.tokenHashes))
      throw new Error('silentWords need the text tokenizer (neither deobfuscate nor tokenHashes)');
    for (const word of silentWords) {
      for (const form of [word, `${word}'s`, `'${word}`, `${word}'`, `'${word}'`])
        this.silent.add(hashTextToken(form));
    }
    ({ mask: this.silentMask, bits: this.silentBits } = pretestTable(
      [...this.silent],
      SILENT_TABLE_PER_FORM,
    ));
  }

  /** Whether the token of hash `h` (as the text tokenizer hashes it) is a silent word. */
  private isSilent(h: number): boolean {
    return this.silentBits[h & this.silentMask] === 1 && this.silent.has(h >>> 0);
  }

  /**
   * `deobfuscate` mode: the word hashes of `t` into `this.hashes`, returns their count. One pass over
   * char codes: a leet symbol joins the word when a word character follows it; a word of at most
   * MAX_LEET_TOKEN characters with two or more ASCII letters and at most one digit or symbol more
   * than letters is hashed in its leetspeak reading (the normalizer's rule); a run of three or more
   * single characters separated by single spaces, two of them letters, is hashed as one word.
   */
  private wordHashes(t: string): number {
    const fold = WORD_FOLD;
    const n = t.length;
    let out = this.hashes;
    let count = 0;
    let h = FNV_OFFSET;
    let len = 0;
    let last = -1;
    let beforeLast = -1;
    let letters = 0;
    let leet = 0;
    let other = false;
    let joining = false;
    const buf = this.buf;
    const kinds = CHAR_KIND;
    const aliasBits = this.aliasBits;
    const aliasMask = this.aliasMask;
    const collapse = this.collapseRepeats;
    const lines = this.collapseRepeatedLines;
    // Whether the word ends in a run of digits, and its hash before that run; where the line's words start.
    let trailingDigits = false;
    let beforeDigits = FNV_OFFSET;
    let lineStart = 0;
    if (lines) {
      this.lineByKey.clear();
      this.lineStarts.length = 0;
      this.lineLengths.length = 0;
    }
    for (let i = 0; i <= n; i++) {
      const u = i < n ? t.charCodeAt(i) : 32;
      // Most characters of folded text are a-z: the general path below, without its lookups.
      if (u >= 0x61 && u <= 0x7a) {
        if (u === last && u === beforeLast) continue;
        h = Math.imul(h ^ u, FNV_PRIME);
        trailingDigits = false;
        letters++;
        if (len < MAX_TOKEN) {
          buf[++len] = u;
          beforeLast = last;
          last = u;
        }
        continue;
      }
      let c = fold[u]!;
      if (c === 0 && len > 0 && isLeetSymbol(u) && i + 1 < n && fold[t.charCodeAt(i + 1)] !== 0) c = u;
      if (c !== 0) {
        if (c === last && c === beforeLast) continue;
        if (c >= 0x30 && c <= 0x39) {
          if (!trailingDigits) {
            trailingDigits = true;
            beforeDigits = h;
          }
          // A closing quote leaves the digits trailing ("'user12'").
        } else if (c !== 0x27) trailingDigits = false;
        h = Math.imul(h ^ c, FNV_PRIME);
        const kind = kinds[c]!;
        if (kind === LETTER) letters++;
        else if (kind === LEET_CHAR) leet++;
        else if (kind === OTHER) other = true;
        if (len < MAX_TOKEN) {
          buf[++len] = c;
          beforeLast = last;
          last = c;
        }
        continue;
      }
      if (len === 0) {
        if (lines && u === NEWLINE) {
          count = this.endLine(lineStart, count);
          lineStart = count;
        }
        continue;
      }
      // Spaced-out letters: a one-character chunk, one space, another one-character chunk (and,
      // to start a run, a third one), so "i g n o r e" continues as one token.
      if (u === 0x20 && (joining || len === 1) && isSingleChunk(t, i + 1)) {
        if (
          joining ||
          (t.charCodeAt(i + 2) === 0x20 && isSingleChunk(t, i + 3) && spacedLetters(t, i) >= 2)
        ) {
          joining = true;
          continue;
        }
      }
      let word = h;
      if (leet > 0 && !other && letters >= 2 && leet <= letters + 1 && len <= MAX_LEET_TOKEN) {
        word = FNV_OFFSET;
        for (let k = 1; k <= len; k++) {
          const x = buf[k]!;
          const m = x < 128 ? LEET_CODE[x]! : -1;
          word = Math.imul(word ^ (m >= 0 ? m : x), FNV_PRIME);
        }
      }
      if (aliasBits[word & aliasMask] === 1) word = this.aliasOf.get(word) ?? word;
      // With collapseRepeatedLines a word is compared with the one before it on its own line only, so
      // that a line reads the same wherever it follows.
      if (!(collapse && count > (lines ? lineStart : 0) && out[count - 1] === word)) {
        if (count === out.length) {
          const grown = new Int32Array(out.length * 2);
          grown.set(out);
          out = grown;
          this.hashes = grown;
          if (lines) {
            const blind = new Int32Array(grown.length);
            blind.set(this.blind);
            this.blind = blind;
          }
        }
        // A number, or a word ending in one ("user12"), reads alike whatever its digits; digits
        // inside a word are letters to the leetspeak reading ("1gn0re"), so the word counts as read.
        if (lines) this.blind[count] = trailingDigits ? Math.imul(beforeDigits ^ 0x30, FNV_PRIME) : word;
        out[count++] = word;
      }
      if (lines && u === NEWLINE) {
        count = this.endLine(lineStart, count);
        lineStart = count;
      }
      h = FNV_OFFSET;
      trailingDigits = false;
      len = 0;
      last = -1;
      beforeLast = -1;
      letters = 0;
      leet = 0;
      other = false;
      joining = false;
    }
    return lines ? this.endLine(lineStart, count) : count;
  }

  /**
   * `collapseRepeatedLines`: ends the line whose words are `hashes[start, count)`. Returns `start`
   * (the line is not read) when an earlier line has the same words, trailing digits aside, else
   * `count`.
   */
  private endLine(start: number, count: number): number {
    const words = count - start;
    if (words === 0) return count;
    const blind = this.blind;
    let key = Math.imul(FNV_OFFSET ^ words, FNV_PRIME);
    for (let k = start; k < count; k++) key = Math.imul(key ^ blind[k]!, FNV_PRIME);
    const first = this.lineByKey.get(key);
    if (first === undefined) {
      if (this.lineStarts.length === MAX_LINE_KEYS) return count;
      this.lineByKey.set(key, this.lineStarts.length);
      this.lineStarts.push(start);
      this.lineLengths.push(words);
      return count;
    }
    // The key is a hash: the words themselves decide.
    const from = this.lineStarts[first]!;
    if (this.lineLengths[first] !== words) return count;
    for (let k = 0; k < words; k++) if (blind[from + k] !== blind[start + k]) return count;
    return start;
  }

  /** Streams the features of the token hashes `hs[0, count)` into `sink` (`deobfuscate` and `tokenHashes` modes). */
  runHashes(hs: Int32Array, count: number, sink: FeatureSink): void {
    for (let j = 0; j < count; j++) {
      let wh = 0;
      for (let g = 1; g <= this.maxWordN && g <= j + 1; g++) {
        wh = g === 1 ? hs[j]! : Math.imul(wh ^ hs[j - g + 1]!, FNV_PRIME);
        if (this.wordSet[g] === 1) sink.feature(mix(wh, 100 + g) & this.mask);
      }
      sink.token();
    }
  }

  /** Streams the features of `text` (raw; it is normalised here) into `sink`. */
  run(text: string, sink: FeatureSink): void {
    this.assertReadsText();
    if (this.deobfuscate) {
      // wordHashes may grow this.hashes: read the array after it.
      const count = this.wordHashes(replaceUrls(text));
      this.runHashes(this.hashes, count, sink);
      return;
    }
    const t = normalizeForClassifier(text);
    const emitChar = this.split ? sink.charFeature?.bind(sink) : sink.feature.bind(sink);
    if (!emitChar) throw new Error('a model with its own character table needs a sink with charFeature');
    const charMask = this.charMask;
    const buf = this.buf;
    const hist = this.history;
    hist.fill(0);
    let histLen = 0;
    let len = 0;
    let full = false;
    let h = FNV_OFFSET;
    const n = t.length;
    for (let i = 0; i <= n; i++) {
      let c = i < n ? t.charCodeAt(i) : 32;
      if (i < n && WORD_CHAR[c] === 1) {
        if (c === 0x2019) c = 0x27;
        // Collapse runs of 3+ identical characters to 2 ("soooo" -> "soo").
        if (len >= 2 && buf[len] === c && buf[len - 1] === c) continue;
        h = Math.imul(h ^ c, FNV_PRIME);
        if (len < MAX_TOKEN) {
          buf[len + 1] = c;
          len++;
        } else full = true;
        continue;
      }
      if (len === 0) continue;
      if (this.isSilent(h)) {
        len = 0;
        full = false;
        h = FNV_OFFSET;
        continue;
      }
      // Token ended: strip apostrophes at the edges of the hashed form only through char grams.
      const wordHash = h >>> 0;
      for (let k = Math.min(histLen, 7); k > 0; k--) hist[k] = hist[k - 1]!;
      hist[0] = wordHash;
      if (histLen < 8) histLen++;
      let wh = 0;
      for (let g = 1; g <= this.maxWordN && g <= histLen; g++) {
        wh = g === 1 ? hist[0]! : Math.imul(wh ^ hist[g - 1]!, FNV_PRIME);
        if (this.wordSet[g] === 1) sink.feature(mix(wh, 100 + g) & this.mask);
      }
      if (this.maxCharN > 0) {
        buf[0] = 32;
        buf[len + 1] = 32;
        const total = len + 2;
        const charSet = this.charSet;
        const maxN = this.maxCharN;
        for (let s = 0; s < total; s++) {
          let ch = FNV_OFFSET;
          const lim = Math.min(maxN, total - s);
          for (let k = 0; k < lim; k++) {
            ch = Math.imul(ch ^ buf[s + k]!, FNV_PRIME);
            if (charSet[k + 1] === 1) emitChar(mix(ch, k + 1) & charMask);
          }
        }
      }
      void full;
      sink.token();
      len = 0;
      full = false;
      h = FNV_OFFSET;
    }
  }

  /**
   * Window-scored logit of `text` under linear weights `w` and `bias`: the sum of the weights of
   * each window of `windowTokens` tokens divided by the square root of its feature count, best
   * window wins, a tail shorter than `minTail` tokens joins the window before it. The same features
   * in the same order as `run` with a scoring sink, so the result is the same up to the order of
   * the floating-point sum (a token's character n-gram weights are added up first), but
   * without a callback per feature, without a lower-cased copy of the text (code units are folded
   * as they are read, which is what `toLowerCase` does to them, and only the stretches around a Σ
   * lower-cased first, see `lowerSigmaStretches`; a piece with İ is lower-cased whole), in pieces
   * of at most a few thousand code units (`readPieces`; `input` rewrites the text and adds a suffix
   * on the way), with
   * the character-n-gram weights of recently seen tokens cached (see `TokenCache`; `w` must not
   * be changed in place between calls). Word-only models sum in two steps per window: the window's
   * bucket indices are collected first, then its weights summed in that order (weight lookups are
   * random reads of a table larger than the L2 cache; in a tight loop of their own many of them
   * are in flight at once). Models with character n-grams add a token's character n-grams as one
   * sum, most of them straight from the cache. A model whose character n-grams have their own
   * table and bias (`charModel`, the featurizer made with `charBuckets`) keeps a second sum and
   * count per window, and a window's logit is the mean of the two models'.
   */
  score(
    text: string,
    w: Float32Array,
    bias: number,
    windowTokens: number,
    minTail: number,
    charModel?: CharModelWeights,
    input?: TextInput,
    longText?: LongTextRule,
  ): number {
    this.assertReadsText();
    if (this.split !== (charModel !== undefined)) {
      throw new Error(
        'a model with its own character table is scored with its character weights, and only such a model',
      );
    }
    if (this.deobfuscate) {
      if (input) throw new Error('a deobfuscating model reads its text as given');
      const count = this.wordHashes(replaceUrls(text));
      return this.scoreHashes(this.hashes, count, w, bias, windowTokens, minTail, longText);
    }
    if (longText) throw new Error('a long-text rule is read by word-hash scoring only (scoreHashes)');
    const n = readPieces(text, input, scoreUnits);
    const units = scoreUnits.finish();
    const maxN = this.maxCharN;
    // The character n-grams' weights: their own table, or the one table.
    const cw = charModel ? charModel.w : w;
    const charBias = charModel ? charModel.bias : 0;
    const split = charModel !== undefined;
    // Word-only models read no cache: they get the empty one.
    if (maxN > 0) {
      this.cache ??= new TokenCache(CACHE_SLOTS);
      this.cache.use(cw);
    }
    const cache = this.cache ?? NO_CACHE;
    const ci = cache.ints;
    const cu = cache.units;
    const cs = cache.sums;
    // Most indices one token can add: its word n-grams and the character n-grams of its stored characters.
    const perToken = this.maxWordN + (MAX_TOKEN + 2) * this.charSizes;
    let idx = this.indices;
    const buf = this.buf;
    const hist = this.history;
    hist.fill(0);
    const mask = this.mask;
    const charMask = this.charMask;
    const wordSet = this.wordSet;
    const charSet = this.charSet;
    const maxWordN = this.maxWordN;
    const salts = this.salts;
    let histLen = 0;
    let len = 0;
    let h = FNV_OFFSET;
    // Whether weights are added as they come (models with character n-grams) or collected per window.
    const direct = maxN > 0;
    /**
     * Word features of the current window and the sum of their weights, indices collected, then
     * the same for its character n-grams (kept apart for a model with its own character table).
     */
    let m = 0;
    let sum = 0;
    let q = 0;
    let cm = 0;
    let csum = 0;
    let tokens = 0;
    let best = Number.NEGATIVE_INFINITY;
    let prevSum = 0;
    let prevN = 0;
    let prevCsum = 0;
    let prevCm = 0;
    let windows = 0;
    let i = 0;
    for (;;) {
      // Separators, then the token's characters, each in a tight loop of its own (one loop
      // over every code unit, with the token's end handled inside it, ran a tenth slower).
      // The units end in a 0, which folds to a separator and closes the last token.
      let c = LOWER_FOLD[units[i]!]!;
      while (c === 0 && i < n) c = LOWER_FOLD[units[++i]!]!;
      if (c === 0) break;
      // The last two characters stored in `buf` (-1: none), for the run-collapsing rule.
      let last = -1;
      let beforeLast = -1;
      do {
        if (c !== last || c !== beforeLast) {
          h = Math.imul(h ^ c, FNV_PRIME);
          if (len < MAX_TOKEN) {
            buf[++len] = c;
            beforeLast = last;
            last = c;
          }
        }
        c = LOWER_FOLD[units[++i]!]!;
      } while (c !== 0);
      if (this.isSilent(h)) {
        len = 0;
        h = FNV_OFFSET;
        continue;
      }
      if (q + perToken > idx.length) {
        const grown = new Int32Array(idx.length * 2);
        grown.set(idx);
        idx = grown;
        this.indices = grown;
      }
      const wordHash = h >>> 0;
      // Only the last maxWordN hashes are ever read.
      for (let k = Math.min(histLen, maxWordN - 1); k > 0; k--) hist[k] = hist[k - 1]!;
      hist[0] = wordHash;
      if (histLen < 8) histLen++;
      let wh = 0;
      for (let g = 1; g <= maxWordN && g <= histLen; g++) {
        wh = g === 1 ? hist[0]! : Math.imul(wh ^ hist[g - 1]!, FNV_PRIME);
        if (wordSet[g] === 1) {
          const x = mixSalted(wh, salts[8 + g]!) & mask;
          if (direct) sum += w[x]!;
          else idx[q++] = x;
          m++;
        }
      }
      if (maxN > 0) {
        // Tokens up to CACHE_MAX_LEN characters: look the token up by its hash, check its characters.
        /** The slot's first int cell (-1: the token is not cached). */
        let at = -1;
        let hit = false;
        if (len <= CACHE_MAX_LEN) {
          at = ((h ^ (h >>> 13)) & CACHE_MASK) * SLOT_INTS;
          if (ci[at] === h && (ci[at + 1]! & 0xff) === len) {
            hit = true;
            const u = at * 2 + SLOT_UNITS_AT - 1;
            for (let k = 1; k <= len; k++) {
              if (cu[u + k] !== buf[k]) {
                hit = false;
                break;
              }
            }
          }
        }
        if (hit) {
          csum += cs[at / 2 + SLOT_SUM_AT]!;
          cm += ci[at + 1]! >>> 8;
        } else {
          buf[0] = 32;
          buf[len + 1] = 32;
          const total = len + 2;
          // The token's indices, in `idx` (which holds none of a direct model's window).
          let count = 0;
          for (let s = 0; s < total; s++) {
            let ch = FNV_OFFSET;
            const lim = Math.min(maxN, total - s);
            for (let k = 0; k < lim; k++) {
              ch = Math.imul(ch ^ buf[s + k]!, FNV_PRIME);
              if (charSet[k + 1] === 1) idx[count++] = mixSalted(ch, salts[k + 1]!) & charMask;
            }
          }
          // Summed per token, hit or miss alike, so that a score never depends on what the cache holds.
          let tokenSum = 0;
          for (let k = 0; k < count; k++) tokenSum += cw[idx[k]!]!;
          csum += tokenSum;
          cm += count;
          if (at >= 0) {
            ci[at] = h;
            ci[at + 1] = len | (count << 8);
            cs[at / 2 + SLOT_SUM_AT] = tokenSum;
            const u = at * 2 + SLOT_UNITS_AT - 1;
            for (let k = 1; k <= len; k++) cu[u + k] = buf[k]!;
          }
        }
      }
      tokens++;
      if (tokens >= windowTokens) {
        sum = addWeights(sum, w, idx, q);
        q = 0;
        const z = partsLogit(bias, sum, m, charBias, csum, cm, split);
        if (z > best) best = z;
        prevSum = sum;
        prevN = m;
        prevCsum = csum;
        prevCm = cm;
        windows++;
        m = 0;
        sum = 0;
        cm = 0;
        csum = 0;
        tokens = 0;
      }
      len = 0;
      h = FNV_OFFSET;
    }
    sum = addWeights(sum, w, idx, q);
    return closeLastWindow(
      best,
      tokens,
      windows,
      minTail,
      split,
      bias,
      sum,
      m,
      prevSum,
      prevN,
      charBias,
      csum,
      cm,
      prevCsum,
      prevCm,
    );
  }

  /** A `tokenHashes` model is given token hashes, never text. */
  private assertReadsText(): void {
    if (this.tokenHashes) throw new Error('this model reads token hashes (runHashes, scoreHashes), not text');
  }

  /**
   * How many of the token hashes `hs[0, count)` have a unigram feature the training touched (a
   * weight other than 0), up to `limit`: words the model has seen, as opposed to words of a
   * language it was not trained on.
   */
  knownTokens(hs: Int32Array, count: number, w: Float32Array, limit: number): number {
    const mask = this.mask;
    const salt = this.salts[9]!;
    let known = 0;
    for (let j = 0; j < count && known < limit; j++) if (w[mixSalted(hs[j]!, salt) & mask] !== 0) known++;
    return known;
  }

  /**
   * `score` over the token hashes `hs[0, count)` (`deobfuscate` mode, after `wordHashes`, and
   * `tokenHashes` mode): the same windows, word n-grams only. With a `longText` rule, a text of
   * `longText.minTokens` tokens or more scores the higher of its best window's logit and its
   * whole text's (the features of all its tokens, as the model is trained) plus
   * `longText.logitOffset`.
   */
  scoreHashes(
    hs: Int32Array,
    count: number,
    w: Float32Array,
    bias: number,
    windowTokens: number,
    minTail: number,
    longText?: LongTextRule,
  ): number {
    const mask = this.mask;
    const wordSet = this.wordSet;
    const maxWordN = this.maxWordN;
    const salts = this.salts;
    let sum = 0;
    let cnt = 0;
    let tokens = 0;
    let best = Number.NEGATIVE_INFINITY;
    let prevSum = 0;
    let prevN = 0;
    let windows = 0;
    // The closed windows' sums and counts, for the whole text's logit.
    let closedSum = 0;
    let closedN = 0;
    for (let j = 0; j < count; j++) {
      let wh = 0;
      for (let g = 1; g <= maxWordN && g <= j + 1; g++) {
        wh = g === 1 ? hs[j]! : Math.imul(wh ^ hs[j - g + 1]!, FNV_PRIME);
        if (wordSet[g] === 1) {
          sum += w[mixSalted(wh, salts[8 + g]!) & mask]!;
          cnt++;
        }
      }
      tokens++;
      if (tokens >= windowTokens) {
        closedSum += sum;
        closedN += cnt;
        const z = windowLogit(bias, sum, cnt);
        if (z > best) best = z;
        prevSum = sum;
        prevN = cnt;
        windows++;
        sum = 0;
        cnt = 0;
        tokens = 0;
      }
    }
    const windowed = closeLastWindow(
      best,
      tokens,
      windows,
      minTail,
      false,
      bias,
      sum,
      cnt,
      prevSum,
      prevN,
      0,
      0,
      0,
      0,
      0,
    );
    if (longText === undefined || count < longText.minTokens) return windowed;
    return Math.max(windowed, windowLogit(bias, closedSum + sum, closedN + cnt) + longText.logitOffset);
  }
}

/** `sum` plus the weights `w` at `idx[0, count)`, added in that order. */
function addWeights(sum: number, w: Float32Array, idx: Int32Array, count: number): number {
  let s = sum;
  for (let k = 0; k < count; k++) s += w[idx[k]!]!;
  return s;
}

/** A window's logit: the bias plus the window's weight sum scaled by 1/sqrt(feature count). */
function windowLogit(bias: number, sum: number, features: number): number {
  return bias + (features > 0 ? sum / Math.sqrt(features) : 0);
}

/**
 * A window's logit from its word and character sums: of the one model, or (`split`) the mean of
 * the word model's and the character model's.
 */
export function partsLogit(
  bias: number,
  sum: number,
  features: number,
  charBias: number,
  charSum: number,
  charFeatures: number,
  split: boolean,
): number {
  return split
    ? 0.5 * (windowLogit(bias, sum, features) + windowLogit(charBias, charSum, charFeatures))
    : windowLogit(bias, sum + charSum, features + charFeatures);
}

/**
 * The best logit once the last window is closed (`best` over the full windows so far, as
 * `partsLogit` scores them): a partial window shorter than `minTail` tokens is scored together
 * with the full window before it; a text with no tokens scores the bias. The sums and counts are
 * the open window's and the previous full window's, of the word part and of the character part.
 */
export function closeLastWindow(
  best: number,
  tokens: number,
  windows: number,
  minTail: number,
  split: boolean,
  bias: number,
  sum: number,
  features: number,
  prevSum: number,
  prevFeatures: number,
  charBias: number,
  charSum: number,
  charFeatures: number,
  prevCharSum: number,
  prevCharFeatures: number,
): number {
  if (tokens === 0 && windows > 0) return best;
  const z =
    windows > 0 && tokens < minTail
      ? partsLogit(
          bias,
          sum + prevSum,
          features + prevFeatures,
          charBias,
          charSum + prevCharSum,
          charFeatures + prevCharFeatures,
          split,
        )
      : partsLogit(bias, sum, features, charBias, charSum, charFeatures, split);
  return Math.max(z, best);
}
