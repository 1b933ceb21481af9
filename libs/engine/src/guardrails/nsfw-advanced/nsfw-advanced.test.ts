import { describe, expect, it } from 'vitest';
import { nsfwAdvanced } from './nsfw-advanced.ts';

type R = { passed: boolean; details: { level: string }; redactions?: Array<{ start: number; end: number }> };
const run = (text: string, config: Record<string, unknown> = {}) =>
  nsfwAdvanced.create(
    nsfwAdvanced.configSchema.parse(config),
    {},
  )({ text, stage: 'input', context: {}, caller: { userId: 'u' } }) as unknown as R;

describe('NSFWAdvanced', () => {
  it('catches explicit terms and obfuscated spellings', () => {
    for (const t of ['free p0rn videos', 'p.o.r.n site', 'send nudes', 'hot s3x chat', 'a blowj0b']) {
      expect(run(t).passed, t).toBe(false);
    }
    const r = run('watch p0rn now');
    expect(r.details.level).toBe('explicit');
    expect(r.redactions).toEqual([{ start: 6, end: 10, replacement: '[REDACTED]' }]);
  });

  it('grades suggestive content below the default fail level', () => {
    expect(run('a sexy outfit')).toMatchObject({ passed: true, details: { level: 'suggestive' } });
    expect(run('a sexy outfit', { failLevel: 'suggestive' }).passed).toBe(false);
    expect(run('they kiss goodnight')).toMatchObject({ passed: true, details: { level: 'mild' } });
  });

  it('allows clinical vocabulary in medical and educational context', () => {
    expect(run('The doctor said sexual intercourse can spread an STI').passed).toBe(true);
    expect(run('sexual intercourse', { failLevel: 'suggestive' }).passed).toBe(false);
    expect(
      run('sexual intercourse spreads an STI', { failLevel: 'suggestive', allowMedicalEducational: false })
        .passed,
    ).toBe(false);
  });

  it("passes other languages' everyday words, and fails the same words in English", () => {
    for (const t of ['Das Buch ist sehr dick.', 'She graduated magna cum laude from Yale.']) {
      expect(run(t).passed, t).toBe(true);
    }
    for (const t of ['you are such a dick', 'cum on my face']) expect(run(t).passed, t).toBe(false);
  });

  it('passes look-alikes', () => {
    for (const t of [
      'Scunthorpe',
      'a cocktail recipe',
      'Dickens wrote novels',
      'spicy',
      'analysis of the data',
      'Essex county',
    ]) {
      expect(run(t).passed, t).toBe(true);
    }
  });

  it('custom blocklist and obfuscation switch', () => {
    expect(run('so lewd', { customBlocklist: ['lewd'] }).passed).toBe(false);
    expect(run('p0rn', { enableObfuscationDetection: false }).passed).toBe(true);
  });
});
