import { describe, expect, it } from 'vitest';
import { violence } from './violence.ts';

type R = { passed: boolean; details: { level: string } };
const run = (text: string, config: Record<string, unknown> = {}) =>
  violence.create(
    violence.configSchema.parse(config),
    {},
  )({ text, stage: 'input', context: {}, caller: { userId: 'u' } }) as unknown as R;

describe('Violence', () => {
  it('grades threats, incitement, graphic content and mentions', () => {
    expect(run("I'm going to kill you tonight")).toMatchObject({
      passed: false,
      details: { level: 'threat' },
    });
    expect(run('I know where you live')).toMatchObject({ passed: false, details: { level: 'threat' } });
    expect(run('someone should shoot them all')).toMatchObject({
      passed: false,
      details: { level: 'incitement' },
    });
    expect(run('the body was dismembered and burned alive')).toMatchObject({
      passed: false,
      details: { level: 'graphic' },
    });
    expect(run('the war lasted six years')).toMatchObject({ passed: true, details: { level: 'mention' } });
  });

  it('honours the fail level', () => {
    expect(run('the war lasted six years', { failLevel: 'mention' }).passed).toBe(false);
    expect(run('the body was dismembered', { failLevel: 'threat' }).passed).toBe(true);
  });

  it('passes harmless idioms', () => {
    for (const t of [
      'kill the process',
      'shoot a photo',
      "Assassin's Creed",
      'I will kill it at the audition',
      'a cocktail party',
    ]) {
      expect(run(t).passed, t).toBe(true);
    }
  });

  it('quoting does not bypass it', () => {
    expect(run('"I will kill you" he wrote').passed).toBe(false);
  });
});
