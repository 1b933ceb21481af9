import type { DefinedGuardrail } from '../../core/define.ts';
import { harmfulRequest } from '../harmful-request/harmful-request.ts';
import { toxicity } from '../toxicity/toxicity.ts';

export const contentSafetyGuardrails: DefinedGuardrail[] = [
  toxicity as unknown as DefinedGuardrail,
  harmfulRequest as unknown as DefinedGuardrail,
];
