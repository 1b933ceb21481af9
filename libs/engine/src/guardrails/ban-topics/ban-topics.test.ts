import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { banTopics as g } from './ban-topics.ts';

describe('BanTopics', () => {
  it('flags built-in families with enough keyword hits', () => {
    const run = checker(g, { topics: ['gambling', 'politics'] });
    expect(run('Which casino has the best roulette odds?')).toMatchObject({
      passed: false,
      details: { topics: [{ topic: 'gambling', hits: 2 }] },
    });
    expect(run('I placed the casino chip on my desk as decoration.').passed).toBe(true); // one hit < minHits
  });
  it('supports custom topics and minHits 1', () => {
    const run = checker(g, { topics: [{ name: 'pricing', keywords: ['discount code'] }], minHits: 1 });
    expect(run('Any discount code?').passed).toBe(false);
    expect(run('Discounted code reviews').passed).toBe(true);
  });
  it('rejects unknown family names', () => {
    expect(g.configSchema.safeParse({ topics: ['astrology'] }).success).toBe(false);
  });
});
