import { createRegistry } from './core/registry.ts';
import { contentSafetyGuardrails } from './guardrails/families/content-safety.ts';
import { contextGuardrails } from './guardrails/families/context.ts';
import { generalGuardrails } from './guardrails/families/general.ts';
import { outputSafetyGuardrails } from './guardrails/families/output-safety.ts';
import { privacyGuardrails } from './guardrails/families/privacy.ts';
import { promptAttacksGuardrails } from './guardrails/families/prompt-attacks.ts';
import { secretsGuardrails } from './guardrails/families/secrets.ts';
import { textGuardrails } from './guardrails/families/text.ts';
import { toolGuardrails } from './guardrails/families/tool.ts';

/** Every guardrail Parapet ships. Each family file lists its guardrails, one line each. */
export const defaultRegistry = createRegistry([
  ...generalGuardrails,
  ...secretsGuardrails,
  ...privacyGuardrails,
  ...promptAttacksGuardrails,
  ...contentSafetyGuardrails,
  ...outputSafetyGuardrails,
  ...textGuardrails,
  ...toolGuardrails,
  ...contextGuardrails,
]);
