/**
 * A folded view of a text for phrase patterns: the folded tokens (tokens.ts) joined by single
 * spaces, with a map back to original offsets. Patterns written against it see "how to make a
 * b0mb" as "how to make a bomb" and never need to handle case, punctuation or spacing tricks.
 */
import { unitsString } from '../code-units/code-units.ts';
import { gateFor } from './gate.ts';
import {
  allocInts,
  foldedUnits,
  NOT_ALNUM,
  narrowSafe,
  scanTokens,
  type Token,
  type TokenArrays,
  tokenObjects,
  WIDE_STAND_IN,
} from './tokens.ts';

export interface FoldedText {
  /** What patterns run on: characters above U+00FF read as one stand-in (tokens.ts outToString). */
  text: string;
  /** The true folded text of [start, end) of `text`. */
  slice(start: number, end: number): string;
  /** Token objects (built on first use; the arrays below hold the same tokens). */
  readonly tokens: Token[];
  /** Number of tokens. */
  count: number;
  /** Start of each token inside `text`. */
  starts: Int32Array;
  /** Length of each token inside `text`. */
  lens: Int32Array;
  /** Original offsets of each token (end exclusive). */
  origStart: Int32Array;
  origEnd: Int32Array;
  /** FNV-1a hash of each token's folded characters. */
  hashes: Int32Array;
  /** DOUBLED / NOT_ALNUM flags of each token (tokens.ts). */
  flags: Int32Array;
  /** Positions in `text` where a regex word starts (\b then [a-z0-9]), ascending (made on first use). */
  readonly wordStarts: { positions: Int32Array; count: number };
  /** Maps a [start, end) range in `text` to the original text. */
  toOriginal(start: number, end: number): { start: number; end: number };
}

let last: { text: string; folded: FoldedText } | undefined;

/** Folds a text; the last result is kept so that guardrails checking the same text share it. */
export function foldText(original: string): FoldedText {
  if (last && last.text === original) return last.folded;
  const folded = fold(original);
  last = { text: original, folded };
  return folded;
}

function fold(original: string): FoldedText {
  return new Folded(original, scanTokens(original));
}

/** Splits `text` into folded word tokens (tokens.ts scanTokens), as a new array. */
export function tokenize(text: string): Token[] {
  return fold(text).tokens;
}

/**
 * FoldedText as a class: its lazy parts and toOriginal live on the prototype, where an object
 * literal made a closure per method and getter for every text (a fixed cost that was a tenth of
 * the content analysis of a short text).
 */
class Folded implements FoldedText {
  readonly text: string;
  readonly count: number;
  readonly starts: Int32Array;
  readonly lens: Int32Array;
  readonly origStart: Int32Array;
  readonly origEnd: Int32Array;
  readonly hashes: Int32Array;
  readonly flags: Int32Array;
  private readonly original: string;
  private readonly scanned: TokenArrays;
  private tokenList: Token[] | undefined;
  private wordStartList: { positions: Int32Array; count: number } | undefined;
  /** The true folded units, recovered the first time a slice holds a stand-in. */
  private units: Uint16Array | undefined;

  constructor(original: string, a: TokenArrays) {
    this.original = original;
    this.scanned = a;
    this.text = a.text;
    this.count = a.count;
    this.starts = a.starts;
    this.lens = a.lens;
    this.origStart = a.origStart;
    this.origEnd = a.origEnd;
    this.hashes = a.hashes;
    this.flags = a.flags;
  }

  get tokens(): Token[] {
    this.tokenList ??= tokenObjects(this.scanned, (s, e) => this.slice(s, e));
    return this.tokenList;
  }

  slice(start: number, end: number): string {
    const s = this.text.slice(start, end);
    if (!this.scanned.wide || !s.includes(WIDE_STAND_IN)) return s;
    this.units ??= foldedUnits(this.original);
    return unitsString(this.units, start, end);
  }

  get wordStarts(): { positions: Int32Array; count: number } {
    this.wordStartList ??= findWordStarts(this.text, this.starts, this.lens, this.flags, this.count);
    return this.wordStartList;
  }

  toOriginal(start: number, end: number): { start: number; end: number } {
    if (this.count === 0) return { start: 0, end: 0 };
    return {
      start: this.origStart[this.tokenAt(start)]!,
      end: this.origEnd[this.tokenAt(Math.max(start, end - 1))]!,
    };
  }

  /** The last token starting at or before `offset` in `text` (the first when none does). */
  private tokenAt(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

const isWord = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Word starts of the folded text: every token that begins with a letter or digit, and inside tokens
 * with other characters ("don't", "f*ck", non-ASCII letters) every word character after a non-word one.
 */
function findWordStarts(
  text: string,
  starts: Int32Array,
  lens: Int32Array,
  flags: Int32Array,
  count: number,
): { positions: Int32Array; count: number } {
  let out = allocInts(count + 16);
  const push = (q: number): void => {
    if (m === out.length) {
      const grown = new Int32Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    out[m++] = q;
  };
  let m = 0;
  for (let t = 0; t < count; t++) {
    const s = starts[t]!;
    if ((flags[t]! & NOT_ALNUM) === 0) {
      push(s);
      continue;
    }
    const e = s + lens[t]!;
    let prevWord = false;
    for (let q = s; q < e; q++) {
      const word = isWord(text.charCodeAt(q));
      if (word && !prevWord) push(q);
      prevWord = word;
    }
  }
  return { positions: out, count: m };
}

export interface PatternFamily {
  category: string;
  /** Strength in (0, 1] of one match. */
  weight: number;
  pattern: RegExp;
}

export interface PatternHit {
  category: string;
  weight: number;
  start: number;
  end: number;
  matched: string;
}

/** The patterns, once checked to match folded text as they would its true characters (tokens.ts). */
export function narrowSafePatterns(patterns: readonly RegExp[]): readonly RegExp[] {
  const unsafe = patterns.find((p) => !narrowSafe(p));
  if (unsafe) throw new Error(`pattern cannot run on folded text: /${unsafe.source}/${unsafe.flags}`);
  return patterns;
}

/**
 * Runs each family's global pattern over the folded text; offsets are original-text offsets. The
 * patterns run behind a literal-prefix gate (gate.ts): same hits, same order, as a matchAll per
 * family, without scanning the text once per family.
 */
export function matchFamilies(
  folded: FoldedText,
  families: readonly PatternFamily[],
  limit = 50,
): PatternHit[] {
  const hits: PatternHit[] = [];
  const gate = gateFor(families, () => narrowSafePatterns(families.map((f) => f.pattern)));
  gate.run(
    folded.text,
    limit,
    (k, index, matched) => {
      const f = families[k]!;
      const end = index + matched.length;
      const o = folded.toOriginal(index, end);
      hits.push({
        category: f.category,
        weight: f.weight,
        start: o.start,
        end: o.end,
        matched: folded.slice(index, end),
      });
    },
    undefined,
    folded.wordStarts,
  );
  return hits;
}

/** Whether a global pattern matches the folded text anywhere (gated like matchFamilies). */
export function testFolded(folded: FoldedText, pattern: RegExp): boolean {
  let any = false;
  gateFor(pattern, () => narrowSafePatterns([pattern])).run(
    folded.text,
    1,
    () => {
      any = true;
    },
    undefined,
    folded.wordStarts,
  );
  return any;
}
