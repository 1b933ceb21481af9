import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import type { Finding, Redaction } from '../../core/types.ts';
import { findInvisible } from '../../detectors/normalize/index.ts';

const KINDS = ['zero-width', 'bidi', 'tag'] as const;

/** Unicode tag characters U+E0020–U+E007E mirror printable ASCII: they can carry hidden text. */
function decodeTags(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}

export const invisibleText = defineGuardrail({
  name: 'InvisibleText',
  stages: ['input', 'output', 'tool'],
  category: 'prompt-attack',
  description:
    'Detects zero-width characters, bidirectional-override controls and Unicode tag characters that hide or reorder text (ordinary uses are ignored: joiners in emoji and in Arabic/Indic words, the tags of subdivision flags such as the flag of Scotland, directional marks in right-to-left text, a byte-order mark opening the text); redaction strips them, and hidden tag text is decoded into the details.',
  defaultSeverity: 'medium',
  supportsRedaction: true,
  config: {
    kinds: z
      .array(z.enum(KINDS))
      .min(1)
      .default([...KINDS])
      .describe('Which kinds of invisible characters count.'),
    minCount: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(1)
      .describe('Number of invisible characters at which the text fails.'),
  },
  example: { severity: 'medium', action: 'redact', kinds: ['zero-width', 'bidi', 'tag'] },
  create(config) {
    const kinds = new Set(config.kinds);
    return ({ text }) => {
      const found = findInvisible(text).filter((r) => kinds.has(r.kind));
      let count = 0;
      for (const r of found) count += r.kind === 'tag' ? (r.end - r.start) / 2 : r.end - r.start;
      if (count < config.minCount) {
        return { passed: true, message: 'No invisible characters found' };
      }
      const findings: Finding[] = found.slice(0, 50).map((r) => ({
        type: `invisible:${r.kind}`,
        start: r.start,
        end: r.end,
        preview: `${r.kind} ×${r.kind === 'tag' ? (r.end - r.start) / 2 : r.end - r.start}`,
      }));
      const redactions: Redaction[] = found.map((r) => ({ start: r.start, end: r.end, replacement: '' }));
      const hidden = found
        .filter((r) => r.kind === 'tag')
        .map((r) => decodeTags(text.slice(r.start, r.end)))
        .filter((s) => s.trim().length > 0);
      const byKind: Record<string, number> = {};
      for (const r of found) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
      return {
        passed: false,
        message: `Found ${count} invisible character${count === 1 ? '' : 's'} (${Object.keys(byKind).join(', ')})`,
        findings,
        redactions,
        details: {
          count,
          runs: byKind,
          ...(hidden.length > 0 ? { hiddenTagText: hidden.join(' ').slice(0, 200) } : {}),
        },
      };
    };
  },
});
