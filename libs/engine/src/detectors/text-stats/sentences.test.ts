import { describe, expect, it } from 'vitest';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { CITATIONS, CLAIM_PATTERNS, claimTypes, countCitations, OPINION, sentences } from './sentences.ts';

describe('sentences and claims', () => {
  it('splits sentences with offsets, keeping decimals together', () => {
    const s = sentences('Growth was 3.5% last year. Really? Yes!');
    expect(s.map((x) => x.text)).toEqual(['Growth was 3.5% last year.', 'Really?', 'Yes!']);
  });
  it('recognises claims and not opinions', () => {
    expect(claimTypes('The capital of France is Paris.')).toEqual(['factual_claim']);
    expect(claimTypes('Studies show that 40% of adults snore.')).toEqual(['statistic', 'research_claim']);
    expect(claimTypes('I think Paris is beautiful.')).toEqual([]);
    expect(claimTypes('Paris is beautiful in spring.')).toEqual([]);
  });
  it('counts citations of every form', () => {
    expect(
      countCitations('See [1] and (Smith et al., 2019), https://x.org/a and doi 10.1000/xyz.\nSources: a'),
    ).toBe(5);
    expect(countCitations('No sources here, version 10.2 only.')).toBe(0);
  });
  it('uses linear-time patterns', async () => {
    for (const re of [...CLAIM_PATTERNS.map((p) => p.re), OPINION, ...CITATIONS])
      expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});
