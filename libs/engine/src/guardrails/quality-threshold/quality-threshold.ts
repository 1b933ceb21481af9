import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
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
      const words = t.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
      if (words.length >= 6) {
        const seen = new Set<string>();
        let repeats = 0;
        for (let i = 0; i + 2 < words.length && i < 20_000; i++) {
          const tri = `${words[i]} ${words[i + 1]} ${words[i + 2]}`;
          if (seen.has(tri)) repeats++;
          else seen.add(tri);
        }
        const ratio = repeats / Math.max(1, words.length - 2);
        details.repetitionRatio = Math.round(ratio * 1000) / 1000;
        if (ratio > config.maxRepetitionRatio) problems.push('high_repetition');
      } else if (words.length >= 3 && new Set(words).size === 1) {
        problems.push('high_repetition');
      }
      const lines = t
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length > 0);
      if (lines.length >= 4 && !problems.includes('high_repetition')) {
        const distinct = new Set(lines).size;
        if (1 - distinct / lines.length > config.maxRepetitionRatio) problems.push('high_repetition');
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
