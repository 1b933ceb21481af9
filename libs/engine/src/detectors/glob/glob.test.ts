import { describe, expect, it } from 'vitest';
import { compileGlob, compileGlobs } from './glob.ts';

describe('compileGlob', () => {
  it('matches literals exactly, case-insensitively by default', () => {
    expect(compileGlob('search')('Search')).toBe(true);
    expect(compileGlob('search')('search2')).toBe(false);
    expect(compileGlob('search', false)('Search')).toBe(false);
  });
  it('handles * and ?', () => {
    expect(compileGlob('gpt-4o-*')('gpt-4o-2024-08-06')).toBe(true);
    expect(compileGlob('gpt-4o-*')('gpt-4o')).toBe(false);
    expect(compileGlob('*_delete_*')('db_delete_all')).toBe(true);
    expect(compileGlob('file.?')('file.c')).toBe(true);
    expect(compileGlob('file.?')('file.cc')).toBe(false);
    expect(compileGlob('a*b*c')('axxbyyc')).toBe(true);
    expect(compileGlob('a*b*c')('axxbyy')).toBe(false);
  });
  it('matches any of several globs', () => {
    const m = compileGlobs(['read_*', 'search']);
    expect(m('read_file')).toBe(true);
    expect(m('write_file')).toBe(false);
  });
  it('stays fast on adversarial input', () => {
    const t0 = performance.now();
    compileGlob('*a*a*a*a*a*b')('a'.repeat(5000));
    expect(performance.now() - t0).toBeLessThan(500);
  });
});
