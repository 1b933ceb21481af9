import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { matchFinding } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';

/** Refusal phrasings of chat models (English). */
export const REFUSAL_PATTERNS: RegExp[] = [
  /\bI(?:'m|\sam|’m)\s(?:sorry|afraid),?\s(?:but\s)?I\s(?:can(?:not|'t|’t)|won(?:'t|’t)|am\sunable\sto|am\snot\sable\sto|must\sdecline)/i,
  /\bI\s(?:can(?:not|'t|’t)|won(?:'t|’t)|will\snot|am\sunable\sto|(?:am|'m|’m)\snot\sable\sto)\s(?:help|assist|provide|comply|fulfill|fulfil|do\sthat|create|generate|write|answer|share|support|engage|continue|produce|give)\b/i,
  /\bI\s(?:must|have\sto)\s(?:decline|refuse)\b/i,
  /\bAs\san\sAI(?:\slanguage\smodel|\sassistant)?,\sI\s(?:can(?:not|'t|’t)|don(?:'t|’t)|am\snot|do\snot)\b/i,
  /\b(?:it(?:'s|’s|\sis)\snot\sappropriate\sfor\sme|(?:that|this)\s(?:request\s)?(?:goes|is)\sagainst\smy\s(?:guidelines|policies|programming))\b/i,
  /\bI(?:'m|\sam|’m)\snot\s(?:allowed|permitted|comfortable)\sto\b/i,
];

export const noRefusal = defineGuardrail({
  name: 'NoRefusal',
  stages: ['output'],
  category: 'text-quality',
  description:
    'Detects model refusals ("I\'m sorry, but I can\'t help with that", "As an AI, I cannot…", "I must decline") in output, looking at the opening of the answer (or the whole of a short answer) so a helpful answer that mentions a limit in passing is not a refusal.',
  defaultSeverity: 'medium',
  config: {
    scanChars: z
      .number()
      .int()
      .min(50)
      .max(100_000)
      .default(400)
      .describe(
        'How much of the start of the output is searched for a refusal (the whole output when shorter than twice this).',
      ),
  },
  example: { scanChars: 300 },
  create(config) {
    return ({ text }) => {
      const scope = text.length < config.scanChars * 2 ? text : text.slice(0, config.scanChars);
      const findings: Finding[] = [];
      for (const re of REFUSAL_PATTERNS) {
        const m = re.exec(scope);
        if (m) findings.push(matchFinding('refusal', text, m));
      }
      if (findings.length === 0) return { passed: true, message: 'No refusal' };
      return {
        passed: false,
        message: 'The model refused to answer',
        findings,
        score: Math.min(1, 0.6 + 0.2 * findings.length),
      };
    };
  },
});
