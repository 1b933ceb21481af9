import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';

/** Classification markings as they appear on documents (phrases, case-insensitive). */
export const MARKING_PHRASES =
  /\b(?:(?:strictly|company|highly|business)\s+confidential|confidential\s+(?:and|&)\s+proprietary|proprietary\s+(?:and|&)\s+confidential|confidential\s+(?:document|memo|report|draft|information|material|data)|for\s+internal\s+use\s+only|internal\s+use\s+only|internal\s+only|not\s+for\s+(?:public\s+|external\s+)?(?:distribution|release)|do\s+not\s+(?:distribute|forward|share\s+externally)|under\s+(?:an\s+)?nda|nda[\s-](?:protected|restricted)|subject\s+to\s+(?:an\s+|the\s+)?nda|trade\s+secret|attorney[\s-]client\s+privileged|privileged\s+(?:and|&)\s+confidential|tlp:\s?(?:red|amber)|embargoed\s+until)\b/gi;
/** Upper-case stamps: `CONFIDENTIAL`, `TOP SECRET`, `RESTRICTED`, `SECRET//NOFORN`. */
export const MARKING_STAMPS =
  /\b(?:CONFIDENTIAL|TOP SECRET|RESTRICTED|CLASSIFIED|SECRET\/\/[A-Z]{2,10}|NOFORN)\b/g;

export const confidentiality = defineGuardrail({
  name: 'Confidentiality',
  stages: ['input', 'output'],
  category: 'output-safety',
  description:
    'Finds confidentiality markings (CONFIDENTIAL, INTERNAL USE ONLY, NDA, trade secret, privileged, TLP:RED …) and configured project code names, and can redact them. Ordinary "keep it confidential" prose is not a marking.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: {
    codeNames: z
      .array(z.string().min(2).max(100))
      .max(500)
      .default([])
      .describe('Internal project or product code names (whole words, case-insensitive).'),
    extraMarkings: z
      .array(z.string().min(2).max(100))
      .max(100)
      .default([])
      .describe('Additional marking phrases (case-insensitive).'),
    detectMarkings: z.boolean().default(true).describe('Report built-in confidentiality markings.'),
    allowedProfiles: z
      .array(z.string().min(1).max(200))
      .max(100)
      .default([])
      .describe('Profile ids for which this guardrail always passes (e.g. an internal-admin profile).'),
  },
  example: { codeNames: ['Project Bluebird', 'Falcon-9X'], extraMarkings: ['eyes only'] },
  create(config) {
    const words = [...config.codeNames, ...config.extraMarkings];
    const custom = words.length
      ? new RegExp(
          `(?<![\\p{L}\\p{N}_])(?:${words
            .sort((a, b) => b.length - a.length)
            .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'))
            .join('|')})(?![\\p{L}\\p{N}_])`,
          'giu',
        )
      : undefined;
    const codeNames = new Set(config.codeNames.map((c) => c.toLowerCase().replace(/\s+/g, ' ')));
    const allowedProfiles = new Set(config.allowedProfiles);
    return ({ text, caller }) => {
      if (caller.profileId && allowedProfiles.has(caller.profileId)) {
        return { passed: true, message: 'Profile is allowed to handle confidential material' };
      }
      const findings: Finding[] = [];
      const add = (type: string, start: number, end: number) =>
        findings.push({ type, start, end, preview: excerpt(text, start, end) });
      if (config.detectMarkings) {
        for (const m of text.matchAll(MARKING_PHRASES))
          add('confidentiality_marking', m.index, m.index + m[0].length);
        for (const m of text.matchAll(MARKING_STAMPS)) {
          if (!findings.some((f) => m.index >= f.start && m.index < f.end))
            add('confidentiality_marking', m.index, m.index + m[0].length);
        }
      }
      if (custom) {
        for (const m of text.matchAll(custom)) {
          add(
            codeNames.has(m[0].toLowerCase().replace(/\s+/g, ' ')) ? 'code_name' : 'confidentiality_marking',
            m.index,
            m.index + m[0].length,
          );
        }
      }
      if (findings.length === 0)
        return { passed: true, message: 'No confidentiality markings or code names' };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Confidential material: ${findings.length} marking(s) or code name(s)`,
        findings,
        redactions: findings.map((f) => ({ start: f.start, end: f.end, replacement: '[REDACTED]' })),
        details: { types },
      };
    };
  },
});
