import { readFileSync } from 'node:fs';

/**
 * What both trainers read from their command line about cross-validation. `--folds N` (default 5):
 * more folds train each model on more of the file, nearer the shipped model, which trains on all of
 * it. `--shipped-threshold` scores at the threshold of the model file as it is instead of choosing
 * one (the 10 / 20-fold figures in the docs). Either only reports: the shipped model files always
 * come from 5 folds and a chosen threshold, so `write` is false with them as with `--no-write`.
 */
export interface CrossValidationFlags {
  folds: number;
  atShippedThreshold: boolean;
  write: boolean;
}

export function crossValidationFlags(argv: readonly string[]): CrossValidationFlags {
  const at = argv.indexOf('--folds');
  const folds = at >= 0 ? Number(argv[at + 1]) : 5;
  if (!Number.isInteger(folds) || folds < 2)
    throw new Error(`--folds needs an integer of at least 2, got ${argv[at + 1]}`);
  const atShippedThreshold = argv.includes('--shipped-threshold');
  return {
    folds,
    atShippedThreshold,
    write: !argv.includes('--no-write') && folds === 5 && !atShippedThreshold,
  };
}

/** The decision threshold stored in a model file. */
export function shippedThreshold(modelPath: string): number {
  return (JSON.parse(readFileSync(modelPath, 'utf8')) as { threshold: number }).threshold;
}
