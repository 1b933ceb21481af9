import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import { compilePhrases } from '../../detectors/text-stats/phrases.ts';

const competitorSchema = z.union([
  z.string().min(1).max(200),
  z
    .object({
      name: z.string().min(1).max(200).describe('Canonical name.'),
      aliases: z
        .array(z.string().min(1).max(200))
        .max(50)
        .default([])
        .describe('Other spellings, products, tickers.'),
    })
    .strict(),
]);

export const competitors = defineGuardrail({
  name: 'Competitors',
  stages: ['input', 'output'],
  category: 'custom',
  description:
    'Finds mentions of configured competitors by name or alias, as whole words (so "Apple" does not match "pineapple"), reporting the canonical name; mentions can be redacted.',
  defaultSeverity: 'medium',
  supportsRedaction: true,
  config: {
    competitors: z
      .array(competitorSchema)
      .max(1000)
      .default([])
      .describe('Competitor names, or {name, aliases}.'),
    caseSensitive: z
      .boolean()
      .default(false)
      .describe('Match case exactly (useful for names that are also common words).'),
    replacement: z.string().max(100).default('[COMPETITOR]').describe('Replacement used when redacting.'),
  },
  example: {
    competitors: ['Lakera', { name: 'AWS Bedrock Guardrails', aliases: ['Bedrock Guardrails'] }],
    action: 'redact',
  },
  create(config) {
    const canonical = new Map<string, string>();
    for (const c of config.competitors) {
      const name = typeof c === 'string' ? c : c.name;
      for (const alias of typeof c === 'string' ? [c] : [c.name, ...c.aliases]) {
        canonical.set(config.caseSensitive ? alias : alias.toLowerCase(), name);
      }
    }
    const match = compilePhrases([...canonical.keys()], {
      wholeWords: true,
      caseSensitive: config.caseSensitive,
    });
    return ({ text }) => {
      const found = match?.(text) ?? [];
      if (found.length === 0) return { passed: true, message: 'No competitor mentioned' };
      const names = [
        ...new Set(
          found.map(
            (f) => canonical.get(config.caseSensitive ? f.phrase : f.phrase.toLowerCase()) ?? f.phrase,
          ),
        ),
      ];
      return {
        passed: false,
        message: `Competitor(s) mentioned: ${names.join(', ')}`,
        findings: found.map((f) => ({
          type: 'competitor',
          start: f.start,
          end: f.end,
          preview: excerpt(text, f.start, f.end),
        })),
        redactions: found.map((f) => ({ start: f.start, end: f.end, replacement: config.replacement })),
        details: { competitors: names },
      };
    };
  },
});
