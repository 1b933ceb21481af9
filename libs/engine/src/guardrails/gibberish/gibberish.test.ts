import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { gibberish as g } from './gibberish.ts';

const CJK = '人工智能正在改变我们的工作方式和生活方式。'.repeat(15);

describe('Gibberish', () => {
  const run = checker(g);
  it('passes prose, CJK (regression: 300 characters) and code', () => {
    expect(run('Could you help me write a polite email to my landlord about the broken heater?').passed).toBe(
      true,
    );
    expect(CJK.length).toBeGreaterThanOrEqual(300);
    expect(run(CJK)).toMatchObject({ passed: true, message: 'Not judged: not Latin script' });
    expect(run('for (let i = 0; i < n; i++) { sum += arr[i]; } return sum;').passed).toBe(true);
  });
  it('fails keyboard mashing and random letters', () => {
    expect(run('asdfgh jkl qwrtzx vbnmkl').passed).toBe(false);
    expect(run('xkcd qzpv wbrtnm lkjhgf pqwmz').passed).toBe(false);
  });
  it('does not judge a couple of words', () => {
    expect(run('qzx wvt').passed).toBe(true);
  });
});
