import { z } from 'zod';
import type { DefinedGuardrail } from '../core/define.ts';
import type { Registry } from '../core/registry.ts';
import { CATEGORIES, type Category, type Severity, type Stage } from '../core/types.ts';

/** One guardrail as served by `GET /api/guardrails`. */
export interface CatalogueEntry {
  name: string;
  stages: readonly Stage[];
  category: Category;
  description: string;
  defaultSeverity: Severity;
  supportsRedaction: boolean;
  /** JSON Schema (draft 2020-12) of the accepted config: the input side, so defaulted keys are optional. */
  configSchema: Record<string, unknown>;
  /** The config a profile entry gets when it gives none: the schema's defaults. */
  defaults: Record<string, unknown>;
  example: Record<string, unknown>;
}

/** Keys every guardrail accepts (added by defineGuardrail), documented once. */
export const COMMON_KEYS = ['severity', 'action', 'failOpen', 'timeoutMs'] as const;

export function configJsonSchema(def: DefinedGuardrail): Record<string, unknown> {
  return z.toJSONSchema(def.configSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * The defaults of a guardrail's config. When the whole schema parses `{}` that is the answer; a
 * guardrail with a required key (RegexFilter's rules) gets the defaults of every other key.
 */
export function configDefaults(def: DefinedGuardrail): Record<string, unknown> {
  const whole = def.configSchema.safeParse({});
  if (whole.success) return whole.data as unknown as Record<string, unknown>;
  const shape = (def.configSchema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const r = schema.safeParse(undefined);
    if (r.success && r.data !== undefined) out[key] = r.data;
  }
  return out;
}

export function describeGuardrail(def: DefinedGuardrail): CatalogueEntry {
  return {
    name: def.name,
    stages: def.stages,
    category: def.category,
    description: def.description,
    defaultSeverity: def.defaultSeverity,
    supportsRedaction: def.supportsRedaction,
    configSchema: configJsonSchema(def),
    defaults: configDefaults(def),
    example: def.example,
  };
}

/** Every registered guardrail, grouped by category (in the order of CATEGORIES), then by name. */
export function describeCatalogue(registry: Registry): CatalogueEntry[] {
  const order = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));
  return [...registry.list()]
    .sort(
      (a, b) => (order.get(a.category) ?? 99) - (order.get(b.category) ?? 99) || a.name.localeCompare(b.name),
    )
    .map(describeGuardrail);
}
