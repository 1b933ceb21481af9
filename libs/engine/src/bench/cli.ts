/**
 * npm run bench:engine [-- --guardrail <name>[,<name>] ...] [--json] [--data <dir>] [--min-ms 500] [--windows 1]
 * Throughput (MB per CPU second) of every input/output guardrail on one core, on 1 KB, 10 KB and
 * 100 KB texts built from the labelled eval texts, against a baseline measured in the same run
 * (lower-case + indexOf): the ×base columns divide each figure by the baseline measured right after
 * it. Each guardrail first warms up for 4 × `min-ms` on all sizes, then each figure is `min-ms` of
 * CPU time after as long a warm-up (200 ms left the secrets scanner 25-40 % short of its steady
 * state). With `--windows N` each figure, and its baseline, is the best of N such measurements:
 * on a host shared with other tenants single windows minutes apart differ by up to a third.
 */
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import type { DefinedGuardrail } from '../core/define.ts';
import type { BaseConfig, Check, Stage } from '../core/types.ts';
import { defaultRegistry } from '../registry.ts';
import { buildText, loadCorpus } from './texts.ts';

const { values } = parseArgs({
  options: {
    guardrail: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
    data: { type: 'string' },
    'min-ms': { type: 'string', default: '500' },
    windows: { type: 'string', default: '1' },
  },
});

const SIZES = [1_000, 10_000, 100_000] as const;
const MIN_MS = Math.max(10, Number(values['min-ms']) || 500);
const WINDOWS = Math.min(20, Math.max(1, Math.floor(Number(values.windows)) || 1));
const MAX_ITERATIONS = 100_000;
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = values.data ?? join(here, '../../../../../shared/eval');
const wanted = new Set(
  (values.guardrail ?? [])
    .flatMap((g) => g.split(','))
    .map((g) => g.trim())
    .filter(Boolean),
);

const corpus = loadCorpus(dataDir);
/**
 * Several different texts per size, measured in rotation: a guardrail that caches work per text
 * (shared analysis within one request) must not look faster than it is on new traffic.
 */
const VARIANTS = 8;
const texts = SIZES.map((size, i) => ({
  size,
  variants: Array.from({ length: VARIANTS }, (_, v) => buildText(corpus.texts, size, 1000 + i * 100 + v)),
}));

interface Row {
  guardrail: string;
  size: number;
  mbPerSec: number;
  ratio: number;
  iterations: number;
}

/** CPU time of this process in ms: "per core" throughput, and steadier than wall time on a shared machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Runs `fn` over the variants in turn for `ms` of CPU time (at least one round) after a warm-up of
 * `warmMs`, returns MB per CPU second. The clock is read once per stride of about 1 ms: one
 * `process.cpuUsage()` costs about 3 µs, which per call was a third of the 1 KB baseline's time.
 */
async function measure(
  fn: (text: string) => unknown,
  variants: readonly string[],
  ms = MIN_MS,
  warmMs = MIN_MS,
): Promise<{ mbPerSec: number; iterations: number }> {
  const sizes = variants.map((t) => Buffer.byteLength(t, 'utf8'));
  // One pass over the texts leaves most of the JIT's work to the first timed slice, which made the
  // first guardrail measured look slow: warm up for as long as the measurement itself.
  const warmStart = cpuMs();
  let warmed = 0;
  for (; warmed < variants.length || (cpuMs() < warmStart + warmMs && warmed < MAX_ITERATIONS); warmed++) {
    const out = fn(variants[warmed % variants.length]!);
    if (out instanceof Promise) await out;
  }
  const msPerCall = Math.max(1e-4, (cpuMs() - warmStart) / warmed);
  const stride = Math.max(1, Math.min(variants.length * 64, Math.floor(1 / msPerCall)));
  let iterations = 0;
  let bytes = 0;
  const t0 = cpuMs();
  let elapsed = 0;
  while ((elapsed < ms || iterations < variants.length) && iterations < MAX_ITERATIONS) {
    for (let k = 0; k < stride; k++, iterations++) {
      const v = iterations % variants.length;
      const out = fn(variants[v]!);
      if (out instanceof Promise) await out;
      bytes += sizes[v]!;
    }
    elapsed = cpuMs() - t0;
  }
  return { mbPerSec: bytes / 1e6 / (elapsed / 1000), iterations };
}

/** The best of WINDOWS measurements of `fn` (the first after the warm-up, the others straight after it). */
async function bestOf(
  fn: (text: string) => unknown,
  variants: readonly string[],
  ms: number,
  warmMs: number,
): Promise<{ mbPerSec: number; iterations: number }> {
  let best = await measure(fn, variants, ms, warmMs);
  for (let w = 1; w < WINDOWS; w++) {
    const m = await measure(fn, variants, ms, 0);
    if (m.mbPerSec > best.mbPerSec) best = m;
  }
  return best;
}

const BASELINE_WORDS = ['password', 'secret', 'token', 'ignore previous', 'api_key', 'ssn'];
function baseline(text: string): number {
  const lower = text.toLowerCase();
  let hits = 0;
  for (const w of BASELINE_WORDS) {
    for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + 1)) hits++;
  }
  return hits;
}

function compile(def: DefinedGuardrail): { check: Check; stage: Stage; config: string } | { error: string } {
  const stage: Stage = def.stages.includes('input') ? 'input' : 'output';
  const schema = def.configSchema as z.ZodType<BaseConfig>;
  for (const [label, raw] of [
    ['{}', {}],
    ['example', def.example],
  ] as const) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) continue;
    try {
      return { check: def.create(parsed.data, {}), stage, config: label };
    } catch (err) {
      return { error: `create failed: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
  return { error: 'neither {} nor the example config is valid' };
}

const allVariants = texts.flatMap((t) => t.variants);
const rows: Row[] = [];
const notes: string[] = [];
const base: Record<number, number> = {};
for (const { size, variants } of texts)
  base[size] = (await bestOf(baseline, variants, MIN_MS, MIN_MS)).mbPerSec;
for (const { size } of texts)
  rows.push({
    guardrail: '(baseline: lowercase + indexOf)',
    size,
    mbPerSec: base[size]!,
    ratio: 1,
    iterations: 0,
  });

for (const def of defaultRegistry.list()) {
  if (!def.stages.includes('input') && !def.stages.includes('output')) continue;
  if (wanted.size && !wanted.has(def.name)) continue;
  const compiled = compile(def);
  if ('error' in compiled) {
    notes.push(`skipped ${def.name}: ${compiled.error}`);
    continue;
  }
  const { check, stage } = compiled;
  const run = (text: string) => check({ text, stage, context: {}, caller: { userId: 'bench' } });
  try {
    // Some guardrails need seconds of CPU before V8 has optimised all their code (the PII recognizer
    // about 3 s at 100 KB): warm up on every size first, so no figure reads the JIT's tiering.
    await measure(run, allVariants, 0, 4 * MIN_MS);
    for (const { size, variants } of texts) {
      const m = await bestOf(run, variants, MIN_MS, MIN_MS);
      // The ratio is against a baseline taken right after, so that load from other processes
      // that changes during the run affects both sides alike.
      const near = await bestOf(baseline, variants, MIN_MS / 2, 0);
      rows.push({
        guardrail: def.name,
        size,
        mbPerSec: m.mbPerSec,
        ratio: m.mbPerSec / near.mbPerSec,
        iterations: m.iterations,
      });
    }
  } catch (err) {
    notes.push(`skipped ${def.name}: check threw ${err instanceof Error ? err.message : String(err)}`);
  }
}
for (const w of wanted) if (!defaultRegistry.get(w)) notes.push(`unknown guardrail ${w}`);

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  node: process.version,
  corpus: corpus.source,
  minMsPerMeasurement: MIN_MS,
  windows: WINDOWS,
};
if (values.json) {
  console.log(JSON.stringify({ machine, rows, notes }, null, 2));
} else {
  console.log(
    `machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; MB per CPU second on one core${WINDOWS > 1 ? `, best of ${WINDOWS} windows` : ''}; texts from ${machine.corpus}`,
  );
  const names = [...new Set(rows.map((r) => r.guardrail))];
  const header = [
    'guardrail',
    ...SIZES.map((s) => `${s / 1000}KB MB/s`),
    ...SIZES.map((s) => `${s / 1000}KB ×base`),
  ];
  const table = names.map((n) => {
    const r = SIZES.map((s) => rows.find((x) => x.guardrail === n && x.size === s));
    return [
      n,
      ...r.map((x) => (x ? x.mbPerSec.toFixed(1) : '-')),
      ...r.map((x) => (x ? x.ratio.toFixed(3) : '-')),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const t of table) console.log(line(t));
  for (const n of notes) console.log(n);
}
