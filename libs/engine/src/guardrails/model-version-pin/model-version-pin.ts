import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';
import { compileGlobs } from '../../detectors/glob/glob.ts';

/**
 * A model name is pinned when it ends in a dated or numbered snapshot: `-2024-08-06`, `-20241022`,
 * `-0613`, `-002`, `@20240229`, `:1`/`-v2:0` (Bedrock revisions). Aliases (`gpt-4`, `*-latest`) are not.
 */
const PINNED = /(?:[-_@](?:\d{4}-\d{2}-\d{2}|\d{8}|\d{3,4})|:\d+)$/;
const ALIAS = /(?:^|[-_.:@])latest$/i;

export function isPinnedModel(name: string): boolean {
  return !ALIAS.test(name) && PINNED.test(name);
}
export const MODEL_PIN_PATTERNS = [PINNED, ALIAS];

export const modelVersionPin = defineGuardrail({
  name: 'ModelVersionPin',
  stages: ['input', 'output'],
  category: 'operational',
  description:
    'Judges `context.model.name`: fails when the model is not in the allowed list (simple globs such as `gpt-4o-*`) or, with `requirePinned`, when it is an undated alias like `gpt-4` or `*-latest` rather than a dated snapshot.',
  defaultSeverity: 'high',
  config: {
    allowedModels: z
      .array(z.string().min(1).max(200))
      .max(200)
      .default([])
      .describe('Allowed model names; `*` and `?` are wildcards, case-insensitive. Empty allows any model.'),
    requirePinned: z
      .boolean()
      .default(true)
      .describe('Fail on aliases that float to new versions (`gpt-4`, `claude-3-5-sonnet-latest`).'),
    onMissing: onMissingSchema,
  },
  example: { allowedModels: ['gpt-4o-2024-08-06', 'claude-3-5-sonnet-2024*'], requirePinned: true },
  create(config) {
    const allowed = config.allowedModels.length ? compileGlobs(config.allowedModels) : undefined;
    return ({ context }) => {
      const name = context.model?.name;
      if (!name) return missingFacts(config.onMissing, 'model');
      if (allowed && !allowed(name)) {
        return {
          passed: false,
          message: `Model "${name}" is not in the allowed model list`,
          details: { model: name, allowedModels: config.allowedModels },
        };
      }
      if (config.requirePinned && !isPinnedModel(name)) {
        return {
          passed: false,
          message: `Model "${name}" is not version-pinned (use a dated snapshot)`,
          details: { model: name },
        };
      }
      return { passed: true, message: `Model "${name}" is allowed` };
    };
  },
});
