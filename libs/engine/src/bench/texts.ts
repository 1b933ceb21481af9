import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Deterministic PRNG (mulberry32) so that every run measures the same texts. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Texts of every labelled file in `dir` (positives and negatives), or synthetic prose when absent. */
export function loadCorpus(dir: string | undefined): { texts: string[]; source: string } {
  if (dir && existsSync(dir)) {
    const texts: string[] = [];
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort()) {
      for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
        if (!line.trim()) continue;
        const rec = JSON.parse(line) as { text?: unknown };
        if (typeof rec.text === 'string' && rec.text.length > 0) texts.push(rec.text);
      }
    }
    if (texts.length > 0) return { texts, source: dir };
  }
  return { texts: syntheticProse(2000), source: 'synthetic prose' };
}

const WORDS =
  'the a service request user model answer policy guardrail profile latency token key value config deploy database error warning build release test customer account payment invoice report summary please could you explain how why when where what write translate list compare review update delete create'.split(
    ' ',
  );

function syntheticProse(n: number): string[] {
  const rnd = prng(7);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 8 + Math.floor(rnd() * 40);
    const words: string[] = [];
    for (let k = 0; k < len; k++) words.push(WORDS[Math.floor(rnd() * WORDS.length)]!);
    out.push(`${words.join(' ')}.`);
  }
  return out;
}

/** Concatenates randomly chosen corpus texts (blank line between them) up to exactly `size` characters. */
export function buildText(corpus: readonly string[], size: number, seed: number): string {
  const rnd = prng(seed);
  let out = '';
  while (out.length < size) out += `${corpus[Math.floor(rnd() * corpus.length)]!}\n\n`;
  return out.slice(0, size);
}
