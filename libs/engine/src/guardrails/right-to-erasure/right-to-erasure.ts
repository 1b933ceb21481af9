import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { matchFinding } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';

export const ERASURE_PATTERNS: ReadonlyArray<{
  type: string;
  confidence: number;
  re: RegExp;
  legalBasis?: string;
}> = [
  {
    type: 'erasure_request',
    confidence: 0.95,
    re: /\b(?:delete|erase|remove|wipe|purge|destroy|forget)\s(?:all\s(?:of\s)?)?(?:my|our)\s(?:personal\s|customer\s|user\s)?(?:data|information|info|account|profile|details|records|history|messages|conversations|photos)\b/i,
  },
  {
    type: 'erasure_request',
    confidence: 0.95,
    re: /\b(?:close|deactivate|terminate)\s(?:and\sdelete\s)?my\saccount\b/i,
  },
  {
    type: 'legal_erasure',
    confidence: 0.9,
    re: /\bright\sto\s(?:be\sforgotten|erasure)\b/i,
    legalBasis: 'GDPR Article 17',
  },
  {
    type: 'legal_erasure',
    confidence: 0.9,
    re: /\b(?:gdpr\s)?art(?:icle|\.)\s?17\b/i,
    legalBasis: 'GDPR Article 17',
  },
  {
    type: 'legal_erasure',
    confidence: 0.9,
    re: /\b(?:gdpr|ccpa|cpra|lgpd|pipeda)\s(?:deletion|erasure|delete)\s(?:request|requirement)\b/i,
    legalBasis: 'data-protection law',
  },
  {
    type: 'data_subject_request',
    confidence: 0.8,
    re: /\b(?:data\ssubject\s(?:access\s|erasure\s)?request|dsar)\b/i,
    legalBasis: 'GDPR Articles 15-22',
  },
  {
    type: 'opt_out',
    confidence: 0.8,
    re: /\bdo\snot\ssell\s(?:or\sshare\s)?my\s(?:personal\s)?(?:data|information)\b/i,
    legalBasis: 'CCPA',
  },
  {
    type: 'erasure_request',
    confidence: 0.65,
    re: /\b(?:delete|erase|remove)\s(?:the|this|that)\s(?:user\s)?(?:data|account|profile)\b/i,
  },
];

export const rightToErasure = defineGuardrail({
  name: 'RightToErasure',
  stages: ['input'],
  category: 'compliance',
  description:
    'Recognises data-subject requests — "delete my account", "erase all my data", "right to be forgotten", GDPR Article 17, CCPA "do not sell my data" — so they can be routed to a DSAR workflow. Warns by default (severity low); the result carries the request type and legal basis.',
  defaultSeverity: 'low',
  config: {
    minConfidence: z
      .number()
      .gt(0)
      .max(1)
      .default(0.75)
      .describe('Confidence from which a request is reported.'),
  },
  example: { minConfidence: 0.8 },
  create(config) {
    return ({ text }) => {
      const findings: Finding[] = [];
      let best: (typeof ERASURE_PATTERNS)[number] | undefined;
      const bases = new Set<string>();
      for (const p of ERASURE_PATTERNS) {
        const m = p.re.exec(text);
        if (!m) continue;
        findings.push(matchFinding(p.type, text, m, p.confidence));
        if (p.legalBasis) bases.add(p.legalBasis);
        if (!best || p.confidence > best.confidence) best = p;
      }
      if (!best || best.confidence < config.minConfidence)
        return { passed: true, message: 'No data-subject request', findings };
      return {
        passed: false,
        message: 'Data-subject request detected: route it to the DSAR / erasure workflow',
        findings,
        score: best.confidence,
        details: {
          requestType:
            best.type === 'legal_erasure' || best.type === 'erasure_request' ? 'right_to_erasure' : best.type,
          confidence: best.confidence,
          legalBasis: [...bases],
        },
      };
    };
  },
});
