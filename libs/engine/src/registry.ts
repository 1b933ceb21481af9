import { createRegistry } from './core/registry.ts';
import { generalGuardrails } from './guardrails/families/general.ts';

/** Every guardrail Parapet ships. Each family file lists its guardrails, one line each. */
export const defaultRegistry = createRegistry([...generalGuardrails]);
