import { z } from 'zod';
import {
  ACTIONS,
  type Action,
  type BaseConfig,
  type Category,
  type Check,
  type EngineServices,
  type GuardrailDefinition,
  SEVERITIES,
  type Severity,
  type Stage,
} from './types.ts';

interface GuardrailSpec<Shape extends z.ZodRawShape> {
  name: string;
  stages: readonly Stage[];
  category: Category;
  description: string;
  /** Severity when the profile entry gives none. */
  defaultSeverity: Severity;
  /** Whether `action: "redact"` is allowed (the check returns `redactions`). */
  supportsRedaction?: boolean;
  /** The guardrail's own config keys, each with its default. */
  config: Shape;
  example: Record<string, unknown>;
  create(config: z.infer<z.ZodObject<Shape>> & BaseConfig, services: EngineServices): Check;
}

export interface DefinedGuardrail<Config extends BaseConfig = BaseConfig>
  extends GuardrailDefinition<Config> {
  supportsRedaction: boolean;
  defaultSeverity: Severity;
}

/**
 * Declares a guardrail: merges the common keys (severity, action, failOpen, timeoutMs) into its
 * strict config schema so that every profile entry is validated the same way when it is saved.
 */
export function defineGuardrail<Shape extends z.ZodRawShape>(
  spec: GuardrailSpec<Shape>,
): DefinedGuardrail<z.infer<z.ZodObject<Shape>> & BaseConfig> {
  const supportsRedaction = spec.supportsRedaction ?? false;
  const actions = (supportsRedaction ? ACTIONS : ACTIONS.filter((a) => a !== 'redact')) as [
    Action,
    ...Action[],
  ];
  const configSchema = z
    .object({
      severity: z.enum(SEVERITIES).default(spec.defaultSeverity),
      action: z.enum(actions).optional(),
      failOpen: z.boolean().default(false),
      timeoutMs: z.number().int().min(1).max(10_000).default(1_000),
      ...spec.config,
    })
    .strict();
  return {
    name: spec.name,
    stages: spec.stages,
    category: spec.category,
    description: spec.description,
    defaultSeverity: spec.defaultSeverity,
    supportsRedaction,
    configSchema: configSchema as unknown as z.ZodType<z.infer<z.ZodObject<Shape>> & BaseConfig>,
    example: spec.example,
    create: spec.create,
  };
}

/** `action` when the entry gives none: block for high/critical, warn otherwise (product.md §4). */
export function effectiveAction(config: Pick<BaseConfig, 'severity' | 'action'>): Action {
  if (config.action) return config.action;
  return config.severity === 'high' || config.severity === 'critical' ? 'block' : 'warn';
}
