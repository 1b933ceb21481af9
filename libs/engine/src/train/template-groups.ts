/**
 * Cross-validation groups that mirror how the eval's dev/holdout split keeps near-duplicates
 * together (shared/eval/README.md): texts that share their first or their last characters share a
 * group, transitively. Grouping by the opening alone let a template's shared ending (a jailbreak
 * suffix pasted after many requests, a role-play frame that closes every story) straddle folds.
 */
const EDGE = 48;

function edgeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One group name per text: the opening of the first text of its group. */
export function templateGroups(texts: readonly string[]): string[] {
  const parent = texts.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const owner = new Map<string, number>();
  texts.forEach((t, i) => {
    const e = edgeText(t);
    for (const key of [`^${e.slice(0, EDGE)}`, `$${e.slice(-EDGE)}`]) {
      const j = owner.get(key);
      if (j === undefined) owner.set(key, i);
      else parent[find(i)] = find(j);
    }
  });
  return texts.map((_, i) => edgeText(texts[find(i)]!).slice(0, EDGE));
}
