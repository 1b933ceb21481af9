/**
 * Hand-written everyday requests ("Write a tutorial on how to bake sourdough bread"), never
 * trained on: they measure what the cross-validation cannot, false alarms on ordinary tasks
 * phrased like the harmful requests of AdvBench and HarmBench. `design` found the problem and chose
 * the benign twins' form and weight (task-twins.ts); `check` was written later and looked at less;
 * `personal` (requests about family and friends) was written after personal-requests.ts and looked
 * at once per weight tried.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const EVERYDAY_REQUESTS = ['design', 'check', 'personal'].map((name) => ({
  name,
  texts: readFileSync(join(here, `everyday-requests/${name}.txt`), 'utf8')
    .trim()
    .split('\n'),
}));

/** "design 5.6 % of 90 flagged, check 2.0 % of 50 flagged" and the rates by set name. */
export function everydayFlagged(isFlagged: (text: string) => boolean): {
  rates: Record<string, number>;
  summary: string;
} {
  const rates = Object.fromEntries(
    EVERYDAY_REQUESTS.map(({ name, texts }) => [name, texts.filter(isFlagged).length / texts.length]),
  );
  const summary = EVERYDAY_REQUESTS.map(
    ({ name, texts }) => `${name} ${(rates[name]! * 100).toFixed(1)}% of ${texts.length} flagged`,
  ).join(', ');
  return { rates, summary };
}
