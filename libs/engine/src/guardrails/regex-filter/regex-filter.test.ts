import { describe, expect, it } from 'vitest';
import { compileProfile } from '../../core/compile.ts';
import { createRegistry } from '../../core/registry.ts';
import { checker } from '../../detectors/testing/harness.ts';
import { regexFilter as g } from './regex-filter.ts';

describe('RegexFilter', () => {
  it('blocks with the rule message', () => {
    const run = checker(g, {
      rules: [{ pattern: 'password', flags: 'i', action: 'block', message: 'Passwords forbidden' }],
    });
    expect(run('my PASSWORD is x')).toMatchObject({ passed: false, message: 'Passwords forbidden' });
    expect(run('my passphrase').passed).toBe(true);
  });
  it('warn rules pass with a warning; allow rules short-circuit', () => {
    const run = checker(g, {
      rules: [
        { pattern: '4242 4242 4242 4242', action: 'allow' },
        { pattern: '\\d{4} \\d{4} \\d{4} \\d{4}', action: 'block' },
        { pattern: 'maybe', action: 'warn', message: 'hedging' },
      ],
    });
    expect(run('test card 4242 4242 4242 4242').passed).toBe(true);
    expect(run('card 5555 5555 5555 4444').passed).toBe(false);
    expect(run('maybe later')).toMatchObject({ passed: true, message: 'Warning: hedging' });
  });
  it('returns redactions for redact rules', () => {
    const r = checker(g, { rules: [{ pattern: 'JIRA-\\d+', flags: 'i', action: 'redact' }] })(
      'see jira-12 and JIRA-7',
    );
    expect(r.redactions).toEqual([
      { start: 4, end: 11, replacement: '[REDACTED]' },
      { start: 16, end: 22, replacement: '[REDACTED]' },
    ]);
  });
  it('runs catastrophic patterns in linear time', () => {
    const run = checker(g, { rules: [{ pattern: '(a+)+$', action: 'block' }] });
    const t0 = performance.now();
    expect(run(`${'a'.repeat(30_000)}!`).passed).toBe(true); // no match, and no backtracking blow-up
    expect(run('aaa').passed).toBe(false);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
  it('rejects invalid patterns and flags at save time, naming the field', () => {
    expect(g.configSchema.safeParse({ rules: [{ pattern: '[unterminated' }] }).success).toBe(false);
    expect(g.configSchema.safeParse({ rules: [{ pattern: '(?<=x)y' }] }).success).toBe(false);
    expect(g.configSchema.safeParse({ rules: [{ pattern: 'x', flags: 'g' }] }).success).toBe(false);
    expect(g.configSchema.safeParse({}).success).toBe(false);
    const r = compileProfile(
      {
        inputGuardrails: [{ name: 'RegexFilter', config: { rules: [{ pattern: 'ok' }, { pattern: '(' }] } }],
        outputGuardrails: [],
        toolGuardrails: [],
      },
      createRegistry([g]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.path).toBe('inputGuardrails[0].config.rules[1].pattern');
  });
});
