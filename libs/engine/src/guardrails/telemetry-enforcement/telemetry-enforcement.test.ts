import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { telemetryEnforcement as g } from './telemetry-enforcement.ts';

const run = (context: CallContext, config: Record<string, unknown> = {}) =>
  sync(
    g.create(
      g.configSchema.parse(config),
      {},
    )({ text: '', stage: 'input', context, caller: { userId: 'u' } }),
  );

describe('TelemetryEnforcement', () => {
  it('passes when telemetry is on', () => {
    expect(run({ telemetry: { enabled: true } }).passed).toBe(true);
  });
  it('fails when telemetry is off', () => {
    expect(run({ telemetry: { enabled: false } })).toMatchObject({
      passed: false,
      details: { problems: ['telemetry is disabled'] },
    });
  });
  it('requires audit logging when configured', () => {
    expect(run({ telemetry: { enabled: true } }, { requireAuditLogging: true }).passed).toBe(false);
    expect(
      run({ telemetry: { enabled: true, auditLogging: true } }, { requireAuditLogging: true }).passed,
    ).toBe(true);
  });
  it('follows onMissing when the facts are absent', () => {
    expect(run({})).toMatchObject({ passed: true, message: expect.stringContaining('No telemetry') });
    expect(run({}, { onMissing: 'fail' }).passed).toBe(false);
  });
});
