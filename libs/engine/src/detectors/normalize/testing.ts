/** Test helpers shared by the prompt-attack guardrail tests. */
import { check as recheck } from 'recheck';
import type { DefinedGuardrail } from '../../core/define.ts';
import type { Detection } from '../../core/types.ts';
import type { Signature } from './signatures.ts';

export function runner(
  g: DefinedGuardrail,
  config: Record<string, unknown> = {},
): (text: string) => Detection {
  const check = g.create(g.configSchema.parse(config) as never, {});
  return (text) => check({ text, stage: 'input', context: {}, caller: { userId: 'u1' } }) as Detection;
}

/** recheck status of every pattern that is not 'safe' (empty when all are linear-time). */
export async function unsafePatterns(signatures: readonly Signature[]): Promise<string[]> {
  const bad: string[] = [];
  for (const s of signatures) {
    const r = await recheck(s.re.source, s.re.flags, { timeout: 20_000, randomSeed: 7 });
    if (r.status !== 'safe') bad.push(`${s.id}: ${r.status}`);
  }
  return bad;
}

/** Milliseconds to run `fn` over each of a few 1 MB adversarial inputs (the slowest). */
export function worstAdversarialMs(fn: (text: string) => unknown): number {
  const inputs = [
    'ignore '.repeat(150_000),
    'ignore all previous '.repeat(50_000),
    'a'.repeat(1_000_000),
    'you are '.repeat(125_000),
    `${'x'.repeat(40)} `.repeat(25_000),
    'i g n o r e '.repeat(80_000),
  ];
  let worst = 0;
  for (const t of inputs) {
    const start = performance.now();
    fn(t);
    worst = Math.max(worst, performance.now() - start);
  }
  return worst;
}
