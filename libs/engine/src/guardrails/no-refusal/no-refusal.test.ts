import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { noRefusal as g, REFUSAL_PATTERNS } from './no-refusal.ts';

describe('NoRefusal', () => {
  const run = checker(g);
  it('finds refusals', () => {
    for (const t of [
      "I'm sorry, but I can't help with that request.",
      'I cannot assist with creating malware.',
      'As an AI language model, I cannot browse the internet.',
      'I must decline to answer that.',
      'That request goes against my guidelines.',
    ])
      expect(run(t).passed, t).toBe(false);
  });
  it('passes helpful answers and look-alikes', () => {
    for (const t of [
      "Sure! Here's the recipe you asked for.",
      "I can't wait to see your project. Here is the code.",
      'I cannot stress enough how important backups are: run them daily.',
      'Sorry for the delay; here is the summary.',
    ])
      expect(run(t).passed, t).toBe(true);
  });
  it('ignores a limit mentioned late in a long helpful answer', () => {
    const long = `${'Here is a detailed explanation of the tax rules for freelancers. '.repeat(20)}I cannot give legal advice.`;
    expect(run(long).passed).toBe(true);
  });
  it('uses linear-time patterns', async () => {
    for (const re of REFUSAL_PATTERNS) expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});
