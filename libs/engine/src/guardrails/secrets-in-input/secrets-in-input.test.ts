import { describe, expect, it } from 'vitest';
import { secretsInInput } from './secrets-in-input.ts';

const caller = { userId: 'u1' };
const token = `ghp_${'Zq8Xr2Lm5Nv7Bc4Df1Gh6Jk9Pw3Ty0Us2AeR4'.slice(0, 36)}`;
const run = (text: string, config: Record<string, unknown> = {}) =>
  secretsInInput.create(
    secretsInInput.configSchema.parse(config),
    {},
  )({ text, stage: 'input', context: {}, caller });

describe('SecretsInInput', () => {
  it('fails with the rule id, the value span and a masked preview; the secret never leaks', async () => {
    const text = `please use ${token} for the push`;
    const r = await run(text);
    expect(r.passed).toBe(false);
    expect(r.findings).toEqual([
      { type: 'github-pat', start: 11, end: 11 + token.length, score: 0.95, preview: 'ghp_…[40]' },
    ]);
    expect(JSON.stringify({ m: r.message, d: r.details, f: r.findings })).not.toContain(token.slice(4));
    expect(r.redactions).toEqual([{ start: 11, end: 51, replacement: '[REDACTED:github-pat]' }]);
  });

  it('uses the configured redaction format', async () => {
    const r = await run(token, { redaction: { format: '<{type}>' } });
    expect(r.redactions?.[0]?.replacement).toBe('<github-pat>');
  });

  it('passes ordinary text and placeholders', async () => {
    expect((await run('How do I rotate my GitHub token safely?')).passed).toBe(true);
    expect((await run('export GITHUB_TOKEN=<your-token>')).passed).toBe(true);
  });

  it('validates config at save time', () => {
    expect(secretsInInput.configSchema.safeParse({ rules: { disabled: ['no-such-rule'] } }).success).toBe(
      false,
    );
    expect(secretsInInput.configSchema.safeParse({ rules: { disabled: ['github-pat'] } }).success).toBe(true);
    const bad = secretsInInput.configSchema.safeParse({ customRules: [{ id: 'x', pattern: '(unclosed' }] });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('invalid pattern');
    expect(secretsInInput.configSchema.safeParse({ action: 'redact' }).success).toBe(true);
    expect(secretsInInput.configSchema.parse({}).severity).toBe('critical');
    expect(secretsInInput.configSchema.safeParse(secretsInInput.example).success).toBe(true);
  });
});
