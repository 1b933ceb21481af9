/**
 * A folded view of a text for phrase patterns: the folded tokens (tokens.ts) joined by single
 * spaces, with a map back to original offsets. Patterns written against it see "how to make a
 * b0mb" as "how to make a bomb" and never need to handle case, punctuation or spacing tricks.
 */
import { gateFor } from './gate.ts';
import { scanTokens, type Token, tokenObjects } from './tokens.ts';

export interface FoldedText {
  text: string;
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
  const a = scanTokens(original);
  const { starts, origStart, origEnd } = a;
  const count = a.count;
  const tokenAt = (offset: number): number => {
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  let tokens: Token[] | undefined;
  return {
    text: a.text,
    get tokens() {
      tokens ??= tokenObjects(a);
      return tokens;
    },
    count,
    starts,
    lens: a.lens,
    origStart,
    origEnd,
    toOriginal(start, end) {
      if (count === 0) return { start: 0, end: 0 };
      return { start: origStart[tokenAt(start)]!, end: origEnd[tokenAt(Math.max(start, end - 1))]! };
    },
  };
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
  const gate = gateFor(families, () => families.map((f) => f.pattern));
  gate.run(folded.text, limit, (k, index, matched) => {
    const f = families[k]!;
    const o = folded.toOriginal(index, index + matched.length);
    hits.push({ category: f.category, weight: f.weight, start: o.start, end: o.end, matched });
  });
  return hits;
}

/** Whether a global pattern matches the folded text anywhere (gated like matchFamilies). */
export function testFolded(folded: FoldedText, pattern: RegExp): boolean {
  return gateFor(pattern, () => [pattern]).test(folded.text);
}
