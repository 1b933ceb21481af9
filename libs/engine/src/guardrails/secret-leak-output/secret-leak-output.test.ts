import { describe, expect, it } from 'vitest';
import { secretLeakOutput } from './secret-leak-output.ts';

const caller = { userId: 'u1' };
const run = (text: string, config: Record<string, unknown> = {}) =>
  secretLeakOutput.create(
    secretLeakOutput.configSchema.parse(config),
    {},
  )({ text, stage: 'output', context: {}, caller });

describe('SecretLeakOutput', () => {
  it('finds a leaked key in an answer and redacts it', async () => {
    const key = 'AKIAQ3EGRT7UJLMNW2XZ';
    const r = await run(`Sure, the key is ${key}.`, { redaction: { format: '[REDACTED_SECRET]' } });
    expect(r.passed).toBe(false);
    expect(r.findings?.map((f) => f.type)).toEqual(['aws-access-token']);
    expect(r.redactions).toEqual([{ start: 17, end: 37, replacement: '[REDACTED_SECRET]' }]);
    expect(r.message).not.toContain(key);
  });

  it('finds password assignments and custom rules', async () => {
    expect((await run('password=supersecret123')).findings?.[0]?.type).toBe('generic-password');
    const r = await run('ticket ACME-7f3k9q2m1z', {
      customRules: [{ id: 'acme-ticket-key', pattern: 'ACME-([a-z0-9]{10})', keywords: ['acme-'] }],
    });
    expect(r.findings?.map((f) => f.type)).toEqual(['acme-ticket-key']);
  });

  it('treats the AWS documentation example key as an example', async () => {
    expect((await run('e.g. AKIAIOSFODNN7EXAMPLE')).passed).toBe(true);
  });
});
