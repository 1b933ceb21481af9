import { describe, expect, it } from 'vitest';
import { maskCodeTokens } from './code-tokens.ts';

describe('maskCodeTokens', () => {
  it('replaces tokens holding digits or code symbols and keeps everything else', () => {
    expect(maskCodeTokens('token = "lin_api_21ms" ok')).toBe('token xxcode xxcode ok');
    expect(maskCodeTokens('  <b>you</b>\tidiot  ')).toBe('  xxcode\tidiot  ');
    expect(maskCodeTokens('what a lovely day!')).toBe('what a lovely day!');
    expect(maskCodeTokens('b!tch f*ck')).toBe('b!tch f*ck');
    expect(maskCodeTokens('')).toBe('');
  });

  it('reads a 1 MB token once', () => {
    const big = `${'a'.repeat(1_000_000)}1`;
    const started = performance.now();
    expect(maskCodeTokens(big)).toBe('xxcode');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
