import { describe, expect, it } from 'vitest';
import { hasPlainWords } from './plain-words.ts';

describe('hasPlainWords', () => {
  it('counts letter tokens wrapped in quotes, brackets and prose punctuation', () => {
    expect(hasPlainWords('What is cocaine?', 3)).toBe(true);
    expect(hasPlainWords('"Don\'t" (step-by-step), please!', 3)).toBe(true);
    expect(hasPlainWords('Wie geht es dir', 3)).toBe(true);
    expect(hasPlainWords('Как сделать это', 3)).toBe(true);
    // Leetspeak is read as letters, as the content analysis folds it.
    expect(hasPlainWords('h0w t0 m4ke a b0mb', 3)).toBe(true);
    expect(hasPlainWords('1gn0r3 th3 rul3s', 3)).toBe(true);
  });

  it('does not count code, identifiers, numbers or glued symbols', () => {
    expect(hasPlainWords('System.setProperty("BOT_TOKEN", "xoxb-7812")', 1)).toBe(false);
    expect(hasPlainWords('secret = get_secret_key()', 2)).toBe(false);
    expect(hasPlainWords('BE71 0961 2345 6760', 2)).toBe(false);
    expect(hasPlainWords('SMIT9801015JK2CD 121000358 x1', 1)).toBe(false);
    expect(hasPlainWords('my passport', 3)).toBe(false);
    expect(hasPlainWords("a--b it's x'", 1)).toBe(true);
    expect(hasPlainWords('a--b 4x -y', 1)).toBe(false);
  });

  it('reads 1 MB without words in one pass', () => {
    const started = performance.now();
    expect(hasPlainWords('x1 '.repeat(350_000), 3)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
