import { describe, expect, it } from 'vitest';
import { runGuardrails } from '../../core/executor.ts';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { confidentiality as g, MARKING_PHRASES, MARKING_STAMPS } from './confidentiality.ts';

describe('Confidentiality', () => {
  const run = checker(g, { codeNames: ['Project Bluebird', 'Falcon'] });
  it('passes ordinary prose and look-alikes', () => {
    for (const t of [
      'Keep your password confidential and secure.',
      'Version 10.2 is out; the secret to good bread is time.',
      'The Falconry club meets on Tuesdays.',
      'This is a restricted-access area for staff.',
    ])
      expect(run(t).passed, t).toBe(true);
  });
  it('finds markings and stamps', () => {
    expect(run('This memo is for internal use only.').passed).toBe(false);
    expect(run('CONFIDENTIAL - Q3 forecast').passed).toBe(false);
    expect(run('Shared under NDA with partners').passed).toBe(false);
    expect(run('Confidential document attached').passed).toBe(false);
  });
  it('finds configured code names as whole words', () => {
    const r = run('Status of project  bluebird and FALCON launch');
    expect(r.findings?.map((f) => f.type)).toEqual(['code_name', 'code_name']);
  });
  it('redacts through the executor', async () => {
    const check = g.create(g.configSchema.parse({ action: 'redact' }), {});
    const out = await runGuardrails(
      [{ name: g.name, severity: 'high', action: 'redact', failOpen: false, timeoutMs: 1000, check }],
      {
        text: 'Confidential document: launch plan',
        stage: 'output',
        context: {},
        caller: { userId: 'u' },
      },
    );
    expect(out.sanitizedText).toBe('[REDACTED]: launch plan');
  });
  it('passes for an allowed profile', () => {
    const r = checker(g, { allowedProfiles: ['internal-admin'] })('INTERNAL USE ONLY', {
      caller: { userId: 'u', profileId: 'internal-admin' },
    });
    expect(r.passed).toBe(true);
  });
  it('uses linear-time patterns', async () => {
    for (const re of [MARKING_PHRASES, MARKING_STAMPS])
      expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 60_000);
});
