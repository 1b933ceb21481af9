/**
 * npm run bench:first-calls [-- --data <dir>] [--texts 40]
 * What the first requests of a fresh process cost after the API's warm-up: every built-in profile
 * compiled, then each of `texts` labelled eval texts (a fixed sample, plus a few of other scripts)
 * run once through each profile's input and output guardrails (the first pass), then all of it
 * again (the second pass, the steady state of the same calls: the baseline). Prints both totals,
 * their ratio, the slowest first calls and the machine. Run it in a new process each time: the
 * state it measures is per process.
 */
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compileProfile } from '../core/compile.ts';
import type { CompiledGuardrail } from '../core/executor.ts';
import type { Stage } from '../core/types.ts';
import { warmUp } from '../core/warm-up.ts';
import { BUILTIN_PROFILES } from '../profiles/builtins.ts';
import { defaultRegistry } from '../registry.ts';
import { loadCorpus, prng } from './texts.ts';

const { values } = parseArgs({
  options: { data: { type: 'string' }, texts: { type: 'string', default: '40' } },
});
const here = dirname(fileURLToPath(import.meta.url));
const corpus = loadCorpus(values.data ?? join(here, '../../../../../shared/eval'));
const rnd = prng(11);
const count = Math.min(500, Math.max(1, Math.floor(Number(values.texts)) || 40));
const texts = [
  ...Array.from({ length: count }, () => corpus.texts[Math.floor(rnd() * corpus.texts.length)]!),
  'Bonjour, comment puis-je réinitialiser mon mot de passe ?',
  '这是一个测试句子，请帮我翻译成英文。',
  'Пожалуйста, помогите мне написать письмо начальнику.',
];

interface Call {
  profile: string;
  stage: Stage;
  guardrail: string;
  ms: number;
}

const warmStarted = performance.now();
await warmUp(defaultRegistry);
const warmMs = performance.now() - warmStarted;

const compiled = BUILTIN_PROFILES.map((p) => {
  const c = compileProfile(p, defaultRegistry, {});
  if (!c.ok) throw new Error(`built-in profile ${p.id} does not compile`);
  return { id: p.id, stages: [['input', c.profile.input] as const, ['output', c.profile.output] as const] };
});

/** One call of every guardrail of every profile on every text, each timed (a guardrail alone, not the run). */
async function pass(): Promise<Call[]> {
  const calls: Call[] = [];
  for (const text of texts) {
    for (const { id, stages } of compiled) {
      for (const [stage, guardrails] of stages as ReadonlyArray<readonly [Stage, CompiledGuardrail[]]>) {
        for (const g of guardrails) {
          const t0 = performance.now();
          try {
            await g.check({ text, stage, context: {}, caller: { userId: 'bench' } });
          } catch {
            // Guardrails that need services (rate limits) are timed up to their failure.
          }
          calls.push({ profile: id, stage, guardrail: g.name, ms: performance.now() - t0 });
        }
      }
    }
  }
  return calls;
}

const first = await pass();
const second = await pass();
const total = (calls: Call[]) => calls.reduce((s, c) => s + c.ms, 0);
const slowest = [...first].sort((a, b) => b.ms - a.ms).slice(0, 10);
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, Node ${process.version}; ${count} texts from ${corpus.source} and 3 of other scripts × ${BUILTIN_PROFILES.length} built-in profiles, input and output; warm-up ${warmMs.toFixed(0)} ms`,
);
console.log(
  `first pass ${total(first).toFixed(1)} ms, second pass (baseline) ${total(second).toFixed(1)} ms, ×base ${(total(first) / total(second)).toFixed(2)}; slowest call ${slowest[0]!.ms.toFixed(1)} ms first, ${Math.max(...second.map((c) => c.ms)).toFixed(1)} ms second`,
);
console.log(
  `calls over 5 ms: ${first.filter((c) => c.ms > 5).length} first, ${second.filter((c) => c.ms > 5).length} second (of ${first.length} each)`,
);
console.log('slowest first calls:');
for (const c of slowest)
  console.log(`  ${c.ms.toFixed(1).padStart(7)} ms  ${c.guardrail} (${c.profile}, ${c.stage})`);
