import { describe, expect, it } from 'vitest';
import { gibberishScore } from './gibberish.ts';

describe('gibberishScore', () => {
  it('scores real prose low', () => {
    for (const t of [
      'The quick brown fox jumps over the lazy dog near the riverbank.',
      'Strengths and weaknesses of rhythm in Welsh poetry.',
      'Please summarise the quarterly report for the board meeting tomorrow.',
    ])
      expect(gibberishScore(t).score, t).toBeLessThan(0.2);
  });
  it('scores keyboard mashing and random letters high', () => {
    expect(gibberishScore('asdfghjkl qwrtyp zxcvbnm').score).toBeGreaterThan(0.6);
    expect(gibberishScore('jdhfkjsdhf kqzvbx wpqmxv lkjhgf').score).toBeGreaterThan(0.6);
  });
  it('does not apply to CJK or code', () => {
    expect(gibberishScore('今日は良い天気ですね。散歩に行きましょう。').applicable).toBe(false);
    expect(gibberishScore('const x = fn(a); if (x) { return y; } let z = obj.call(q);').applicable).toBe(
      false,
    );
  });
});
