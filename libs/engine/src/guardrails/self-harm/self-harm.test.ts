import { describe, expect, it } from 'vitest';
import { selfHarm } from './self-harm.ts';

type R = {
  passed: boolean;
  details: { level: string; crisisResources?: { resources: Array<{ contact: string }> } };
};
const run = (text: string, config: Record<string, unknown> = {}) =>
  selfHarm.create(
    selfHarm.configSchema.parse(config),
    {},
  )({ text, stage: 'input', context: {}, caller: { userId: 'u' } }) as unknown as R;

describe('SelfHarm', () => {
  it('grades intent and returns crisis resources', () => {
    const r = run("I'm going to kill myself tonight");
    expect(r).toMatchObject({ passed: false, details: { level: 'imminent' } });
    expect(JSON.stringify(r.details.crisisResources)).toContain('988');
    expect(JSON.stringify(r.details.crisisResources)).toContain('findahelpline.com');
    expect(run("I don't want to live anymore")).toMatchObject({
      passed: false,
      details: { level: 'active' },
    });
    expect(run('I want to die')).toMatchObject({ passed: false, details: { level: 'active' } });
    for (const t of ['I want to shoot myself', 'I feel like ending it all', 'I want to hang myself']) {
      expect(run(t), t).toMatchObject({ passed: false, details: { level: 'active' } });
    }
  });

  it('passive mentions pass with resources unless strict', () => {
    const r = run('The novel deals with suicide and grief');
    expect(r).toMatchObject({ passed: true, details: { level: 'passive' } });
    expect(r.details.crisisResources).toBeDefined();
    expect(run('The novel deals with suicide and grief', { strictMode: true }).passed).toBe(false);
  });

  it('passes look-alikes', () => {
    for (const t of [
      'kill the process',
      'this joke is killing me',
      'I could die for a pizza right now... kidding',
      'Cut the onions',
      'I want to shoot myself in the foot for not writing tests',
    ]) {
      expect(run(t).passed, t).toBe(true);
    }
    expect(run('kill the process').details.level).toBe('none');
  });
});
