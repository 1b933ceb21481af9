import type { DefinedGuardrail } from '../../core/define.ts';

export const contextGuardrails: DefinedGuardrail[] = [];
