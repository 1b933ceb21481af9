import { describe, expect, it } from 'vitest';
import { effectiveAction } from '../../core/define.ts';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { ERASURE_PATTERNS, rightToErasure as g } from './right-to-erasure.ts';

describe('RightToErasure', () => {
  const run = checker(g);
  it('recognises erasure requests with type and legal basis', () => {
    expect(run('Please delete all my personal data immediately')).toMatchObject({
      passed: false,
      details: { requestType: 'right_to_erasure', confidence: 0.95 },
    });
    expect(run('This is a GDPR Article 17 data subject request').details?.legalBasis).toContain(
      'GDPR Article 17',
    );
    expect(run('Do not sell my personal information').details?.requestType).toBe('opt_out');
  });
  it('passes ordinary text and weak matches under the threshold', () => {
    expect(run('How do I delete a row in Excel?').passed).toBe(true);
    expect(run('Remove the profile picture background').passed).toBe(true);
    expect(run('delete the account').passed).toBe(true); // 0.65 < 0.75
  });
  it('warns rather than blocks by default', () => {
    expect(effectiveAction(g.configSchema.parse({}))).toBe('warn');
  });
  it('uses linear-time patterns', async () => {
    for (const { re } of ERASURE_PATTERNS) expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});
