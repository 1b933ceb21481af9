import type { DefinedGuardrail } from '../../core/define.ts';
import { inputSize } from '../input-size/input-size.ts';
import { rateLimit } from '../rate-limit/rate-limit.ts';

export const generalGuardrails: DefinedGuardrail[] = [inputSize, rateLimit];
