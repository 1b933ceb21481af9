import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { qualityThreshold as g, QUALITY_PATTERNS } from './quality-threshold.ts';

const problems = (text: string, config: Record<string, unknown> = {}) =>
  checker(g, config)(text).details?.problems as string[];

describe('QualityThreshold', () => {
  it('passes a complete answer, a short one, a list and code', () => {
    expect(
      problems('The report covers revenue, costs and the hiring plan for the next two quarters in detail.'),
    ).toEqual([]);
    expect(problems('Yes.')).toEqual([]);
    expect(
      problems(
        'Steps to follow for the migration of the database:\n- back up the data\n- run the migration script',
      ),
    ).toEqual([]);
    expect(problems('Here is the code:\n```js\nconst a = 1;\n```')).toEqual([]);
  });
  it('fails empty and too-short output', () => {
    expect(checker(g)('   ')).toMatchObject({ passed: false, message: 'Output is empty' });
    expect(problems('Too short.', { minChars: 30 })).toEqual(['too_short']);
  });
  it('fails output truncated mid-sentence or in an open code fence', () => {
    expect(
      problems(
        'The migration proceeds in three phases. First we copy the historical tables to the new cluster, then we switch the writers, and finally we',
      ),
    ).toEqual(['truncated']);
    expect(problems(`Top tags for this week:\n${'#ai #ml #data '.repeat(10)}`)).not.toContain('truncated');
    expect(
      problems(
        'Here are the steps you asked for, in order:\n\n1. Install the package with npm\n2. Configure the API key in your environment file',
      ),
    ).toEqual([]);
    expect(problems('Here is the code:\n```python\ndef f(x):\n    return')).toEqual(['unclosed_code_fence']);
  });
  it('fails repetitive and gibberish output', () => {
    expect(problems('yes yes yes yes yes yes yes yes yes yes')).toContain('high_repetition');
    expect(problems('I am sorry. I am sorry. I am sorry. I am sorry. I am sorry. I am sorry.')).toContain(
      'high_repetition',
    );
    expect(problems('asdkjh qwpoeiruty zxmcnvb lkjhgfdsa qwrtpsdfg.')).toContain('gibberish');
  });
  it('uses linear-time patterns', async () => {
    for (const re of QUALITY_PATTERNS) expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 60_000);
});
