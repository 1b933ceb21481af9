import type { DefinedGuardrail } from '../../core/define.ts';

export const secretsGuardrails: DefinedGuardrail[] = [];
