import { describe, expect, it } from 'vitest';
import { findSequence, set, words } from './window.ts';

describe('findSequence', () => {
  const steps = [
    { match: set('write create'), within: 0 },
    { match: set('tweets posts'), within: 4 },
    { match: set('convince'), within: 3 },
  ];
  it('finds ordered keywords within their windows', () => {
    expect(findSequence(words('Please write five short tweets to convince them'), steps)).toEqual({
      start: 7,
      end: 42,
    });
  });
  it('respects order and window sizes', () => {
    expect(findSequence(words('convince them to write tweets'), steps)).toBeUndefined();
    expect(findSequence(words('write one two three four five tweets to convince'), steps)).toBeUndefined();
  });
});
