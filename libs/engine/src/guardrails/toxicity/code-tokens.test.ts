import { describe, expect, it } from 'vitest';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { CODE_TOKEN_RE, maskCodeTokens } from './code-tokens.ts';

describe('maskCodeTokens', () => {
  it('replaces tokens holding digits or code symbols and keeps everything else', () => {
    expect(maskCodeTokens('token = "lin_api_21ms" ok')).toBe('token xxcode xxcode ok');
    expect(maskCodeTokens('  <b>you</b>\tidiot  ')).toBe('  xxcode\tidiot  ');
    expect(maskCodeTokens('what a lovely day!')).toBe('what a lovely day!');
    expect(maskCodeTokens('b!tch f*ck')).toBe('b!tch f*ck');
    expect(maskCodeTokens('a\u00a0b1 c')).toBe('a\u00a0xxcode c');
    expect(maskCodeTokens('')).toBe('');
  });

  it('is linear-time and reads 1 MB texts quickly', async () => {
    expect(await linearTimeStatus(CODE_TOKEN_RE)).toBe('safe');
    const word = 'a'.repeat(1_000_000);
    const words = 'ab '.repeat(350_000);
    for (const [big, masked] of [
      [word, word],
      [`${word}1`, 'xxcode'],
      [words, words],
    ] as const) {
      const started = performance.now();
      expect(maskCodeTokens(big) === masked).toBe(true);
      expect(performance.now() - started).toBeLessThan(500);
    }
  }, 60_000);
});
