import { describe, expect, it } from 'vitest';
import { compilePhrases } from './phrases.ts';

describe('compilePhrases', () => {
  it('matches whole words case-insensitively, longest first', () => {
    const m = compilePhrases(['acme', 'Acme Cloud'], { wholeWords: true, caseSensitive: false });
    expect(m?.('Try ACME  cloud or acmeish')).toEqual([{ start: 4, end: 15, phrase: 'Acme Cloud' }]);
  });
  it('matches substrings and respects case when asked', () => {
    const m = compilePhrases(['Foo'], { wholeWords: false, caseSensitive: true });
    expect(m?.('xFooy foo').map((x) => x.start)).toEqual([1]);
  });
  it('treats regex metacharacters literally', () => {
    const m = compilePhrases(['c++', 'a.b'], { wholeWords: false, caseSensitive: false });
    expect(m?.('I like c++ and axb').map((x) => x.phrase)).toEqual(['c++']);
  });
  it('returns undefined for an empty list', () => {
    expect(compilePhrases([' '], { wholeWords: true, caseSensitive: false })).toBeUndefined();
  });
});
