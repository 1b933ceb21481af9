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

/**
 * Single-character lookarounds (`(?<![a-z])`, `(?!x)`) are zero-width tests of one character: they
 * cannot add backtracking, but recheck's automaton checker does not support them, so they are
 * dropped before checking (the rest of the pattern is checked as written).
 */
export function withoutCharLookarounds(source: string): string {
  return source.replace(/\(\?<?[!=](?:\[(?:\\.|[^\]\\])*\]|\\.|[^()[\]\\|])\)/g, '');
}

/**
 * recheck's verdict for one pattern, from the automaton checker only: a deterministic proof. The
 * signatures are large alternations on which the fuzz checker that testing/linear-time.ts falls
 * back to takes minutes; the automaton proves them in seconds once one-character lookarounds are
 * set aside.
 */
export async function automatonProofStatus(re: RegExp): Promise<string> {
  const r = await recheck(withoutCharLookarounds(re.source), re.flags, {
    checker: 'automaton',
    timeout: 60_000,
  });
  return r.status === 'unknown' ? `unknown (${r.error.kind})` : r.status;
}

/** Every pattern that recheck's automaton checker cannot prove linear-time (empty when all are). */
export async function unsafePatterns(signatures: readonly Signature[]): Promise<string[]> {
  const bad: string[] = [];
  for (const s of signatures) {
    const status = await automatonProofStatus(s.re);
    if (status !== 'safe') bad.push(`${s.id}: ${status}`);
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
