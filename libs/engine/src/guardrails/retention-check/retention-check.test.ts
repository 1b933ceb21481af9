import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { retentionCheck as g } from './retention-check.ts';

const run = (context: CallContext, config: Record<string, unknown> = {}) =>
  sync(
    g.create(
      g.configSchema.parse(config),
      {},
    )({ text: '', stage: 'input', context, caller: { userId: 'u' } }),
  );
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

describe('RetentionCheck', () => {
  it('passes fresh data and fails data past its period', () => {
    expect(run({ retention: { dataCollectedAt: daysAgo(10) } }, { maxAgeDays: 30 }).passed).toBe(true);
    expect(run({ retention: { dataCollectedAt: daysAgo(40) } }, { maxAgeDays: 30 })).toMatchObject({
      passed: false,
      details: { ageDays: 40, maxAgeDays: 30 },
    });
  });
  it('respects legal hold', () => {
    expect(run({ retention: { dataCollectedAt: daysAgo(400), legalHold: true } }).passed).toBe(true);
    expect(
      run({ retention: { dataCollectedAt: daysAgo(400), legalHold: true } }, { respectLegalHold: false })
        .passed,
    ).toBe(false);
  });
  it('fails a date in the future', () => {
    expect(run({ retention: { dataCollectedAt: daysAgo(-10) } }).passed).toBe(false);
  });
  it('follows onMissing', () => {
    expect(run({}).passed).toBe(true);
    expect(run({}, { onMissing: 'fail' }).passed).toBe(false);
  });
});
