import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { compileProfile } from '../core/compile.ts';
import { type RunOutcome, runGuardrails } from '../core/executor.ts';
import type { Registry } from '../core/registry.ts';
import type { EvalTarget } from './targets.ts';

export interface EvalRecord {
  id: string;
  text: string;
  label: 0 | 1;
  category: string;
  subtype?: string;
  hard_negative?: boolean;
  negative_scope?: string;
  source?: string;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface FileReport extends Counts {
  file: string;
  guardrail: string;
  precision: number;
  recall: number;
  f1: number;
  fpr: number;
  mbPerSec: number;
  /** FPR on `hard_negative` texts and on `negative_scope: generic` texts, when the file has them. */
  fprHardNegative?: number;
  fprGenericNegative?: number;
  recallByCategory: Record<string, number>;
  recallBySubtype: Record<string, { recall: number; n: number }>;
  recallBySource: Record<string, { recall: number; n: number }>;
  misses: string[];
  falseAlarms: string[];
}

/** The records of a JSONL eval file; `T` adds the fields a source carries beyond EvalRecord. */
export function readRecords<T extends EvalRecord = EvalRecord>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

/** Runs the target's guardrails over every record; each guardrail runs with action `warn` so all of them see every text. */
export async function evaluateFile(
  path: string,
  target: EvalTarget,
  registry: Registry,
): Promise<FileReport> {
  const records = readRecords(path);
  const entries = target.guardrails.map((g) => ({ name: g.name, config: { ...g.config, action: 'warn' } }));
  const lists = { inputGuardrails: [], outputGuardrails: [], toolGuardrails: [] } as Record<
    string,
    typeof entries
  >;
  lists[`${target.stage}Guardrails`] = entries;
  const compiled = compileProfile(lists as never, registry);
  if (!compiled.ok) throw new Error(`cannot compile eval target: ${JSON.stringify(compiled.issues)}`);
  const guardrails = compiled.profile[target.stage];
  const detect = async (text: string): Promise<boolean> => {
    const out: RunOutcome = await runGuardrails(guardrails, {
      text,
      stage: target.stage,
      context: {},
      caller: { userId: 'eval' },
    });
    return out.results.some((r) => !r.passed);
  };

  for (const r of records.slice(0, 50)) await detect(r.text); // warm-up
  let bytes = 0;
  const started = performance.now();
  const flagged: boolean[] = [];
  for (const r of records) {
    bytes += Buffer.byteLength(r.text, 'utf8');
    flagged.push(await detect(r.text));
  }
  const seconds = (performance.now() - started) / 1000;

  const all: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const hard: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const generic: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const group = (key: (r: EvalRecord) => string | undefined) => {
    const m = new Map<string, { hit: number; n: number }>();
    records.forEach((r, i) => {
      if (r.label !== 1) return;
      const k = key(r) ?? '(none)';
      const e = m.get(k) ?? { hit: 0, n: 0 };
      e.n++;
      if (flagged[i]) e.hit++;
      m.set(k, e);
    });
    return m;
  };
  const misses: string[] = [];
  const falseAlarms: string[] = [];
  records.forEach((r, i) => {
    const f = flagged[i]!;
    const cell = r.label === 1 ? (f ? 'tp' : 'fn') : f ? 'fp' : 'tn';
    all[cell]++;
    if (r.hard_negative) hard[cell]++;
    if (r.negative_scope === 'generic') generic[cell]++;
    if (cell === 'fn') misses.push(r.id);
    if (cell === 'fp') falseAlarms.push(r.id);
  });
  const toRecall = (m: Map<string, { hit: number; n: number }>) =>
    Object.fromEntries([...m].map(([k, v]) => [k, { recall: ratio(v.hit, v.n), n: v.n }]));

  const precision = ratio(all.tp, all.tp + all.fp);
  const recall = ratio(all.tp, all.tp + all.fn);
  const report: FileReport = {
    file: basename(path),
    guardrail: target.guardrails.map((g) => g.name).join('+'),
    ...all,
    precision,
    recall,
    f1: precision + recall ? round((2 * precision * recall) / (precision + recall)) : 0,
    fpr: ratio(all.fp, all.fp + all.tn),
    mbPerSec: round(bytes / 1e6 / seconds),
    recallByCategory: Object.fromEntries(
      [...group((r) => r.category)].map(([k, v]) => [k, ratio(v.hit, v.n)]),
    ),
    recallBySubtype: toRecall(group((r) => r.subtype)),
    recallBySource: toRecall(group((r) => r.id.replace(/-\d+$/, ''))),
    misses,
    falseAlarms,
  };
  if (hard.fp + hard.tn) report.fprHardNegative = ratio(hard.fp, hard.fp + hard.tn);
  if (generic.fp + generic.tn) report.fprGenericNegative = ratio(generic.fp, generic.fp + generic.tn);
  return report;
}

function ratio(a: number, b: number): number {
  return b === 0 ? 0 : round(a / b);
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
