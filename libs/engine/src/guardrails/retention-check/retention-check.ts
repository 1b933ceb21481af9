import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';

const DAY_MS = 86_400_000;

export const retentionCheck = defineGuardrail({
  name: 'RetentionCheck',
  stages: ['input', 'output'],
  category: 'compliance',
  description:
    'Judges `context.retention`: fails when the data in the call was collected more than `maxAgeDays` ago, unless it is under legal hold (then it must be kept, and passes).',
  defaultSeverity: 'high',
  config: {
    maxAgeDays: z.number().int().positive().max(36_500).default(90).describe('Retention period in days.'),
    respectLegalHold: z
      .boolean()
      .default(true)
      .describe('Data under legal hold passes whatever its age (it must not be deleted).'),
    onMissing: onMissingSchema,
  },
  example: { maxAgeDays: 30 },
  create(config) {
    return ({ context }) => {
      const r = context.retention;
      if (r?.legalHold && config.respectLegalHold) {
        return {
          passed: true,
          message: 'Data is under legal hold; retention limit does not apply',
          details: { legalHold: true },
        };
      }
      if (!r?.dataCollectedAt) return missingFacts(config.onMissing, 'retention.dataCollectedAt');
      const collected = Date.parse(r.dataCollectedAt);
      const ageDays = Math.floor((Date.now() - collected) / DAY_MS);
      if (ageDays < -1) {
        return {
          passed: false,
          message: 'Collection date is in the future',
          details: { dataCollectedAt: r.dataCollectedAt },
        };
      }
      if (ageDays > config.maxAgeDays) {
        return {
          passed: false,
          message: `Data is ${ageDays} days old, past its ${config.maxAgeDays}-day retention period`,
          details: { ageDays, maxAgeDays: config.maxAgeDays },
        };
      }
      return {
        passed: true,
        message: `Data is ${Math.max(0, ageDays)} days old, within retention`,
        details: { ageDays },
      };
    };
  },
});
