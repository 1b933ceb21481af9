import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { apiKeyRotationTrigger as g, PARAPET_KEY } from './api-key-rotation-trigger.ts';

const run = (text: string, context: CallContext = {}, config: Record<string, unknown> = {}) =>
  sync(
    g.create(g.configSchema.parse(config), {})({ text, stage: 'input', context, caller: { userId: 'u' } }),
  );
const key = `ppt_${'3mJr7AoUXx2Wqd4tYmEbKpZL9gCvNhRs'}Q`;

describe('ApiKeyRotationTrigger', () => {
  it('passes without signals', () => {
    expect(run('hello')).toMatchObject({
      passed: true,
      message: expect.stringContaining('No security signals'),
    });
  });
  it('triggers on one of our keys in the text, masked and redactable', () => {
    const r = run(`my key is ${key} ok`);
    expect(r).toMatchObject({
      passed: false,
      details: { rotationRequired: true, signals: ['api_key_in_text'] },
    });
    expect(r.findings?.[0]).toMatchObject({ start: 10, end: 10 + key.length });
    expect(r.findings?.[0]?.preview).not.toContain(key.slice(8));
    expect(r.redactions?.[0]?.replacement).toBe('[REDACTED_PARAPET_KEY]');
  });
  it('ignores look-alikes: short, non-base58 (0, O, I, l) or other prefixes', () => {
    expect(run('ppt_abc123').passed).toBe(true);
    expect(run(`ppt_${'0'.repeat(40)}`).passed).toBe(true);
    expect(run(`xppt_${'3mJr7AoUXx2Wqd4tYmEbKpZL9gCvNhRs'}`).passed).toBe(true);
  });
  it('triggers on context signals, with a threshold', () => {
    expect(run('', { securitySignals: { keyLeakSuspected: true } }).passed).toBe(false);
    const ctx = { securitySignals: { anomalies: ['geo_jump'] } };
    expect(run('', ctx, { minSignals: 2 })).toMatchObject({
      passed: true,
      details: { rotationRequired: false },
    });
    const ctx2 = { securitySignals: { anomalies: ['geo_jump', 'burst'] } };
    expect(run('', ctx2, { minSignals: 2 })).toMatchObject({
      passed: false,
      details: { signals: ['anomaly:geo_jump', 'anomaly:burst'] },
    });
  });
  it('uses a linear-time pattern', async () => {
    expect(await linearTimeStatus(PARAPET_KEY)).toBe('safe');
  }, 60_000);
});
