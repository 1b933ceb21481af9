/**
 * franc's `francAll` (same scores, same order), computed faster: franc looks every trigram of the
 * text up in one object per candidate language; here each trigram is a small integer (its three
 * characters numbered in the script's alphabet), looked up once in a table that holds its rank in
 * every language of the script. The models and script expressions are franc's own.
 */
import { data } from 'franc/data.js';
import { expressions } from 'franc/expressions.js';

/** franc's sample and penalty constants. */
const MAX_LENGTH = 2048;
const MAX_DIFFERENCE = 300;
const ABSENT = -1;

interface ScriptModel {
  languages: string[];
  /** Character code → 1-based id in the models' alphabet (0: in no trigram of the script). */
  charIds: Uint16Array;
  /** Alphabet size + 1: trigrams of alphabet characters are numbered in base `radix`. */
  radix: number;
  /** Trigram number → rank of the trigram in each language's model (ABSENT when not in it). */
  ranks: Map<number, Int16Array>;
  /** Scratch occurrence counts indexed by trigram number (radix³ entries), zero between calls. */
  counts: Uint16Array;
}

/** Three UTF-16 code units as one exact integer (48 bits), for trigrams outside the alphabet. */
function trigramCode(s: string, i: number): number {
  return s.charCodeAt(i) * 4294967296 + s.charCodeAt(i + 1) * 65536 + s.charCodeAt(i + 2);
}

const models = new Map<string, ScriptModel>();
function modelOf(script: string): ScriptModel | undefined {
  let model = models.get(script);
  if (model) return model;
  const byLanguage = data[script];
  if (!byLanguage) return undefined;
  const languages = Object.keys(byLanguage);
  const lists = languages.map((l) => (byLanguage[l] as string).split('|'));
  const charIds = new Uint16Array(0x10000);
  let radix = 1;
  for (const list of lists)
    for (const trigram of list)
      for (let k = 0; k < trigram.length; k++) {
        const c = trigram.charCodeAt(k);
        if (charIds[c] === 0) charIds[c] = radix++;
      }
  // Small alphabets (at most ~140 characters per script) keep trigram numbers small integers.
  const ranks = new Map<number, Int16Array>();
  lists.forEach((list, j) => {
    list.forEach((trigram, rank) => {
      const code =
        (charIds[trigram.charCodeAt(0)]! * radix + charIds[trigram.charCodeAt(1)]!) * radix +
        charIds[trigram.charCodeAt(2)]!;
      let row = ranks.get(code);
      if (!row) {
        row = new Int16Array(languages.length).fill(ABSENT);
        ranks.set(code, row);
      }
      // franc keeps the first rank of a trigram listed twice.
      if (row[j] === ABSENT) row[j] = rank;
    });
  });
  model = { languages, charIds, radix, ranks, counts: new Uint16Array(radix * radix * radix) };
  models.set(script, model);
  return model;
}

/** The script whose expression matches most of `value`, as franc picks it, and its share. */
function topScript(value: string): [string | undefined, number] {
  let top: string | undefined;
  let topCount = -1;
  for (const script in expressions) {
    const count = (value.match(expressions[script] as RegExp)?.length ?? 0) / value.length || 0;
    if (count > topCount) {
      topCount = count;
      top = script;
    }
  }
  return [top, topCount];
}

/** Indexes (in model order) of the languages of `model` kept by `only`, cached per list. */
const filters = new WeakMap<readonly string[], Map<ScriptModel, number[]>>();
function kept(model: ScriptModel, only: readonly string[]): number[] {
  let byModel = filters.get(only);
  if (!byModel) {
    byModel = new Map();
    filters.set(only, byModel);
  }
  let list = byModel.get(model);
  if (!list) {
    list = [];
    model.languages.forEach((l, j) => {
      if (only.length === 0 || only.includes(l)) list!.push(j);
    });
    byModel.set(model, list);
  }
  return list;
}

/** `francAll(value, { minLength, only })`: languages with relative scores, best first. */
export function rankByTrigrams(
  value: string,
  minLength: number,
  only: readonly string[],
): Array<[string, number]> {
  if (!value || value.length < minLength) return [['und', 1]];
  const sample = value.slice(0, MAX_LENGTH);
  const [script, share] = topScript(sample);
  const model = script === undefined ? undefined : modelOf(script);
  if (!script || !model) {
    if (!script || share === 0 || (only.length > 0 && !only.includes(script))) return [['und', 1]];
    return [[script, 1]];
  }
  const languages = kept(model, only);
  if (languages.length === 0) return [['und', 1]];

  // franc's cleaning: ASCII punctuation and digits become spaces, whitespace runs one space.
  const padded = ` ${sample
    .replace(/[\u0021-\u0040]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()} `;
  const { charIds, radix, ranks, counts } = model;
  /** Distinct trigrams of alphabet characters, in order of first occurrence. */
  const seen: number[] = [];
  /** Distinct trigrams with a character in no model: each is absent from every language. */
  const outside = new Set<number>();
  for (let i = 0; i + 3 <= padded.length; i++) {
    const a = charIds[padded.charCodeAt(i)]!;
    const b = charIds[padded.charCodeAt(i + 1)]!;
    const c = charIds[padded.charCodeAt(i + 2)]!;
    if (a === 0 || b === 0 || c === 0) {
      outside.add(trigramCode(padded, i));
      continue;
    }
    const code = (a * radix + b) * radix + c;
    if (counts[code] === 0) seen.push(code);
    counts[code]!++;
  }
  const distances = new Float64Array(languages.length);
  let unknown = outside.size;
  for (const code of seen) {
    const count = counts[code]!;
    counts[code] = 0;
    const row = ranks.get(code);
    if (!row) {
      unknown++;
      continue;
    }
    for (let k = 0; k < languages.length; k++) {
      const rank = row[languages[k]!]!;
      distances[k]! += rank === ABSENT ? MAX_DIFFERENCE : Math.abs(count - rank - 1);
    }
  }
  const ranked: Array<[string, number]> = languages.map((j, k) => [
    model.languages[j]!,
    distances[k]! + unknown * MAX_DIFFERENCE,
  ]);
  ranked.sort((a, b) => a[1] - b[1]);
  const min = ranked[0]![1];
  const max = sample.length * MAX_DIFFERENCE - min;
  for (const entry of ranked) entry[1] = 1 - (entry[1] - min) / max || 0;
  return ranked;
}
