import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../registry.ts';
import { createRegistry } from './registry.ts';
import { warmUp } from './warm-up.ts';

describe('warmUp', () => {
  it('runs every guardrail that works with its defaults and no services', async () => {
    const warmed = await warmUp(defaultRegistry);
    const all = defaultRegistry.list().map((d) => d.name);
    for (const name of [
      'HarmfulRequest',
      'Toxicity',
      'EncodingObfuscation',
      'PIIDetection',
      'SecretsInInput',
    ])
      expect(warmed).toContain(name);
    // RegexFilter has no default: its patterns are the caller's.
    expect(all.filter((n) => !warmed.includes(n))).toEqual(['RegexFilter']);
  });

  it('skips a guardrail whose check fails instead of failing the start', async () => {
    const [harmful] = defaultRegistry.list().filter((d) => d.name === 'HarmfulRequest');
    const broken = {
      ...harmful!,
      name: 'Broken',
      create: () => () => {
        throw new Error('needs a service');
      },
    };
    expect(await warmUp(createRegistry([broken, harmful!]))).toEqual(['HarmfulRequest']);
  });
});
