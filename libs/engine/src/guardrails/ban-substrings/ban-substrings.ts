import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import { compilePhrases } from '../../detectors/text-stats/phrases.ts';

export const banSubstrings = defineGuardrail({
  name: 'BanSubstrings',
  stages: ['input', 'output'],
  category: 'custom',
  description:
    'Fails when the text contains configured words or phrases, matched as whole words (default) or as substrings, case-insensitively unless asked; matches can be redacted.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: {
    substrings: z
      .array(z.string().min(1).max(500))
      .max(5000)
      .default([])
      .describe('Words or phrases to ban.'),
    matchType: z
      .enum(['word', 'substring'])
      .default('word')
      .describe('"word": whole words only; "substring": anywhere, even inside words.'),
    caseSensitive: z.boolean().default(false).describe('Match case exactly.'),
    containsAll: z
      .boolean()
      .default(false)
      .describe('Fail only when every listed string occurs (instead of any).'),
    replacement: z.string().max(100).default('[REDACTED]').describe('Replacement used when redacting.'),
  },
  example: { substrings: ['project titan', 'internal roadmap'], matchType: 'word', action: 'redact' },
  create(config) {
    const match = compilePhrases(config.substrings, {
      wholeWords: config.matchType === 'word',
      caseSensitive: config.caseSensitive,
    });
    const distinct = new Set(config.substrings.map((s) => s.trim()).filter(Boolean)).size;
    return ({ text }) => {
      const found = match?.(text) ?? [];
      const phrases = [...new Set(found.map((f) => f.phrase))];
      if (found.length === 0 || (config.containsAll && phrases.length < distinct)) {
        return { passed: true, message: 'No banned substring found' };
      }
      return {
        passed: false,
        message: `Banned substring(s) found: ${phrases.slice(0, 10).join(', ')}`,
        findings: found.map((f) => ({
          type: 'banned_substring',
          start: f.start,
          end: f.end,
          preview: excerpt(text, f.start, f.end),
        })),
        redactions: found.map((f) => ({ start: f.start, end: f.end, replacement: config.replacement })),
        details: { matched: phrases },
      };
    };
  },
});
