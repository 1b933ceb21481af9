import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { hallucinationRisk as g, HALLUCINATION_PATTERNS } from './hallucination-risk.ts';

const sources = [
  { text: 'Acme Corp reported revenue of $12.5 million in 2023, up 8% from 2022. The CEO is Dana Li.' },
];

describe('HallucinationRisk', () => {
  const run = checker(g);
  it('passes measured prose', () => {
    expect(run('Python is a popular language for data analysis and scripting.').passed).toBe(true);
    expect(run('According to research [1], sleep helps memory.').passed).toBe(true);
  });
  it('fails overconfident, uncited claims', () => {
    const r = run('Studies prove this diet definitely works. It is a proven fact.');
    expect(r.passed).toBe(false);
    expect(r.score).toBeGreaterThanOrEqual(0.5);
    expect(run('Studies show that drinking water increases intelligence.').score).toBeCloseTo(0.35);
  });
  it('with sources, passes grounded sentences and flags invented numbers and names', () => {
    const ctx = { context: { sources } };
    expect(run('Acme Corp reported revenue of $12.5 million in 2023, up 8%.', ctx).passed).toBe(true);
    const r = run('Acme Corp reported revenue of $14 million in 2023. The CEO is John Park.', ctx);
    expect(r).toMatchObject({ passed: false, details: { mode: 'grounded', checked: 2, unsupported: 2 } });
    expect(r.findings?.[0]?.preview).toContain('numbers not in sources: 14');
  });
  it('uses linear-time patterns', async () => {
    for (const re of HALLUCINATION_PATTERNS) expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});
