import { describe, expect, it } from 'vitest';
import { TYPO_KEYWORDS, typoAliases } from './typos.ts';

describe('typoAliases', () => {
  const aliases = typoAliases((w) => ['pint', 'forge', 'word'].includes(w));

  it('reads a dropped, doubled or swapped letter as the keyword', () => {
    expect(aliases).toMatchObject({
      prevous: 'previous',
      instructionss: 'instructions',
      ignroe: 'ignore',
      aboev: 'above',
    });
  });

  it('leaves out words, keywords, short drops and triple letters', () => {
    expect(aliases.pint).toBeUndefined();
    expect(aliases.forge).toBeUndefined();
    expect(aliases.word).toBeUndefined();
    // A drop from "instructions", but a keyword of its own.
    expect(aliases.instruction).toBeUndefined();
    expect(aliases.ignoring).toBeUndefined();
    expect(Object.keys(aliases).some((v) => /(.)\1\1/.test(v))).toBe(false);
    expect(Object.keys(aliases).every((v) => !TYPO_KEYWORDS.includes(v))).toBe(true);
  });
});
