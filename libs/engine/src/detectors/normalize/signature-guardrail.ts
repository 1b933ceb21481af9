import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Severity } from '../../core/types.ts';
import { type Signature, type SignatureHit, scanSignatures, signatureScore } from './signatures.ts';

export interface SignatureGuardrailSpec {
  name: string;
  description: string;
  defaultSeverity: Severity;
  /** Finding type prefix, e.g. `override-instruction`. */
  findingType: string;
  signatures: readonly Signature[];
  /** What the messages say was or was not found, without an article ("jailbreak pattern"). */
  what: string;
  /** Detectors that are not patterns (judged on the original text), adding hits of their own. */
  extraHits?: (text: string) => SignatureHit[];
}

/**
 * Builds a signature guardrail: the family's patterns over normalised text and decoded payloads,
 * failing when the summed weight of distinct matching signatures reaches `minScore`.
 */
export function defineSignatureGuardrail(spec: SignatureGuardrailSpec) {
  return defineGuardrail({
    name: spec.name,
    stages: ['input', 'tool'],
    category: 'prompt-attack',
    description: spec.description,
    defaultSeverity: spec.defaultSeverity,
    config: {
      minScore: z
        .number()
        .positive()
        .max(10)
        .default(1)
        .describe(
          'Summed weight of distinct matching signatures at which the text fails (strong signatures weigh 1, weak ones 0.5).',
        ),
      scanEncoded: z
        .boolean()
        .default(true)
        .describe('Also scan base64/hex/URL/rot13/binary/Morse payloads decoded from the text.'),
    },
    example: { severity: spec.defaultSeverity, minScore: 1 },
    create(config) {
      return ({ text }) => {
        const hits = scanSignatures(text, spec.signatures, { decoded: config.scanEncoded });
        if (spec.extraHits) hits.push(...spec.extraHits(text));
        const score = signatureScore(hits);
        if (score < config.minScore) {
          return { passed: true, message: `No ${spec.what} found` };
        }
        const findings = hits.slice(0, 20).map((h) => ({
          type: `${spec.findingType}:${h.id}`,
          start: h.start,
          end: h.end,
          preview: h.encoding
            ? `${h.encoding}: ${excerpt(h.matched, 0, h.matched.length)}`
            : excerpt(text, h.start, h.end),
        }));
        const ids = [...new Set(hits.map((h) => h.id))];
        return {
          passed: false,
          message: `Found ${spec.what} (${ids.join(', ')})`,
          findings,
          score: Math.min(1, score / Math.max(1, config.minScore * 2)),
          details: { signatures: ids },
        };
      };
    },
  });
}
