import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';

export const inputSize = defineGuardrail({
  name: 'InputSize',
  stages: ['input', 'output'],
  category: 'operational',
  description:
    'Fails when the text is longer than a limit in characters (UTF-16 code units) or UTF-8 bytes, and warns in a band just below the limit.',
  defaultSeverity: 'high',
  config: {
    maxChars: z.number().int().positive().max(10_000_000).default(50_000),
    maxBytes: z.number().int().positive().max(40_000_000).default(200_000),
    /** Fraction of a limit from which the result carries a warning (still passing). */
    warnRatio: z.number().gt(0).max(1).default(0.8),
  },
  example: { severity: 'high', maxChars: 20_000, maxBytes: 80_000 },
  create(config) {
    return ({ text }) => {
      const chars = text.length;
      const bytes = Buffer.byteLength(text, 'utf8');
      const details = { chars, bytes, maxChars: config.maxChars, maxBytes: config.maxBytes };
      if (chars > config.maxChars) {
        return {
          passed: false,
          message: `Text is ${chars} characters, over the limit of ${config.maxChars}`,
          details,
        };
      }
      if (bytes > config.maxBytes) {
        return {
          passed: false,
          message: `Text is ${bytes} bytes, over the limit of ${config.maxBytes}`,
          details,
        };
      }
      const ratio = Math.max(chars / config.maxChars, bytes / config.maxBytes);
      if (ratio >= config.warnRatio) {
        return { passed: true, message: `Text is at ${Math.round(ratio * 100)}% of its size limit`, details };
      }
      return { passed: true, message: 'Text is within the size limits', details };
    };
  },
});
