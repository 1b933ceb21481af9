import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { banSubstrings as g } from './ban-substrings.ts';

describe('BanSubstrings', () => {
  it('matches whole words by default, case-insensitively', () => {
    const run = checker(g, { substrings: ['ass', 'project titan'] });
    expect(run('Ask about Project  Titan.')).toMatchObject({
      passed: false,
      details: { matched: ['project titan'] },
    });
    expect(run('The class passed the assessment.').passed).toBe(true);
  });
  it('matches substrings when asked', () => {
    expect(checker(g, { substrings: ['ass'], matchType: 'substring' })('the class').passed).toBe(false);
  });
  it('respects case sensitivity and containsAll', () => {
    expect(checker(g, { substrings: ['NASA'], caseSensitive: true })('nasa').passed).toBe(true);
    const all = checker(g, { substrings: ['alpha', 'beta'], containsAll: true });
    expect(all('alpha only').passed).toBe(true);
    expect(all('alpha and beta').passed).toBe(false);
  });
  it('returns redactions for every occurrence', () => {
    const r = checker(g, { substrings: ['secret sauce'], replacement: '***' })(
      'the secret sauce and SECRET SAUCE',
    );
    expect(r.redactions).toEqual([
      { start: 4, end: 16, replacement: '***' },
      { start: 21, end: 33, replacement: '***' },
    ]);
  });
});
