import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { gibberishScore } from '../../detectors/text-stats/gibberish.ts';

export const gibberish = defineGuardrail({
  name: 'Gibberish',
  stages: ['input', 'output'],
  category: 'text-quality',
  description:
    'Detects random or nonsensical Latin-script text (keyboard mashing, random letters) from character statistics: vowel-less words, long consonant runs, improbable letter pairs and repeats. Other scripts (CJK, Cyrillic …) and source code are out of scope and pass.',
  defaultSeverity: 'medium',
  config: {
    threshold: z
      .number()
      .gt(0)
      .max(1)
      .default(0.5)
      .describe('Share of random-looking words from which the text is gibberish.'),
    minWords: z.number().int().min(1).max(1000).default(3).describe('Fewest words needed to judge.'),
  },
  example: { threshold: 0.6, minWords: 4 },
  create(config) {
    return ({ text }) => {
      const g = gibberishScore(text);
      const details = { words: g.words, badWords: g.badWords, score: Math.round(g.score * 1000) / 1000 };
      if (!g.applicable) return { passed: true, message: `Not judged: ${g.reason}`, details };
      if (g.words < config.minWords)
        return { passed: true, message: `Too few words to judge (${g.words})`, details };
      if (g.score >= config.threshold) {
        return {
          passed: false,
          message: `Text looks like gibberish (${g.badWords} of ${g.words} words)`,
          score: g.score,
          details,
        };
      }
      return { passed: true, message: 'Text reads as language', score: g.score, details };
    };
  },
});
