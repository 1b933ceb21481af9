import type { DefinedGuardrail } from '../../core/define.ts';

export const privacyGuardrails: DefinedGuardrail[] = [];
