import type { DefinedGuardrail } from '../../core/define.ts';
import type { CheckInput, Detection, EngineServices } from '../../core/types.ts';

/** Unwraps the result of a synchronous check (tests only): fails loudly if it returned a promise. */
export function sync(d: Detection | Promise<Detection>): Detection {
  if (d instanceof Promise) throw new Error('expected a synchronous check');
  return d;
}

/** Compiles a guardrail with `config` and returns a function running its (synchronous) check on a text. */
export function checker(
  def: DefinedGuardrail,
  config: Record<string, unknown> = {},
  services: EngineServices = {},
) {
  const check = def.create(def.configSchema.parse(config), services);
  return (text: string, extra: Partial<Omit<CheckInput, 'text'>> = {}): Detection =>
    sync(check({ stage: def.stages[0] ?? 'input', context: {}, caller: { userId: 'u' }, ...extra, text }));
}
