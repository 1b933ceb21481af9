import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';

export const userConsentValidation = defineGuardrail({
  name: 'UserConsentValidation',
  stages: ['input', 'output'],
  category: 'compliance',
  description:
    'Judges `context.userConsent`: fails when consent was refused or does not cover every required scope, unless the call relies on an allowed non-consent legal basis (e.g. contract).',
  defaultSeverity: 'high',
  config: {
    requiredScopes: z
      .array(z.string().min(1).max(100))
      .max(50)
      .default([])
      .describe(
        'Scopes the consent must cover (compared case-insensitively), e.g. ["analytics", "ai_processing"].',
      ),
    allowedLegalBases: z
      .array(z.string().min(1).max(100))
      .max(20)
      .default([])
      .describe(
        'Legal bases that stand in for consent (GDPR art. 6), e.g. ["contract", "legal_obligation"]: a call whose `userConsent.legalBasis` is listed passes.',
      ),
    onMissing: onMissingSchema,
  },
  example: { requiredScopes: ['ai_processing'], allowedLegalBases: ['contract'], onMissing: 'fail' },
  create(config) {
    const required = config.requiredScopes.map((s) => s.toLowerCase());
    const bases = new Set(config.allowedLegalBases.map((s) => s.toLowerCase()));
    return ({ context }) => {
      const consent = context.userConsent;
      if (!consent) return missingFacts(config.onMissing, 'userConsent');
      const basis = consent.legalBasis?.toLowerCase();
      if (basis && bases.has(basis)) {
        return {
          passed: true,
          message: `Processing relies on the allowed legal basis "${consent.legalBasis}"`,
          details: { legalBasis: consent.legalBasis },
        };
      }
      if (!consent.given) {
        return { passed: false, message: 'The user has not given consent', details: { given: false } };
      }
      const granted = new Set((consent.scopes ?? []).map((s) => s.toLowerCase()));
      const missingScopes = required.filter((s) => !granted.has(s));
      if (missingScopes.length > 0) {
        return {
          passed: false,
          message: `Consent does not cover the required scope(s): ${missingScopes.join(', ')}`,
          details: { missingScopes },
        };
      }
      return { passed: true, message: 'Consent given and covers the required scopes' };
    };
  },
});
