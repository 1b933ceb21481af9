/** Config keys and the check shared by PIIDetection and OutputPIIRedaction. */
import { z } from 'zod';
import { maskIdentifier } from '../../core/preview.ts';
import type { Detection, Finding, Redaction } from '../../core/types.ts';
import { analyze, OPERATORS, replacementFor } from './analyze.ts';
import { PII_ENTITIES, type PiiEntity } from './types.ts';

export const piiConfigShape = {
  entities: z
    .array(z.enum(PII_ENTITIES))
    .max(PII_ENTITIES.length)
    .optional()
    .describe('Entity types to detect; all when absent'),
  threshold: z.number().min(0).max(1).default(0.5).describe('Minimum confidence score of a reported entity'),
  operator: z
    .enum(OPERATORS)
    .default('replace')
    .describe(
      'How a redaction rewrites each entity: replace with <TYPE>, mask all but the last characters, hash (stable short digest) or remove',
    ),
  maskKeepLast: z
    .number()
    .int()
    .min(0)
    .max(8)
    .default(4)
    .describe('Characters left visible by the mask operator'),
  allow: z
    .array(z.string().min(1).max(500))
    .max(1000)
    .default([])
    .describe('Literal values never flagged (case-insensitive, e.g. a support address)'),
};

export interface PiiConfig {
  entities?: PiiEntity[];
  threshold: number;
  operator: (typeof OPERATORS)[number];
  maskKeepLast: number;
  allow: string[];
}

/** Compiles a PII config into a check body that finds, previews and redacts entities. */
export function compilePiiCheck(config: PiiConfig, noun: string): (text: string) => Detection {
  const options = {
    entities: config.entities ? new Set(config.entities) : undefined,
    threshold: config.threshold,
    allow: new Set(config.allow.map((a) => a.trim().toLowerCase())),
  };
  return (text) => {
    const matches = analyze(text, options);
    if (matches.length === 0) return { passed: true, message: `No personal data found in the ${noun}` };
    const findings: Finding[] = [];
    const redactions: Redaction[] = [];
    const counts: Record<string, number> = {};
    for (const m of matches) {
      const value = text.slice(m.start, m.end);
      findings.push({
        type: m.type,
        start: m.start,
        end: m.end,
        score: m.score,
        preview: maskIdentifier(value),
      });
      redactions.push({
        start: m.start,
        end: m.end,
        replacement: replacementFor(value, m.type, config.operator, { keepLast: config.maskKeepLast }),
      });
      counts[m.type] = (counts[m.type] ?? 0) + 1;
    }
    const types = Object.keys(counts);
    return {
      passed: false,
      message: `Personal data found in the ${noun}: ${types.map((t) => `${t} ×${counts[t]}`).join(', ')}`,
      findings,
      redactions,
      score: matches.reduce((max, m) => Math.max(max, m.score), -Infinity),
      details: { entities: counts },
    };
  };
}
