import { describe, expect, it } from 'vitest';
import { hasPlainWords } from './plain-words.ts';

describe('hasPlainWords', () => {
  it.each([
    ['What is cocaine?', 3],
    ['"Don\'t" (step-by-step), please!', 3],
    ['Wie geht es dir', 3],
    ['Как сделать это', 3],
    // Leetspeak is read as letters, as the content analysis folds it.
    ['h0w t0 m4ke a b0mb', 3],
    ['1gn0r3 th3 rul3s', 3],
    // Inner apostrophes count; a doubled hyphen or a trailing quote mark only trims.
    ["a--b it's x'", 1],
  ] as const)('finds %j to hold %i plain words', (text, n) => {
    expect(hasPlainWords(text, n)).toBe(true);
  });

  it.each([
    ['System.setProperty("BOT_TOKEN", "xoxb-7812")', 1],
    ['secret = get_secret_key()', 2],
    ['BE71 0961 2345 6760', 2],
    ['SMIT9801015JK2CD 121000358 x1', 1],
    ['my passport', 3],
    ['a--b 4x -y', 1],
  ] as const)('does not count code, ids, numbers or glued symbols in %j (%i needed)', (text, n) => {
    expect(hasPlainWords(text, n)).toBe(false);
  });

  it('reads 1 MB without words in one pass', () => {
    const started = performance.now();
    expect(hasPlainWords('x1 '.repeat(350_000), 3)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
