import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { citationRequired as g } from './citation-required.ts';

describe('CitationRequired', () => {
  const run = checker(g);
  it('fails uncited factual or statistical claims', () => {
    expect(run('The capital of France is Paris.').passed).toBe(false);
    expect(run('Studies show that 40% of adults snore.')).toMatchObject({
      passed: false,
      details: { uncited: 1 },
    });
  });
  it('passes cited claims in any common form', () => {
    expect(run('The capital of France is Paris. Source: https://en.wikipedia.org/wiki/Paris').passed).toBe(
      true,
    );
    expect(run('About 40% of adults snore [1].').passed).toBe(true);
    expect(run('About 40% of adults snore (Smith et al., 2019).').passed).toBe(true);
    expect(run('About 40% of adults snore (doi:10.1000/xyz123).').passed).toBe(true);
  });
  it('passes opinions and ordinary prose', () => {
    expect(run('I think Paris is beautiful.').passed).toBe(true);
    expect(run('Here is how to sort a list in Python: use sorted().').passed).toBe(true);
  });
  it('requires the configured number of citations, or one per claim', () => {
    expect(checker(g, { minCitations: 2 })('Sales grew 20% in 2023 [1].').passed).toBe(false);
    const per = checker(g, { perClaim: true });
    expect(per('Sales grew 20% [1]. Costs fell 5%.')).toMatchObject({
      passed: false,
      details: { uncited: 1 },
    });
    expect(per('Sales grew 20% [1]. Costs fell 5% [2].').passed).toBe(true);
  });
});
