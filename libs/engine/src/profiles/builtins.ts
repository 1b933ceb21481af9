import type { ProfileGuardrails } from '../core/compile.ts';

export interface BuiltInProfile extends ProfileGuardrails {
  id: string;
  name: string;
  description: string;
}

/**
 * Bumped whenever a built-in definition below changes; provisioning compares it with what each
 * user has stored and rewrites their built-ins (never their clones).
 */
export const BUILTIN_DEFINITIONS_VERSION = 1;

export const BUILTIN_PROFILES: readonly BuiltInProfile[] = [
  {
    id: 'default',
    name: 'Default',
    description: 'Baseline production guardrails: secrets, size limits and PII redaction of model output.',
    inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars: 50_000 } }],
    outputGuardrails: [],
    toolGuardrails: [],
  },
  {
    id: 'enterprise_security',
    name: 'Enterprise security',
    description: 'Strict controls for internal enterprise assistants.',
    inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars: 25_000 } }],
    outputGuardrails: [],
    toolGuardrails: [],
  },
  {
    id: 'child_safety',
    name: 'Child safety',
    description: 'Maximum safety for children and education.',
    inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars: 30_000 } }],
    outputGuardrails: [],
    toolGuardrails: [],
  },
  {
    id: 'healthcare',
    name: 'Healthcare',
    description: 'HIPAA-aligned guardrails for healthcare and clinical assistants.',
    inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars: 40_000 } }],
    outputGuardrails: [],
    toolGuardrails: [],
  },
  {
    id: 'financial',
    name: 'Financial',
    description: 'Compliance-focused guardrails for banking, fintech and payments.',
    inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars: 35_000 } }],
    outputGuardrails: [],
    toolGuardrails: [],
  },
  {
    id: 'minimal',
    name: 'Minimal',
    description: 'Only a size limit, for development and experiments.',
    inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars: 100_000 } }],
    outputGuardrails: [],
    toolGuardrails: [],
  },
];
