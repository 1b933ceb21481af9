import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { ACTIONS } from '../../core/types.ts';
import { compilePiiCheck, piiConfigShape } from '../../detectors/pii/index.ts';

export const outputPiiRedaction = defineGuardrail({
  name: 'OutputPIIRedaction',
  stages: ['output'],
  category: 'privacy',
  description:
    'Replaces every personal-data entity in model output (same recognizers as PIIDetection) with a typed placeholder such as <EMAIL_ADDRESS>, or masks, hashes or removes it.',
  defaultSeverity: 'medium',
  supportsRedaction: true,
  config: {
    ...piiConfigShape,
    action: z
      .enum(ACTIONS)
      .default('redact')
      .describe('redact by default: every entity is rewritten in sanitizedText'),
  },
  example: { operator: 'mask', maskKeepLast: 4, entities: ['CREDIT_CARD', 'IBAN_CODE'] },
  create(config) {
    const check = compilePiiCheck(config, 'output');
    return ({ text }) => check(text);
  },
});
