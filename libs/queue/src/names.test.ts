import { describe, expect, it } from 'vitest';
import { bullPrefix } from './names.ts';

describe('bullPrefix', () => {
  it('wraps a plain prefix in a hash tag', () => {
    expect(bullPrefix('parapet')).toBe('{parapet}');
  });
  it('keeps a prefix that already has a hash tag', () => {
    expect(bullPrefix('{parapet}')).toBe('{parapet}');
    expect(bullPrefix('env.{parapet}')).toBe('env.{parapet}');
  });
  it.each(['', 'a:b', 'a b', 'x'.repeat(101)])('rejects %j', (p) => {
    expect(() => bullPrefix(p)).toThrow(RangeError);
  });
});
