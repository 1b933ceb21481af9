/**
 * Ordered keyword sequences within word windows ("write … tweets … to convince … voters"), an
 * alternative to regexes with word gaps, which backtrack. Linear in the number of words times the
 * window sizes.
 */
export interface Word {
  text: string;
  lower: string;
  start: number;
  end: number;
}

export function words(text: string, max = 20_000): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    out.push({ text: m[0], lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
    if (out.length >= max) break;
  }
  return out;
}

export interface Step {
  /** Accepts a word (lower-case set membership or a predicate). */
  match: ReadonlySet<string> | ((w: Word) => boolean);
  /** How many words after the previous step's word this one may appear (1 = the next word). */
  within: number;
}

/** The first span [start, end) where the steps occur in order within their windows. */
export function findSequence(
  ws: readonly Word[],
  steps: readonly Step[],
): { start: number; end: number } | undefined {
  const ok = (s: Step, w: Word) => (typeof s.match === 'function' ? s.match(w) : s.match.has(w.lower));
  const first = steps[0];
  if (!first) return undefined;
  for (let i = 0; i < ws.length; i++) {
    if (!ok(first, ws[i] as Word)) continue;
    let pos = i;
    let matched = true;
    for (let k = 1; k < steps.length && matched; k++) {
      const step = steps[k] as Step;
      matched = false;
      for (let j = pos + 1; j <= Math.min(ws.length - 1, pos + step.within); j++) {
        if (ok(step, ws[j] as Word)) {
          pos = j;
          matched = true;
          break;
        }
      }
    }
    if (matched) return { start: (ws[i] as Word).start, end: (ws[pos] as Word).end };
  }
  return undefined;
}

export const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));
