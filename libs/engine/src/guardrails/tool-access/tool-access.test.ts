import { describe, expect, it } from 'vitest';
import { compileProfile } from '../../core/compile.ts';
import { createRegistry } from '../../core/registry.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { toolAccess as g } from './tool-access.ts';

const base = {
  allowedTools: ['search', 'calculator', 'read_*'],
  deniedTools: ['read_secrets'],
  argumentSchemas: {
    search: {
      type: 'object',
      properties: { query: { type: 'string', maxLength: 20, pattern: '^[a-z ]+$' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
};
const run = (name: string, args: Record<string, unknown>, config: Record<string, unknown> = base) =>
  sync(
    g.create(
      g.configSchema.parse(config),
      {},
    )({
      text: '',
      stage: 'tool',
      context: {},
      toolCall: { name, arguments: args },
      caller: { userId: 'u' },
    }),
  );

describe('ToolAccess', () => {
  it('allows listed tools with valid arguments', () => {
    expect(run('search', { query: 'weather today' }).passed).toBe(true);
    expect(run('read_file', { path: 'a' }).passed).toBe(true);
  });
  it('denies tools outside the allow-list or on the deny-list', () => {
    expect(run('shell', {})).toMatchObject({ passed: false, details: { reason: 'not_allowed' } });
    expect(run('read_secrets', {})).toMatchObject({ passed: false, details: { reason: 'denied' } });
  });
  it('validates arguments with full JSON Schema (2020-12), reporting paths', () => {
    const r = run('search', { query: 'x'.repeat(30), extra: 1 });
    expect(r.passed).toBe(false);
    expect(r.details?.schemaErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ keyword: 'maxLength', path: '/query' })]),
    );
    expect(run('search', { query: 'DROP' })).toMatchObject({ passed: false });
    expect(run('search', {}).passed).toBe(false);
  });
  it('reads the tool call from the text when none is given', () => {
    const check = g.create(g.configSchema.parse(base), {});
    const r = check({
      text: '{"name":"shell","arguments":{}}',
      stage: 'tool',
      context: {},
      caller: { userId: 'u' },
    });
    expect(r).toMatchObject({ passed: false });
  });
  it('follows onMissing without a tool call', () => {
    const check = g.create(g.configSchema.parse({}), {});
    expect(check({ text: 'hi', stage: 'tool', context: {}, caller: { userId: 'u' } })).toMatchObject({
      passed: true,
    });
  });
  it('rejects an invalid schema or pattern when the profile is saved, naming the field', () => {
    const bad = { argumentSchemas: { search: { type: 'objekt' } } };
    expect(g.configSchema.safeParse(bad).success).toBe(false);
    expect(
      g.configSchema.safeParse({ argumentSchemas: { s: { type: 'string', pattern: '(' } } }).success,
    ).toBe(false);
    const compiled = compileProfile(
      { inputGuardrails: [], outputGuardrails: [], toolGuardrails: [{ name: 'ToolAccess', config: bad }] },
      createRegistry([g]),
    );
    expect(compiled.ok).toBe(false);
    if (!compiled.ok)
      expect(compiled.issues[0]?.path).toBe('toolGuardrails[0].config.argumentSchemas.search');
  });
});
