import type { SecretRule } from '../types.ts';
import { CONTEXT_RULES } from './context.ts';
import { FORMAT_RULES } from './format.ts';

/** Every built-in rule, format rules first. Ids are unique (checked at load). */
export const BUILTIN_RULES: readonly SecretRule[] = [...FORMAT_RULES, ...CONTEXT_RULES];

const seen = new Set<string>();
for (const r of BUILTIN_RULES) {
  if (seen.has(r.id)) throw new Error(`duplicate secret rule id ${r.id}`);
  seen.add(r.id);
}
