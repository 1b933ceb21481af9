import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { FNV_OFFSET, FNV_PRIME } from '../../detectors/code-units/fnv.ts';
import { letterOrNumberAt } from '../../detectors/code-units/letter-or-number.ts';
import { gibberishScore } from '../../detectors/text-stats/gibberish.ts';

/** Output that stops mid-sentence: ends in a letter, digit or comma with no closing punctuation. */
const OPEN_END = /[\p{L}\p{N},;:(-]\s*$/u;
const CLOSED_END = /[.!?…)"'\]}*`>|\p{Emoji_Presentation}]\s*$/u;

/**
 * The last line of a long answer stopping mid-sentence: a prose line (not a heading, list item, table
 * row, hashtag or link line) of at least 60 characters ending in a lower-case word or a comma.
 */
function looksCutOff(lastLine: string): boolean {
  const line = lastLine.trim();
  if (line.length < 60 || /^(?:[-*+#>|]|\d+[.)])/.test(line) || /[|#@]|https?:\/\//.test(line)) return false;
  return (
    OPEN_END.test(line.slice(-20)) &&
    !CLOSED_END.test(line.slice(-20)) &&
    /(?:\p{Ll}{2,}|,)\s*$/u.test(line.slice(-20))
  );
}

/** Length in UTF-16 units of the word character at s[i] ([\p{L}\p{N}'], by code point), or 0. */
const wordCharAt = (s: string, i: number): number => (s.charCodeAt(i) === 39 ? 1 : letterOrNumberAt(s, i));

/**
 * Counts the maximal runs of word characters in `s` and gives the first `max` of them as ids (equal
 * words, equal ids, numbered from 0 in order of first appearance). Words are interned by a hash of
 * their code units computed during the scan and compared in place with their first occurrence, so no
 * string is built per word (slicing and a Map of strings were a fifth of the guardrail's time).
 */
function wordIds(s: string, max: number): { count: number; seq: Int32Array } {
  const seq = new Int32Array(Math.min(max, s.length));
  let cap = 1024;
  let slots = new Int32Array(cap); // id + 1 per slot, 0 = empty
  let hashes = new Int32Array(cap);
  const firstStart: number[] = [];
  const firstEnd: number[] = [];
  let count = 0;
  let i = 0;
  const n = s.length;
  while (i < n) {
    let w = wordCharAt(s, i);
    if (w === 0) {
      i++;
      continue;
    }
    const start = i;
    let h = FNV_OFFSET;
    while (w !== 0) {
      for (let k = 0; k < w; k++) h = Math.imul(h ^ s.charCodeAt(i + k), FNV_PRIME);
      i += w;
      w = i < n ? wordCharAt(s, i) : 0;
    }
    if (count < max) {
      const len = i - start;
      let k = h & (cap - 1);
      let id = -1;
      for (;;) {
        const slot = slots[k] as number;
        if (slot === 0) break;
        if (hashes[k] === h) {
          const other = firstStart[slot - 1] as number;
          if ((firstEnd[slot - 1] as number) - other === len && sameUnits(s, other, start, len)) {
            id = slot - 1;
            break;
          }
        }
        k = (k + 1) & (cap - 1);
      }
      if (id < 0) {
        id = firstStart.length;
        firstStart.push(start);
        firstEnd.push(i);
        slots[k] = id + 1;
        hashes[k] = h;
        if (firstStart.length * 2 > cap) {
          // grow and re-place every word by its hash
          const oldSlots = slots;
          const oldHashes = hashes;
          cap <<= 1;
          slots = new Int32Array(cap);
          hashes = new Int32Array(cap);
          for (let j = 0; j < oldSlots.length; j++) {
            const slot = oldSlots[j] as number;
            if (slot === 0) continue;
            let at = (oldHashes[j] as number) & (cap - 1);
            while (slots[at] !== 0) at = (at + 1) & (cap - 1);
            slots[at] = slot;
            hashes[at] = oldHashes[j] as number;
          }
        }
      }
      seq[count] = id;
    }
    count++;
  }
  return { count, seq: seq.subarray(0, Math.min(count, max)) };
}

function sameUnits(s: string, a: number, b: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (s.charCodeAt(a + k) !== s.charCodeAt(b + k)) return false;
  return true;
}

/**
 * Number of word trigrams seq[i..i+2] (i < n) equal to an earlier one: an open-addressing hash set of
 * id triples in one typed array, no string or boxed-number keys.
 */
function countRepeatedTrigrams(seq: Int32Array, n: number): number {
  if (n <= 0) return 0;
  let cap = 16;
  while (cap < n * 2) cap <<= 1;
  const mask = cap - 1;
  const slots = new Int32Array(cap * 3).fill(-1);
  let repeats = 0;
  for (let i = 0; i < n; i++) {
    const a = seq[i] as number;
    const b = seq[i + 1] as number;
    const c = seq[i + 2] as number;
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
    h ^= h >>> 15;
    let k = h & mask;
    for (;;) {
      const at = k * 3;
      const s0 = slots[at] as number;
      if (s0 === -1) {
        slots[at] = a;
        slots[at + 1] = b;
        slots[at + 2] = c;
        break;
      }
      if (s0 === a && slots[at + 1] === b && slots[at + 2] === c) {
        repeats++;
        break;
      }
      k = (k + 1) & mask;
    }
  }
  return repeats;
}
const TRIM_SPACE = /\s/;
/** Whether a UTF-16 unit is white space for String.prototype.trim (ASCII fast path). */
function isTrimSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xfeff || TRIM_SPACE.test(String.fromCharCode(c));
}

export const qualityThreshold = defineGuardrail({
  name: 'QualityThreshold',
  stages: ['output'],
  category: 'text-quality',
  description:
    'Fails empty or too-short output, output truncated mid-sentence or inside an unclosed code fence, highly repetitive output (repeated lines or word trigrams), and gibberish (character statistics).',
  defaultSeverity: 'medium',
  config: {
    minChars: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(1)
      .describe('Shortest acceptable output, in characters after trimming.'),
    detectTruncation: z
      .boolean()
      .default(true)
      .describe(
        'Fail output whose last prose line stops mid-sentence (outputs of 120+ characters) or with an unclosed ``` fence.',
      ),
    maxRepetitionRatio: z
      .number()
      .gt(0)
      .max(1)
      .default(0.5)
      .describe('Largest share of word trigrams (or lines) that may be repeats of earlier ones.'),
    maxGibberishRatio: z
      .number()
      .gt(0)
      .max(1)
      .default(0.5)
      .describe('Largest share of random-looking words.'),
  },
  example: { minChars: 20, maxRepetitionRatio: 0.4 },
  create(config) {
    return ({ text }) => {
      const t = text.trim();
      if (t.length === 0)
        return { passed: false, message: 'Output is empty', details: { problems: ['empty'] } };
      const problems: string[] = [];
      const details: Record<string, unknown> = {};
      if (t.length < config.minChars) problems.push('too_short');
      if (config.detectTruncation) {
        const fences = t.includes('```') ? (t.match(/^\s{0,3}```/gm)?.length ?? 0) : 0;
        if (fences % 2 === 1) problems.push('unclosed_code_fence');
        else if (t.length >= 120 && fences === 0 && looksCutOff(t.slice(t.lastIndexOf('\n') + 1))) {
          problems.push('truncated');
        }
      }
      // Words ([\p{L}\p{N}']+ of the lower-cased text) as interned ids; trigrams compared as id triples.
      const { count: wordCount, seq } = wordIds(t.toLowerCase(), 20_002);
      if (wordCount >= 6) {
        const repeats = countRepeatedTrigrams(seq, Math.min(wordCount - 2, 20_000));
        const ratio = repeats / Math.max(1, wordCount - 2);
        details.repetitionRatio = Math.round(ratio * 1000) / 1000;
        if (ratio > config.maxRepetitionRatio) problems.push('high_repetition');
      } else if (wordCount >= 3 && (seq as Int32Array).every((id) => id === 0)) {
        problems.push('high_repetition');
      }
      if (!problems.includes('high_repetition')) {
        // Share of non-blank trimmed lines that repeat an earlier one (4+ lines).
        const lines = new Set<string>();
        let count = 0;
        let from = 0;
        while (from <= t.length) {
          let to = t.indexOf('\n', from);
          if (to < 0) to = t.length;
          let a = from;
          let b = to;
          while (a < b && isTrimSpace(t.charCodeAt(a))) a++;
          while (b > a && isTrimSpace(t.charCodeAt(b - 1))) b--;
          if (b > a) {
            count++;
            lines.add(t.slice(a, b));
          }
          from = to + 1;
        }
        if (count >= 4 && 1 - lines.size / count > config.maxRepetitionRatio)
          problems.push('high_repetition');
      }
      const g = gibberishScore(t);
      if (g.applicable && g.words >= 3) {
        details.gibberishRatio = Math.round(g.score * 1000) / 1000;
        if (g.score > config.maxGibberishRatio) problems.push('gibberish');
      }
      details.problems = problems;
      if (problems.length)
        return { passed: false, message: `Low-quality output: ${problems.join(', ')}`, details };
      return { passed: true, message: 'Output meets the quality thresholds', details };
    };
  },
});
export const QUALITY_PATTERNS = [OPEN_END, CLOSED_END];
