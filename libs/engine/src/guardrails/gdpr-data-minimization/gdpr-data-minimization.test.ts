import { describe, expect, it } from 'vitest';
import type { Detection } from '../../core/types.ts';
import { gdprDataMinimization } from './gdpr-data-minimization.ts';

const run = (text: string, config: Record<string, unknown> = {}): Detection =>
  gdprDataMinimization.create(
    gdprDataMinimization.configSchema.parse(config),
    {},
  )({
    text,
    stage: 'input',
    context: {},
    caller: { userId: 'u1' },
  }) as Detection;

const profile =
  'My name is Anna Kowalski, email anna@example.com, phone +44 20 7946 0958, card 4111 1111 1111 1111, SSN 078-05-1123.';

describe('GDPRDataMinimization', () => {
  it('passes within the allowance', () => {
    expect(run('Please email anna@example.com').passed).toBe(true);
  });
  it('fails on too many items or types', () => {
    const r = run(profile);
    expect(r.passed).toBe(false);
    expect(r.details).toMatchObject({ items: 5 });
    expect(r.message).toContain('entity types (limit 3)');
    expect(run('a@example.com b@example.com c@example.com', { maxItems: 2 }).passed).toBe(false);
    expect(run('a@example.com b@example.com', { maxItems: 2 }).passed).toBe(true);
  });
  it('fails on types outside the allow-list and redacts only those', () => {
    const r = run('Email anna@example.com, card 4111 1111 1111 1111', { allowedEntities: ['EMAIL_ADDRESS'] });
    expect(r.passed).toBe(false);
    expect(r.message).toContain('CREDIT_CARD');
    expect(r.redactions?.map((x) => x.replacement)).toEqual(['<CREDIT_CARD>']);
  });
  it('rejects unknown entity names', () => {
    expect(gdprDataMinimization.configSchema.safeParse({ allowedEntities: ['EMAIL'] }).success).toBe(false);
  });
});
