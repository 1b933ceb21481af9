import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { competitors as g } from './competitors.ts';

describe('Competitors', () => {
  const run = checker(g, { competitors: ['Apple', { name: 'Globex', aliases: ['Globex Corp', 'GBX'] }] });
  it('finds names and aliases as whole words, reporting canonical names', () => {
    expect(run('Is GBX better than apple?')).toMatchObject({
      passed: false,
      details: { competitors: ['Globex', 'Apple'] },
    });
    expect(run('Globex Corp released it').findings).toHaveLength(1);
  });
  it('passes look-alikes inside words', () => {
    expect(run('I ate pineapple and applesauce at Globexx.').passed).toBe(true);
  });
  it('redacts mentions', () => {
    expect(run('Try Apple').redactions).toEqual([{ start: 4, end: 9, replacement: '[COMPETITOR]' }]);
  });
  it('rejects malformed entries', () => {
    expect(g.configSchema.safeParse({ competitors: [{ aliases: ['x'] }] }).success).toBe(false);
  });
});
