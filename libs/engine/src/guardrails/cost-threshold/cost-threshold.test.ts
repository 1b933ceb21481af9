import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { costThreshold as g } from './cost-threshold.ts';

const run = (context: CallContext, config: Record<string, unknown>) =>
  sync(
    g.create(
      g.configSchema.parse(config),
      {},
    )({ text: '', stage: 'input', context, caller: { userId: 'u' } }),
  );

describe('CostThreshold', () => {
  const cfg = { maxCostPerCallUsd: 10, warnRatio: 0.7 };
  it('passes under, warns near and fails over the per-call budget', () => {
    expect(run({ usage: { estimatedCostUsd: 3 } }, cfg)).toMatchObject({
      passed: true,
      message: 'Within budget',
    });
    expect(run({ usage: { estimatedCostUsd: 8 } }, cfg)).toMatchObject({
      passed: true,
      message: expect.stringContaining('Near budget'),
    });
    expect(run({ usage: { estimatedCostUsd: 12 } }, cfg)).toMatchObject({ passed: false });
  });
  it('judges daily and monthly spend', () => {
    expect(run({ usage: { dailyCostUsd: 101 } }, { maxDailyCostUsd: 100 }).passed).toBe(false);
    expect(run({ usage: { monthlyCostUsd: 999 } }, { maxMonthlyCostUsd: 1000 })).toMatchObject({
      passed: true,
      message: expect.stringContaining('monthly'),
    });
  });
  it('follows onMissing when no usage matches a budget', () => {
    expect(run({}, cfg)).toMatchObject({ passed: true, message: expect.stringContaining('No usage cost') });
    expect(run({ usage: { dailyCostUsd: 5 } }, { ...cfg, onMissing: 'fail' }).passed).toBe(false);
  });
  it('rejects negative budgets', () => {
    expect(g.configSchema.safeParse({ maxDailyCostUsd: -1 }).success).toBe(false);
  });
});
