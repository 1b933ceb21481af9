import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt, maskIdentifier } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { analyze, PII_ENTITIES, type PiiEntity, replacementFor } from '../../detectors/pii/index.ts';
import { findMedicalTerms } from '../../detectors/pii/medical.ts';

/** Identifiers that tie a medical fact to a person (network/crypto ids do not). */
const DEFAULT_IDENTIFIERS: PiiEntity[] = PII_ENTITIES.filter(
  (e) =>
    ![
      'IP_ADDRESS',
      'MAC_ADDRESS',
      'CRYPTO_WALLET',
      'DE_COMPANY_REGISTER',
      'SG_UEN',
      'AU_ABN',
      'AU_ACN',
      'KR_BRN',
      'IT_VAT_CODE',
      'DE_VAT_ID',
      'IN_GSTIN',
    ].includes(e),
);

/** Whether the ascending `sorted` holds a value within `w` of `x` (binary search, not a scan per pair). */
function near(sorted: readonly number[], x: number, w: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x - w) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo]! <= x + w;
}

export const phiAwareness = defineGuardrail({
  name: 'PHIAwareness',
  stages: ['input', 'output'],
  category: 'privacy',
  description:
    'Flags protected health information: a medical fact (diagnosis, condition, medication, procedure, test result) within a window of an identifier or a person name from the PII recognizer set. Generic medical text without an identifiable person passes.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: {
    windowChars: z
      .number()
      .int()
      .min(20)
      .max(5000)
      .default(250)
      .describe('Maximum distance in characters between a medical fact and an identifier'),
    identifiers: z
      .array(z.enum(PII_ENTITIES))
      .max(PII_ENTITIES.length)
      .optional()
      .describe('Entity types that identify a person; all personal identifiers when absent'),
    threshold: z.number().min(0).max(1).default(0.5).describe('Minimum score of an identifier'),
  },
  example: { windowChars: 200, action: 'redact' },
  create(config) {
    const entities = new Set(config.identifiers ?? DEFAULT_IDENTIFIERS);
    return ({ text }) => {
      const medical = findMedicalTerms(text);
      if (medical.length === 0) return { passed: true, message: 'No medical facts found' };
      const ids = analyze(text, { entities, threshold: config.threshold });
      // the medical mentions are in text order and disjoint: their starts and ends both ascend
      const mStarts = medical.map((m) => m.start);
      const mEnds = medical.map((m) => m.end);
      const w = config.windowChars;
      const linked = ids.filter((id) => near(mStarts, id.start, w) || near(mEnds, id.end, w));
      if (linked.length === 0)
        return {
          passed: true,
          message: 'Medical facts found but no identifiable person',
          details: { medicalTerms: medical.length },
        };
      const idStarts = linked.map((id) => id.start).sort((a, b) => a - b);
      const idEnds = linked.map((id) => id.end).sort((a, b) => a - b);
      const terms = medical.filter((m) => near(idStarts, m.start, w) || near(idEnds, m.end, w));
      const findings: Finding[] = [
        ...linked.map((id) => ({
          type: id.type,
          start: id.start,
          end: id.end,
          score: id.score,
          preview: maskIdentifier(text.slice(id.start, id.end)),
        })),
        ...terms.map((m) => ({
          type: 'MEDICAL_FACT',
          start: m.start,
          end: m.end,
          preview: excerpt(text, m.start, m.end),
        })),
      ];
      const redactions = linked.map((id) => ({
        start: id.start,
        end: id.end,
        replacement: replacementFor(text.slice(id.start, id.end), id.type, 'replace'),
      }));
      return {
        passed: false,
        message: `Protected health information: ${terms.length} medical fact(s) tied to ${linked.length} identifier(s)`,
        findings,
        redactions,
        details: { identifiers: [...new Set(linked.map((l) => l.type))] },
      };
    };
  },
});
