import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { ALLEGATION, defamation as g, HEDGE, NAMED_SUBJECT } from './defamation.ts';

describe('Defamation', () => {
  const run = checker(g);
  it('passes neutral statements and unnamed allegations', () => {
    expect(run('John works at a bank.').passed).toBe(true);
    expect(run('A criminal is someone who committed a crime.').passed).toBe(true);
    expect(run('He is a thief in the novel.').passed).toBe(true);
  });
  it('fails allegations asserted as fact about named people or companies', () => {
    expect(run('John is a criminal and committed fraud.').passed).toBe(false);
    expect(run('Everyone knows Acme Corp laundered money for years.').passed).toBe(false);
    expect(run('Mary Smith is a fraud.').score).toBeCloseTo(0.9);
  });
  it('hedged reporting lowers the score and passes unless flagHedged', () => {
    const hedged = 'John allegedly committed fraud according to reports.';
    expect(run(hedged)).toMatchObject({ passed: true, score: 0.45 });
    expect(checker(g, { flagHedged: true })(hedged).passed).toBe(false);
  });
  it('supports extra allegation phrases', () => {
    expect(
      checker(g, { extraAllegations: ['insider trading'] })('Dana Li profited from insider trading.').passed,
    ).toBe(false);
  });
  it('uses linear-time patterns', async () => {
    for (const re of [NAMED_SUBJECT, ALLEGATION, HEDGE])
      expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});
