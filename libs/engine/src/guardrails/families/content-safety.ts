import type { DefinedGuardrail } from '../../core/define.ts';
import { dangerousPatterns } from '../dangerous-patterns/dangerous-patterns.ts';
import { harmfulRequest } from '../harmful-request/harmful-request.ts';
import { hateSpeech } from '../hate-speech/hate-speech.ts';
import { nsfwAdvanced } from '../nsfw-advanced/nsfw-advanced.ts';
import { selfHarm } from '../self-harm/self-harm.ts';
import { toxicity } from '../toxicity/toxicity.ts';
import { violence } from '../violence/violence.ts';

export const contentSafetyGuardrails: DefinedGuardrail[] = [
  hateSpeech as unknown as DefinedGuardrail,
  violence as unknown as DefinedGuardrail,
  selfHarm as unknown as DefinedGuardrail,
  nsfwAdvanced as unknown as DefinedGuardrail,
  dangerousPatterns as unknown as DefinedGuardrail,
  toxicity as unknown as DefinedGuardrail,
  harmfulRequest as unknown as DefinedGuardrail,
];
