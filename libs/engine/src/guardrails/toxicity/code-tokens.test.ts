import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { CODE_TOKEN_RE, maskCodeTokens } from './code-tokens.ts';

const byRegex = (text: string): string => text.replace(CODE_TOKEN_RE, 'xxcode');

describe('maskCodeTokens', () => {
  it.each([
    ['token = "lin_api_21ms" ok', 'token xxcode xxcode ok'],
    ['  <b>you</b>\tidiot  ', '  xxcode\tidiot  '],
    ['what a lovely day!', 'what a lovely day!'],
    ['b!tch f*ck', 'b!tch f*ck'],
    ['a\u00a0b1 c', 'a\u00a0xxcode c'],
    ['x1', 'xxcode'],
    ['ab 1', 'ab xxcode'],
    ['', ''],
  ])('%j -> %j', (text, masked) => {
    expect(maskCodeTokens(text)).toBe(masked);
  });

  it('replaces exactly what its regular expression replaces', () => {
    // Random strings over letters, code characters and every kind of whitespace.
    const alphabet = [
      'a',
      'B',
      'é',
      '1',
      '_',
      '=',
      '/',
      '\\',
      '{',
      '$',
      '<',
      '!',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ud83d\ude00',
    ];
    let seed = 7;
    const next = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    for (let k = 0; k < 3000; k++) {
      let text = '';
      for (let j = next() % 24; j > 0; j--) text += alphabet[next() % alphabet.length];
      expect(maskCodeTokens(text), JSON.stringify(text)).toBe(byRegex(text));
    }
    const dir = join(import.meta.dirname, '../../../../../../shared/eval');
    for (const file of ['toxicity.jsonl', 'secrets.jsonl']) {
      for (const line of readFileSync(join(dir, file), 'utf8').trim().split('\n').slice(0, 1000)) {
        const { text } = JSON.parse(line) as { text: string };
        expect(maskCodeTokens(text)).toBe(byRegex(text));
      }
    }
  });

  it('is defined by a linear-time pattern and reads 1 MB texts quickly', async () => {
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
