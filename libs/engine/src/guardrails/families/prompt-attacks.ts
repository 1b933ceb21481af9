import type { DefinedGuardrail } from '../../core/define.ts';
import { crossContextManipulation } from '../cross-context-manipulation/cross-context-manipulation.ts';
import { encodingObfuscation } from '../encoding-obfuscation/encoding-obfuscation.ts';
import { invisibleText } from '../invisible-text/invisible-text.ts';
import { jailbreakPattern } from '../jailbreak-pattern/jailbreak-pattern.ts';
import { llmClassifierInjection } from '../llm-classifier-injection/llm-classifier-injection.ts';
import { overrideInstruction } from '../override-instruction/override-instruction.ts';
import { promptInjectionSignature } from '../prompt-injection-signature/prompt-injection-signature.ts';
import { roleplayInjection } from '../roleplay-injection/roleplay-injection.ts';
import { systemPromptLeak } from '../system-prompt-leak/system-prompt-leak.ts';

export const promptAttacksGuardrails: DefinedGuardrail[] = [
  invisibleText,
  encodingObfuscation,
  promptInjectionSignature,
  systemPromptLeak,
  crossContextManipulation,
  jailbreakPattern,
  roleplayInjection,
  overrideInstruction,
  llmClassifierInjection,
];
