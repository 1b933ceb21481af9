import { describe, expect, it } from 'vitest';
import { hateSpeech } from './hate-speech.ts';

type R = { passed: boolean; details?: { level: string }; findings?: Array<{ preview: string }> };
const run = (text: string, config: Record<string, unknown> = {}) =>
  hateSpeech.create(
    hateSpeech.configSchema.parse(config),
    {},
  )({ text, stage: 'input', context: {}, caller: { userId: 'u' } }) as unknown as R;

describe('HateSpeech', () => {
  it('flags slurs including obfuscated spellings, with masked previews', () => {
    for (const t of ['look at that n1gger', 'stupid f@ggot', 'those k.i.k.e.s', 'what a spiiic', 'ch*nk']) {
      const r = run(t);
      expect(r.passed, t).toBe(false);
    }
    expect(run('stupid faggot').findings?.[0]?.preview).toBe('f*****');
  });

  it("passes another language's everyday word, and fails the same word in English", () => {
    expect(run('Jag har ett fag i skolan.').passed).toBe(true);
    expect(run('he is a fag').passed).toBe(false);
  });

  it('quoting does not bypass it', () => {
    expect(run('He said "faggot" to me').passed).toBe(false);
  });

  it('flags dehumanising and violent statements about groups', () => {
    expect(run('Muslims are vermin').details?.level).toBe('statement');
    expect(run('immigrants should be exterminated').passed).toBe(false);
    expect(run('kill all the jews').passed).toBe(false);
  });

  it('passes look-alikes and identity terms alone', () => {
    for (const t of [
      'spicy noodles',
      'Scunthorpe United',
      'a gin cocktail',
      'same-sex couples',
      'Black people',
      'Muslims',
      'Muslims are celebrating Eid',
      'the Japanese garden',
      'a nipple shield for nursing',
    ]) {
      expect(run(t).passed, t).toBe(true);
    }
  });

  it('counts a slur that is also an everyday word only when aimed at someone or beside other abuse', () => {
    for (const t of [
      'Gorgeous calico Maine coon cat',
      'E250 motor and tranny for sale, 5,200 miles',
      'Don’t let self-doubt cripple your creativity',
      'I was pulling for the Redskins in that one',
      'Nip it in the bud',
      'The article has a negative slant',
    ]) {
      expect(run(t).passed, t).toBe(true);
    }
    for (const t of ['whatever you coon', 'shut up you dirty gook', 'fucking tranny freak']) {
      expect(run(t).passed, t).toBe(false);
    }
  });

  it('moderate mode only warns on a lone slur; custom slurs are honoured', () => {
    expect(run('stupid faggot', { blockSeverity: 'moderate' }).passed).toBe(true);
    expect(run('what a Zorblat', { customSlurs: ['zorblat'] }).passed).toBe(false);
  });
});
