import type { DefinedGuardrail } from './define.ts';

export interface Registry {
  get(name: string): DefinedGuardrail | undefined;
  list(): readonly DefinedGuardrail[];
}

export function createRegistry(definitions: readonly DefinedGuardrail[]): Registry {
  const byName = new Map<string, DefinedGuardrail>();
  for (const def of definitions) {
    if (byName.has(def.name)) throw new Error(`guardrail ${def.name} is registered twice`);
    byName.set(def.name, def);
  }
  const sorted = [...byName.values()];
  return { get: (name) => byName.get(name), list: () => sorted };
}
