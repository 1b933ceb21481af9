import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import { createClassifier, type LinearModelJson } from '../../detectors/text-classifier/index.ts';
import { classifierInput } from './features.ts';
import modelJson from './model/injection.model.json' with { type: 'json' };

/** Loaded once at start-up; shipped weights, no network. */
const model = modelJson as unknown as LinearModelJson;
const classifier = createClassifier(model);
const PREVIEW_SOURCE_CHARS = 160;

export const llmClassifierInjection = defineGuardrail({
  name: 'LLMClassifierInjection',
  stages: ['input', 'tool'],
  category: 'prompt-attack',
  description:
    'A trained classifier (hashed word n-gram logistic regression over de-obfuscated text: homoglyphs, invisible characters, leetspeak and spaced-out letters folded, German instruction words read as English, prohibitions such as "never reveal your system prompt" left unread; weights shipped with the engine, no network) scoring prompt-injection and jailbreak likelihood; fails at or above the threshold and returns the score.',
  defaultSeverity: 'high',
  config: {
    threshold: z
      .number()
      .gt(0)
      .lt(1)
      .default(model.threshold)
      .describe(
        'Score in (0,1) at or above which the text fails; the default is the threshold chosen at training.',
      ),
  },
  example: { severity: 'high', threshold: model.threshold },
  create(config) {
    return ({ text }) => {
      const score = classifier.score(classifierInput(text));
      const rounded = Math.round(score * 1000) / 1000;
      if (score < config.threshold) {
        return { passed: true, message: `Injection score ${rounded} is below ${config.threshold}`, score };
      }
      return {
        passed: false,
        message: `Injection score ${rounded} is at or above ${config.threshold}`,
        score,
        findings: [
          {
            type: 'injection-classifier',
            start: 0,
            end: text.length,
            score,
            // The head of the text is enough for an 80-character preview; excerpting all of a long text would cost as much as scoring it.
            preview: excerpt(text, 0, Math.min(text.length, PREVIEW_SOURCE_CHARS)),
          },
        ],
      };
    };
  },
});
