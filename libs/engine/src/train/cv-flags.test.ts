import { describe, expect, it } from 'vitest';
import { crossValidationFlags } from './cv-flags.ts';

describe('crossValidationFlags', () => {
  it('writes the model files only from 5 folds and a chosen threshold', () => {
    expect(crossValidationFlags(['--data', 'x'])).toEqual({
      folds: 5,
      atShippedThreshold: false,
      write: true,
    });
    expect(crossValidationFlags(['--no-write'])).toEqual({
      folds: 5,
      atShippedThreshold: false,
      write: false,
    });
    expect(crossValidationFlags(['--folds', '20'])).toEqual({
      folds: 20,
      atShippedThreshold: false,
      write: false,
    });
    expect(crossValidationFlags(['--shipped-threshold'])).toEqual({
      folds: 5,
      atShippedThreshold: true,
      write: false,
    });
  });

  it('refuses a fold count that is not an integer of at least 2', () => {
    for (const bad of [['--folds'], ['--folds', 'ten'], ['--folds', '1'], ['--folds', '2.5']])
      expect(() => crossValidationFlags(bad), bad.join(' ')).toThrow(/--folds needs an integer/);
  });
});
