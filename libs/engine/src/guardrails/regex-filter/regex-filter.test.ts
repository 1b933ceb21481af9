import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileProfile } from '../../core/compile.ts';
import { createRegistry } from '../../core/registry.ts';
import { checker } from '../../detectors/testing/harness.ts';
import { patternFacts } from './pattern-facts.ts';
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

describe('RegexFilter literal and line prefilters', () => {
  /** What the rules report without any prefilter: every find() on the whole text. */
  function reference(rules: Array<{ pattern: string; flags?: string; action?: string }>, text: string) {
    const out: Array<[number, number, number]> = [];
    for (const [k, r] of rules.entries()) {
      let bits = 0;
      for (const f of r.flags ?? '')
        bits |= { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL }[f]!;
      const m = RE2JS.compile(r.pattern, bits).matcher(text);
      for (let n = 0; n < 200 && m.find() && m.end() > m.start(); n++) out.push([k, m.start(), m.end()]);
    }
    return out;
  }
  const PATTERNS: Array<[string, string]> = [
    ['\\bpassword\\b', 'i'],
    ['JIRA-\\d+', 'i'],
    ['pass(word)?s?', ''],
    ['^secret', 'm'],
    ['^secret', ''],
    ['token$', 'm'],
    ['key.*value', ''],
    ['key.*value', 's'],
    ['(?s)key.*value', ''],
    ['key\\s+value', ''],
    ['key[^x]value', ''],
    ['api[_-]?key', 'i'],
    ['a|password', ''],
    ['(?i)strasse', ''],
    ['ab{2}c', ''],
    ['x*', ''],
    ['\\Q.*\\E', ''],
    ['[[:space:]]end', ''],
    ['\\x{41}BC', ''],
    ['kelvin', 'i'],
    ['(?P<w>word) here', ''],
  ];
  const TEXTS = [
    'my password is x\nPASSWORD: y\npasswords\n',
    'see jira-12 and\nJIRA-7 and İstanbul jira-9',
    'ſtraſſe straSSe and \u212aelvin kelvin',
    'key\nvalue then key value then key=value\r\nsecret\nsecret token\ntoken\n',
    'ABBC abbc ABC\n.*  [end \tend\n word here',
    '',
  ];
  it('report exactly what a plain find() loop over the whole text reports', () => {
    for (const [pattern, flags] of PATTERNS) {
      const rules = [{ pattern, flags, action: 'warn' as const }];
      const run = checker(g, { rules });
      for (const text of TEXTS) {
        const got = (run(text).findings ?? []).map((f) => [0, f.start, f.end]);
        expect([pattern, flags, text, got]).toEqual([pattern, flags, text, reference(rules, text)]);
      }
    }
  });
  it('extracts the literal every match contains, and whether matches stay within a line', () => {
    expect(patternFacts('\\bpassword\\b', 'i')).toEqual({ literal: 'password', lineLocal: true });
    expect(patternFacts('JIRA-\\d+', '')).toEqual({ literal: 'jira-', lineLocal: true });
    expect(patternFacts('ab+cd?ef', '')).toEqual({ literal: 'ef', lineLocal: true });
    expect(patternFacts('^x', '')).toEqual({ literal: 'x', lineLocal: false });
    expect(patternFacts('^x', 'm')).toEqual({ literal: 'x', lineLocal: true });
    expect(patternFacts('a.b', 's')).toEqual({ literal: 'a', lineLocal: false });
    expect(patternFacts('ab\\s', '')).toEqual({ literal: 'ab', lineLocal: false });
    expect(patternFacts('abc|d', '')).toEqual({ literal: undefined, lineLocal: true });
    expect(patternFacts('(abc)', '')).toEqual({ literal: undefined, lineLocal: true });
    expect(patternFacts('\\Qa\\E', '')).toEqual({ literal: undefined, lineLocal: false });
  });
});
