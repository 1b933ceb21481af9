/**
 * Ordered keyword sequences within word windows ("write … tweets … to convince … voters"), an
 * alternative to regexes with word gaps, which backtrack. Linear in the number of words times the
 * window sizes.
 */

import { letterOrNumberAt } from '../code-units/letter-or-number.ts';

const APOSTROPHE = 0x27;
const RIGHT_QUOTE = 0x2019;
const HYPHEN = 0x2d;

/**
 * The words of a text, at most `max` of them: what `[\p{L}\p{N}][\p{L}\p{N}'’-]*` matches with the
 * u flag. Only offsets are stored; a word's text and lower-case form are made when a step looks at it.
 */
export class Words {
  readonly length: number;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly lowers: Array<string | undefined>;
  private readonly source: string;

  constructor(source: string, max = 20_000) {
    this.source = source;
    const starts: number[] = [];
    const ends: number[] = [];
    const n = source.length;
    let i = 0;
    while (i < n && starts.length < max) {
      const w = letterOrNumberAt(source, i);
      if (w === 0) {
        i++;
        continue;
      }
      const start = i;
      i += w;
      while (i < n) {
        const c = source.charCodeAt(i);
        if (c === APOSTROPHE || c === RIGHT_QUOTE || c === HYPHEN) i++;
        else {
          const k = letterOrNumberAt(source, i);
          if (k === 0) break;
          i += k;
        }
      }
      starts.push(start);
      ends.push(i);
    }
    this.length = starts.length;
    this.starts = Int32Array.from(starts);
    this.ends = Int32Array.from(ends);
    this.lowers = new Array(starts.length);
  }

  start(i: number): number {
    return this.starts[i]!;
  }
  end(i: number): number {
    return this.ends[i]!;
  }
  text(i: number): string {
    return this.source.slice(this.starts[i], this.ends[i]);
  }
  lower(i: number): string {
    let l = this.lowers[i];
    if (l === undefined) {
      l = this.text(i).toLowerCase();
      this.lowers[i] = l;
    }
    return l;
  }
}

export function words(text: string, max = 20_000): Words {
  return new Words(text, max);
}

export interface Step {
  /** Accepts a word (lower-case set membership or a predicate on word `i`). */
  match: ReadonlySet<string> | ((ws: Words, i: number) => boolean);
  /** How many words after the previous step's word this one may appear (1 = the next word). */
  within: number;
}

/** Shortest and longest member of a word set. */
const lengthRanges = new WeakMap<ReadonlySet<string>, readonly [number, number]>();
function lengthRange(s: ReadonlySet<string>): readonly [number, number] {
  let r = lengthRanges.get(s);
  if (!r) {
    const lengths = [...s].map((w) => w.length);
    r = [Math.min(...lengths), Math.max(...lengths)];
    lengthRanges.set(s, r);
  }
  return r;
}

/**
 * Whether word `i` passes the step; `range` is the length range of the step's set. A word whose
 * length is outside it is rejected without making its lower-case form: lower-casing never shortens
 * a word, and a word it lengthens ("İ" → "i̇") gains a combining mark that no set member (plain
 * words) contains.
 */
function accepts(step: Step, range: readonly [number, number] | undefined, ws: Words, i: number): boolean {
  const m = step.match;
  if (typeof m === 'function') return m(ws, i);
  const len = ws.end(i) - ws.start(i);
  return len >= range![0] && len <= range![1] && m.has(ws.lower(i));
}

/** The first span [start, end) where the steps occur in order within their windows. */
export function findSequence(ws: Words, steps: readonly Step[]): { start: number; end: number } | undefined {
  const first = steps[0];
  if (!first) return undefined;
  const ranges = steps.map((s) => (typeof s.match === 'function' ? undefined : lengthRange(s.match)));
  for (let i = 0; i < ws.length; i++) {
    if (!accepts(first, ranges[0], ws, i)) continue;
    let pos = i;
    let matched = true;
    for (let k = 1; k < steps.length && matched; k++) {
      const step = steps[k]!;
      matched = false;
      for (let j = pos + 1; j <= Math.min(ws.length - 1, pos + step.within); j++) {
        if (accepts(step, ranges[k], ws, j)) {
          pos = j;
          matched = true;
          break;
        }
      }
    }
    if (matched) return { start: ws.start(i), end: ws.end(pos) };
  }
  return undefined;
}

export const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));
