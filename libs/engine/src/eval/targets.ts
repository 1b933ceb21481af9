import type { GuardrailEntry } from '../core/compile.ts';
import type { Stage } from '../core/types.ts';

/**
 * Which guardrails each labelled file measures. A text counts as flagged when any of the listed
 * guardrails fails on it. Files not listed here are reported as skipped.
 */
export interface EvalTarget {
  stage: Stage;
  guardrails: GuardrailEntry[];
}

export const EVAL_TARGETS: Record<string, EvalTarget> = {
  'secrets.jsonl': { stage: 'input', guardrails: [{ name: 'SecretsInInput' }] },
  'pii.jsonl': { stage: 'input', guardrails: [{ name: 'PIIDetection' }] },
  'prompt_injection.jsonl': {
    stage: 'input',
    guardrails: [
      'LLMClassifierInjection',
      'PromptInjectionSignature',
      'OverrideInstruction',
      'SystemPromptLeak',
      'JailbreakPattern',
      'RoleplayInjection',
      'CrossContextManipulation',
      'EncodingObfuscation',
    ].map((name) => ({ name })),
  },
  'toxicity.jsonl': { stage: 'input', guardrails: [{ name: 'Toxicity' }] },
  'harmful_request.jsonl': { stage: 'input', guardrails: [{ name: 'HarmfulRequest' }] },
};
