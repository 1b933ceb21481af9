import type { DefinedGuardrail } from '../../core/define.ts';
import { inputSize } from '../input-size/input-size.ts';

export const generalGuardrails: DefinedGuardrail[] = [inputSize];
