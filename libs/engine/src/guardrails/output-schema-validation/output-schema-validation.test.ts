import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { FENCE, outputSchemaValidation as g } from './output-schema-validation.ts';

const schema = {
  type: 'object',
  properties: {
    answer: { type: 'string' },
    confidence: { type: 'number' },
    tags: { type: 'array', prefixItems: [{ const: 'a' }] },
  },
  required: ['answer'],
  additionalProperties: false,
};

describe('OutputSchemaValidation', () => {
  const run = checker(g, { schema });
  it('passes valid JSON matching the schema, also inside a code fence', () => {
    expect(run('{"answer":"yes","confidence":0.9}').passed).toBe(true);
    expect(run('```json\n{"answer":"yes"}\n```').passed).toBe(true);
  });
  it('fails invalid JSON', () => {
    expect(run('{ invalid json')).toMatchObject({ passed: false, details: { reason: 'invalid_json' } });
    expect(checker(g, { schema, allowNonJson: true })('plain text').passed).toBe(true);
  });
  it('reports schema errors with paths, including 2020-12 keywords', () => {
    const r = run('{"confidence":"high","tags":["b"]}');
    expect(r.passed).toBe(false);
    const errors = r.details?.schemaErrors as Array<{ path: string; keyword: string }>;
    expect(errors.map((e) => e.keyword)).toEqual(expect.arrayContaining(['required', 'type', 'const']));
    expect(errors.find((e) => e.keyword === 'const')?.path).toBe('/tags/0');
  });
  it('rejects an invalid schema when the profile is saved', () => {
    expect(g.configSchema.safeParse({ schema: { type: 12 } }).success).toBe(false);
    expect(g.configSchema.safeParse({ schema: { properties: { a: { pattern: '[' } } } }).success).toBe(false);
    expect(g.configSchema.safeParse({}).success).toBe(true);
  });
  it('uses a linear-time fence pattern', async () => {
    expect(await linearTimeStatus(FENCE)).toBe('safe');
  }, 60_000);
});
