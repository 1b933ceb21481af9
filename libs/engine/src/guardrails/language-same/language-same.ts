import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';
import {
  detectLanguage,
  isProse,
  rankLanguages,
  toIso1,
  toIso3,
} from '../../detectors/language/languages.ts';

export const languageSame = defineGuardrail({
  name: 'LanguageSame',
  stages: ['output'],
  category: 'text-quality',
  description:
    'Fails output written in a different language from the input: the input language comes from `context.inputLanguage` or is identified (franc) from `context.inputText`; texts too short to identify pass with a note.',
  defaultSeverity: 'medium',
  config: {
    minLength: z
      .number()
      .int()
      .min(5)
      .max(10_000)
      .default(30)
      .describe('Characters needed to identify a language.'),
    onMissing: onMissingSchema,
  },
  example: { minLength: 40 },
  create(config) {
    return ({ text, context }) => {
      let input: string | undefined;
      if (context.inputLanguage) input = toIso3(context.inputLanguage) ?? context.inputLanguage.toLowerCase();
      else if (context.inputText) input = detectLanguage(context.inputText, config.minLength);
      else return missingFacts(config.onMissing, 'inputText or inputLanguage');
      if (input === 'und') return { passed: true, message: 'Input too short to identify its language' };
      if (!isProse(text))
        return { passed: true, message: 'Output is not prose (code, data); language not judged' };
      const ranking = rankLanguages(text, config.minLength);
      if (!ranking) return { passed: true, message: 'Output too short to identify its language' };
      const output = ranking.top;
      const details = { inputLanguage: toIso1(input), outputLanguage: toIso1(output) };
      // Ambiguous outputs (the input language nearly as likely) pass.
      if (output !== input && !ranking.scores().some(([l, score]) => l === input && score >= 0.9)) {
        return {
          passed: false,
          message: `Output is in "${details.outputLanguage}" but the input is in "${details.inputLanguage}"`,
          details,
        };
      }
      return { passed: true, message: `Output and input are both "${details.outputLanguage}"`, details };
    };
  },
});
