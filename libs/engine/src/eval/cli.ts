/**
 * npm run --silent eval -- --data <dir> [--json] [--details] [--file <name>]
 * Measures the engine on every labelled *.jsonl in <dir> (format: shared/eval/README.md).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultRegistry } from '../registry.ts';
import { evaluateFile, type FileReport } from './run.ts';
import { EVAL_TARGETS } from './targets.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    json: { type: 'boolean', default: false },
    details: { type: 'boolean', default: false },
    file: { type: 'string' },
  },
});
const dir = values.data;
if (!dir || !existsSync(dir)) {
  console.error('usage: npm run --silent eval -- --data <dir> [--json] [--details] [--file <name>]');
  process.exit(2);
}

const files: FileReport[] = [];
const skipped: Array<{ file: string; reason: string }> = [];
for (const name of readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  if (values.file && name !== values.file) continue;
  const target = EVAL_TARGETS[name];
  const missing = target?.guardrails.find((g) => !defaultRegistry.get(g.name));
  if (!target || missing) {
    skipped.push({
      file: name,
      reason: target ? `guardrail ${missing!.name} is not registered` : 'no mapping',
    });
    continue;
  }
  files.push(await evaluateFile(join(dir, name), target, defaultRegistry));
}

const SUMMARY_KEYS = [
  'file',
  'guardrail',
  'tp',
  'fp',
  'fn',
  'tn',
  'precision',
  'recall',
  'f1',
  'fpr',
  'mbPerSec',
] as const;
if (values.json) {
  const out = files.map((f) => {
    const base: Record<string, unknown> = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, f[k]]));
    if (f.fprHardNegative !== undefined) base.fprHardNegative = f.fprHardNegative;
    if (f.fprGenericNegative !== undefined) base.fprGenericNegative = f.fprGenericNegative;
    return values.details ? f : base;
  });
  console.log(JSON.stringify({ files: out, skipped }, null, values.details ? 2 : 0));
} else {
  const rows = files.map((f) => [
    f.file,
    f.guardrail,
    f.tp,
    f.fp,
    f.fn,
    f.tn,
    f.precision.toFixed(3),
    f.recall.toFixed(3),
    f.f1.toFixed(3),
    f.fpr.toFixed(3),
    f.fprHardNegative?.toFixed(3) ?? '-',
    f.fprGenericNegative?.toFixed(3) ?? '-',
    f.mbPerSec.toFixed(2),
  ]);
  const header = [
    'file',
    'guardrail',
    'tp',
    'fp',
    'fn',
    'tn',
    'prec',
    'recall',
    'f1',
    'fpr',
    'fpr-hard',
    'fpr-generic',
    'MB/s',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r: Array<string | number>) => r.map((c, i) => String(c).padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  for (const s of skipped) console.log(`skipped ${s.file}: ${s.reason}`);
  if (values.details) {
    for (const f of files) {
      const worst = Object.entries(f.recallBySubtype)
        .sort((a, b) => a[1].recall - b[1].recall || b[1].n - a[1].n)
        .slice(0, 20);
      console.log(`\n${f.file}: worst subtypes by recall`);
      for (const [k, v] of worst) console.log(`  ${k.padEnd(40)} ${v.recall.toFixed(3)}  (n=${v.n})`);
      console.log(`  recall by source: ${JSON.stringify(f.recallBySource)}`);
      console.log(`  misses (first 20): ${f.misses.slice(0, 20).join(' ')}`);
      console.log(`  false alarms (first 20): ${f.falseAlarms.slice(0, 20).join(' ')}`);
    }
  }
}
