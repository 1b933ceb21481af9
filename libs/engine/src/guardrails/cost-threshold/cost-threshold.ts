import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';

const budget = (what: string) => z.number().positive().max(1_000_000_000).optional().describe(what);

export const costThreshold = defineGuardrail({
  name: 'CostThreshold',
  stages: ['input', 'output'],
  category: 'operational',
  description:
    'Judges `context.usage`: fails when the estimated cost of the call, or the spend so far today or this month, is over its budget (US dollars), and warns (passing) from `warnRatio` of a budget.',
  defaultSeverity: 'high',
  config: {
    maxCostPerCallUsd: budget('Budget for one call, compared with `usage.estimatedCostUsd`.'),
    maxDailyCostUsd: budget('Budget per day, compared with `usage.dailyCostUsd`.'),
    maxMonthlyCostUsd: budget('Budget per month, compared with `usage.monthlyCostUsd`.'),
    warnRatio: z
      .number()
      .gt(0)
      .max(1)
      .default(0.8)
      .describe('Fraction of a budget from which the result carries a warning.'),
    onMissing: onMissingSchema,
  },
  example: { maxCostPerCallUsd: 0.5, maxDailyCostUsd: 100, maxMonthlyCostUsd: 2000, warnRatio: 0.8 },
  create(config) {
    const checks = [
      ['per-call', config.maxCostPerCallUsd, 'estimatedCostUsd'],
      ['daily', config.maxDailyCostUsd, 'dailyCostUsd'],
      ['monthly', config.maxMonthlyCostUsd, 'monthlyCostUsd'],
    ] as const;
    return ({ context }) => {
      const usage = context.usage;
      const measured: Array<{ period: string; spent: number; budget: number; ratio: number }> = [];
      for (const [period, max, field] of checks) {
        const spent = usage?.[field];
        if (max === undefined || spent === undefined) continue;
        measured.push({ period, spent, budget: max, ratio: spent / max });
      }
      if (measured.length === 0) return missingFacts(config.onMissing, 'usage cost for a configured budget');
      const over = measured.filter((m) => m.ratio > 1);
      const fmt = (m: (typeof measured)[number]) => `${m.period} $${m.spent} of $${m.budget}`;
      if (over.length > 0) {
        return {
          passed: false,
          message: `Over budget: ${over.map(fmt).join('; ')}`,
          details: { budgets: measured },
        };
      }
      const near = measured.filter((m) => m.ratio >= config.warnRatio);
      if (near.length > 0) {
        return {
          passed: true,
          message: `Near budget: ${near.map(fmt).join('; ')}`,
          details: { budgets: measured },
        };
      }
      return { passed: true, message: 'Within budget', details: { budgets: measured } };
    };
  },
});
