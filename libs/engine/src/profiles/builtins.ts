import type { GuardrailEntry, ProfileGuardrails } from '../core/compile.ts';

export interface BuiltInProfile extends ProfileGuardrails {
  id: string;
  name: string;
  description: string;
}

/**
 * Bumped whenever a built-in definition below changes; provisioning compares it with what each
 * user has stored and rewrites their built-ins (never their clones).
 */
export const BUILTIN_DEFINITIONS_VERSION = 5;

const g = (name: string, config?: Record<string, unknown>): GuardrailEntry =>
  config ? { name, config } : { name };

/**
 * Prompt-attack screening for general-purpose profiles: the signature guardrail blocks, the trained
 * classifier warns. On the benign eval data the classifier alone would block 68 ordinary texts
 * (mostly tweets full of @mentions), which a general default must not do; strict profiles block on it.
 */
const INJECTION = [
  g('PromptInjectionSignature'),
  g('LLMClassifierInjection', { severity: 'medium', action: 'warn' }),
];

export const BUILTIN_PROFILES: readonly BuiltInProfile[] = [
  {
    id: 'default',
    name: 'Default',
    description:
      'Baseline production guardrails: size limit, credentials and prompt injection on input; PII and secret redaction and sandbox escapes on output; destructive tool calls.',
    inputGuardrails: [
      g('InputSize', { maxChars: 50_000 }),
      g('SecretsInInput', { severity: 'critical' }),
      ...INJECTION,
      g('InvisibleText', { severity: 'medium' }),
    ],
    outputGuardrails: [
      g('OutputPIIRedaction', { action: 'redact' }),
      g('SecretLeakOutput', { action: 'redact' }),
      g('SandboxedOutput', { severity: 'high' }),
    ],
    toolGuardrails: [g('DestructiveToolCall', { severity: 'critical' })],
  },
  {
    id: 'enterprise_security',
    name: 'Enterprise security',
    description:
      'Strict controls for internal enterprise assistants and agents: every prompt-attack detector, PII redaction, internal-data and confidentiality redaction on output, tool permissions, write restrictions and rate limits.',
    inputGuardrails: [
      g('InputSize', { maxChars: 25_000 }),
      g('RateLimit', { limit: 120, windowSeconds: 60, keyBy: 'apiKey' }),
      g('SecretsInInput', { severity: 'critical' }),
      g('PIIDetection', { action: 'redact' }),
      g('InvisibleText', { severity: 'high' }),
      g('EncodingObfuscation'),
      g('PromptInjectionSignature'),
      g('SystemPromptLeak'),
      g('JailbreakPattern'),
      g('OverrideInstruction'),
      // Neither flags a benign eval text or an everyday text; they catch 58 and 4 attacks. High
      // severity, so that CrossContextManipulation (medium by default, a warning) blocks here too.
      g('RoleplayInjection'),
      g('CrossContextManipulation', { severity: 'high' }),
      g('LLMClassifierInjection'),
      g('DangerousPatterns'),
      g('UrlFileBlocker', { severity: 'medium', blockUrls: false }),
      g('ModelVersionPin', { severity: 'medium', requirePinned: true }),
      g('TelemetryEnforcement', { severity: 'medium', requireAuditLogging: true }),
    ],
    outputGuardrails: [
      g('OutputPIIRedaction', { action: 'redact' }),
      g('SecretLeakOutput', { action: 'redact' }),
      g('SecretsInLogs', { action: 'redact' }),
      g('EnvVarLeak', { action: 'redact' }),
      g('InternalDataLeak', { action: 'redact' }),
      g('InternalEndpointLeak', { action: 'redact' }),
      g('Confidentiality', { action: 'redact' }),
      g('CommandInjectionOutput', { severity: 'high' }),
      g('SandboxedOutput', { severity: 'high' }),
    ],
    toolGuardrails: [
      g('IAMPermission'),
      g('DestructiveToolCall', { severity: 'critical' }),
      g('FileWriteRestriction'),
      g('ApiRateLimit', { limit: 60, windowSeconds: 60 }),
      g('PromptInjectionSignature'),
    ],
  },
  {
    id: 'child_safety',
    name: 'Child safety',
    description:
      'Maximum safety for children and education: sexual, hateful, violent, self-harm and toxic content blocked both ways, personal data redacted, links blocked, jailbreaks stopped, and only a few safe tools.',
    inputGuardrails: [
      g('InputSize', { maxChars: 30_000 }),
      g('NSFWAdvanced', { severity: 'critical', failLevel: 'suggestive' }),
      g('HateSpeech', { severity: 'critical' }),
      g('Violence', { severity: 'critical', failLevel: 'graphic' }),
      g('SelfHarm', { severity: 'critical' }),
      g('Toxicity', { severity: 'high' }),
      // At the trained threshold (0.56) HarmfulRequest blocked 31 of 442 hand-written everyday
      // texts ("Give me a recipe for vegetable curry that serves four."); at 0.7, 7. The profile's
      // out-of-fold recall on harmful requests falls from 91.9 to 87.0 %; decisive topics block at
      // any score (docs/profiles.md).
      g('HarmfulRequest', { severity: 'critical', threshold: 0.7 }),
      g('PIIDetection', { action: 'redact' }),
      g('UrlFileBlocker', { severity: 'medium' }),
      g('PromptInjectionSignature'),
      g('JailbreakPattern'),
      g('RoleplayInjection'),
      g('LLMClassifierInjection'),
    ],
    outputGuardrails: [
      g('OutputPIIRedaction', { action: 'redact' }),
      g('NSFWAdvanced', { severity: 'critical', failLevel: 'suggestive' }),
      g('HateSpeech', { severity: 'critical' }),
      g('Violence', { severity: 'critical', failLevel: 'graphic' }),
      g('SelfHarm', { severity: 'critical' }),
      g('Toxicity', { severity: 'high' }),
      g('UrlFileBlocker', { action: 'redact' }),
      g('SandboxedOutput', { severity: 'high' }),
    ],
    toolGuardrails: [
      g('ToolAccess', { allowedTools: ['search', 'calculator', 'dictionary', 'encyclopedia'] }),
    ],
  },
  {
    id: 'healthcare',
    name: 'Healthcare',
    description:
      'HIPAA-aligned guardrails for healthcare and clinical assistants: PHI and PII redacted both ways, individual medical advice and unsupported claims flagged (warn), crisis resources for self-harm, consent and retention checked when the call carries them.',
    inputGuardrails: [
      g('InputSize', { maxChars: 40_000 }),
      g('SecretsInInput', { severity: 'critical' }),
      g('PHIAwareness', { action: 'redact' }),
      g('PIIDetection', { action: 'redact' }),
      g('SelfHarm', { severity: 'critical' }),
      g('MedicalAdvice', { severity: 'medium', action: 'warn' }),
      ...INJECTION,
      g('UserConsentValidation', { requiredScopes: ['health_data'] }),
      g('RetentionCheck', { maxAgeDays: 2190 }),
    ],
    outputGuardrails: [
      g('OutputPIIRedaction', { action: 'redact' }),
      g('PHIAwareness', { action: 'redact' }),
      g('SecretLeakOutput', { action: 'redact' }),
      g('MedicalAdvice', { severity: 'medium', action: 'warn' }),
      g('CitationRequired', { severity: 'low' }),
      g('HallucinationRisk', { severity: 'medium' }),
      g('Confidentiality', { action: 'redact' }),
    ],
    toolGuardrails: [g('IAMPermission'), g('DestructiveToolCall', { severity: 'critical' })],
  },
  {
    id: 'financial',
    name: 'Financial',
    description:
      'Compliance-focused guardrails for banking, fintech and payments: card, IBAN and identity data redacted, credentials and fraud/exploit requests blocked, hallucinated figures and defamation flagged, destructive and unauthorised tool calls stopped.',
    inputGuardrails: [
      g('InputSize', { maxChars: 35_000 }),
      g('RateLimit', { limit: 120, windowSeconds: 60, keyBy: 'endUser' }),
      g('PIIDetection', { action: 'redact' }),
      g('SecretsInInput', { severity: 'critical' }),
      g('DangerousPatterns'),
      ...INJECTION,
      g('GDPRDataMinimization', { severity: 'medium' }),
    ],
    outputGuardrails: [
      g('OutputPIIRedaction', { action: 'redact' }),
      g('SecretLeakOutput', { action: 'redact' }),
      g('InternalDataLeak', { action: 'redact' }),
      g('Confidentiality', { action: 'redact' }),
      g('HallucinationRisk', { severity: 'medium' }),
      g('Defamation', { severity: 'medium' }),
    ],
    toolGuardrails: [
      g('IAMPermission'),
      g('DestructiveToolCall', { severity: 'critical' }),
      g('ApiRateLimit', { limit: 30, windowSeconds: 60 }),
    ],
  },
  {
    id: 'minimal',
    name: 'Minimal',
    description: 'Only a size limit, for development and experiments.',
    inputGuardrails: [g('InputSize', { maxChars: 100_000 })],
    outputGuardrails: [],
    toolGuardrails: [],
  },
];
