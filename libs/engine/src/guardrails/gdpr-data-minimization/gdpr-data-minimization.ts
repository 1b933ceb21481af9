import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { maskIdentifier } from '../../core/preview.ts';
import { analyze, PII_ENTITIES, replacementFor } from '../../detectors/pii/index.ts';

export const gdprDataMinimization = defineGuardrail({
  name: 'GDPRDataMinimization',
  stages: ['input', 'output'],
  category: 'compliance',
  description:
    'Fails when a text carries more personal data than allowed (GDPR art. 5(1)(c)): more items or more distinct entity types than configured, or entity types outside an allow-list, using the PII recognizer set.',
  defaultSeverity: 'medium',
  supportsRedaction: true,
  config: {
    maxItems: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(5)
      .describe('Most personal-data items allowed in one text'),
    maxTypes: z
      .number()
      .int()
      .min(0)
      .max(100)
      .default(3)
      .describe('Most distinct entity types allowed in one text'),
    allowedEntities: z
      .array(z.enum(PII_ENTITIES))
      .max(PII_ENTITIES.length)
      .optional()
      .describe('Entity types allowed at all; any other type found fails. All types allowed when absent'),
    threshold: z.number().min(0).max(1).default(0.5).describe('Minimum score of a counted item'),
  },
  example: { maxItems: 3, maxTypes: 2, allowedEntities: ['EMAIL_ADDRESS', 'PERSON'] },
  create(config) {
    const allowed = config.allowedEntities ? new Set<string>(config.allowedEntities) : undefined;
    return ({ text }) => {
      const items = analyze(text, { threshold: config.threshold });
      const counts: Record<string, number> = {};
      for (const m of items) counts[m.type] = (counts[m.type] ?? 0) + 1;
      const types = Object.keys(counts);
      const disallowed = allowed ? types.filter((t) => !allowed.has(t)) : [];
      const reasons: string[] = [];
      if (items.length > config.maxItems) reasons.push(`${items.length} items (limit ${config.maxItems})`);
      if (types.length > config.maxTypes)
        reasons.push(`${types.length} entity types (limit ${config.maxTypes})`);
      if (disallowed.length) reasons.push(`types not allowed: ${disallowed.join(', ')}`);
      const details = { items: items.length, entities: counts };
      if (reasons.length === 0)
        return {
          passed: true,
          message: `Personal data within the allowance (${items.length} items)`,
          details,
        };
      // redaction removes what is over the allowance: disallowed types, then items past maxItems
      const over = items.filter((m, i) => (allowed && !allowed.has(m.type)) || i >= config.maxItems);
      const toRedact = over.length ? over : items;
      return {
        passed: false,
        message: `More personal data than allowed: ${reasons.join('; ')}`,
        findings: items.map((m) => ({
          type: m.type,
          start: m.start,
          end: m.end,
          score: m.score,
          preview: maskIdentifier(text.slice(m.start, m.end)),
        })),
        redactions: toRedact.map((m) => ({
          start: m.start,
          end: m.end,
          replacement: replacementFor(text.slice(m.start, m.end), m.type, 'replace'),
        })),
        details,
      };
    };
  },
});
