import { describe, expect, it } from 'vitest';
import { inputSize } from './input-size.ts';

const caller = { userId: 'u1' };
const run = (text: string, config: Record<string, unknown> = {}) =>
  inputSize.create(inputSize.configSchema.parse(config), {})({ text, stage: 'input', context: {}, caller });

describe('InputSize', () => {
  it('passes short text', () => {
    expect(run('Hello world', { maxChars: 100 })).toMatchObject({
      passed: true,
      details: { chars: 11, bytes: 11 },
    });
  });

  it('warns but passes in the band below the limit', () => {
    const r = run('a'.repeat(85), { maxChars: 100 });
    expect(r).toMatchObject({ passed: true, message: 'Text is at 85% of its size limit' });
  });

  it('fails over the character limit', () => {
    expect(run('a'.repeat(60), { maxChars: 50 })).toMatchObject({ passed: false, details: { chars: 60 } });
  });

  it('counts UTF-8 bytes, not characters, for the byte limit', () => {
    const r = run('😀😀😀😀', { maxBytes: 10 });
    expect(r).toMatchObject({ passed: false, details: { chars: 8, bytes: 16 } });
  });

  it('rejects unknown config keys', () => {
    expect(inputSize.configSchema.safeParse({ maxChars: 5, max: 3 }).success).toBe(false);
  });
});
