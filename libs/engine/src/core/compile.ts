import type { z } from 'zod';
import { type DefinedGuardrail, effectiveAction } from './define.ts';
import type { CompiledGuardrail } from './executor.ts';
import type { Registry } from './registry.ts';
import type { BaseConfig, EngineServices, Stage } from './types.ts';

export interface GuardrailEntry {
  name: string;
  config?: Record<string, unknown>;
}

export interface ProfileGuardrails {
  inputGuardrails: GuardrailEntry[];
  outputGuardrails: GuardrailEntry[];
  toolGuardrails: GuardrailEntry[];
}

export interface CompiledProfile {
  input: CompiledGuardrail[];
  output: CompiledGuardrail[];
  tool: CompiledGuardrail[];
}

export interface ProfileIssue {
  /** Where the problem is, e.g. `inputGuardrails[2].config.severity`. */
  path: string;
  message: string;
}

const LISTS: ReadonlyArray<[keyof ProfileGuardrails, Stage]> = [
  ['inputGuardrails', 'input'],
  ['outputGuardrails', 'output'],
  ['toolGuardrails', 'tool'],
];

export interface CompileOptions {
  maxGuardrails?: number;
}

/**
 * Validates every entry of a profile (known name, stage, strict config) and compiles it. All
 * problems are reported at once so a profile is either saved whole or rejected with every reason.
 */
export function validateProfile(
  profile: ProfileGuardrails,
  registry: Registry,
  options: CompileOptions = {},
):
  | { ok: true; configs: Record<Stage, Array<{ def: DefinedGuardrail; config: BaseConfig }>> }
  | { ok: false; issues: ProfileIssue[] } {
  const issues: ProfileIssue[] = [];
  const configs: Record<Stage, Array<{ def: DefinedGuardrail; config: BaseConfig }>> = {
    input: [],
    output: [],
    tool: [],
  };
  const max = options.maxGuardrails ?? 64;
  for (const [list, stage] of LISTS) {
    const entries = profile[list];
    if (entries.length > max) {
      issues.push({ path: list, message: `at most ${max} guardrails per list` });
      continue;
    }
    entries.forEach((entry, i) => {
      const at = `${list}[${i}]`;
      const def = registry.get(entry.name);
      if (!def) {
        issues.push({
          path: `${at}.name`,
          message: `unknown guardrail "${entry.name}" (see GET /api/guardrails)`,
        });
        return;
      }
      if (!def.stages.includes(stage)) {
        issues.push({
          path: `${at}.name`,
          message: `${def.name} runs on ${def.stages.join('/')} and cannot be used in ${list}`,
        });
        return;
      }
      const parsed = (def.configSchema as z.ZodType<BaseConfig>).safeParse(entry.config ?? {});
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          issues.push({
            path: [`${at}.config`, ...issue.path.map(formatKey)].join(''),
            message: issue.message,
          });
        }
        return;
      }
      configs[stage].push({ def, config: parsed.data });
    });
  }
  return issues.length ? { ok: false, issues } : { ok: true, configs };
}

export function compileProfile(
  profile: ProfileGuardrails,
  registry: Registry,
  services: EngineServices = {},
  options: CompileOptions = {},
): { ok: true; profile: CompiledProfile } | { ok: false; issues: ProfileIssue[] } {
  const validated = validateProfile(profile, registry, options);
  if (!validated.ok) return validated;
  const compileList = (list: Array<{ def: DefinedGuardrail; config: BaseConfig }>): CompiledGuardrail[] =>
    list.map(({ def, config }) => ({
      name: def.name,
      severity: config.severity,
      action: effectiveAction(config),
      failOpen: config.failOpen,
      timeoutMs: config.timeoutMs,
      check: def.create(config, services),
    }));
  return {
    ok: true,
    profile: {
      input: compileList(validated.configs.input),
      output: compileList(validated.configs.output),
      tool: compileList(validated.configs.tool),
    },
  };
}

function formatKey(key: PropertyKey): string {
  return typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
}
