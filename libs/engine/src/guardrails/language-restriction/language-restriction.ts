import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import {
  isProse,
  KNOWN_LANGUAGE_CODES,
  LANGUAGES,
  rankLanguages,
  SCRIPTS,
  scriptCounts,
  stopwordHits,
  toIso1,
  toIso3,
} from '../../detectors/language/languages.ts';

export const languageRestriction = defineGuardrail({
  name: 'LanguageRestriction',
  stages: ['input', 'output'],
  category: 'text-quality',
  description:
    'Fails text written in a language or script outside an allow-list: Unicode scripts are counted on every text, and the language is identified with franc (restricted to ~40 major languages) once the text is long enough to judge (`minLengthForLanguage`); shorter texts are judged by script only.',
  defaultSeverity: 'medium',
  config: {
    allowedLanguages: z
      .array(
        z.string().refine((c) => toIso3(c) !== undefined, {
          message: `unknown language code; use one of ${KNOWN_LANGUAGE_CODES.join(', ')}`,
        }),
      )
      .min(1)
      .max(50)
      .default(['en'])
      .describe(
        'Allowed languages (ISO 639-1 like "en" or 639-3 like "eng"). Their scripts are allowed too.',
      ),
    allowedScripts: z
      .array(z.enum(SCRIPTS))
      .max(20)
      .default([])
      .describe('Extra Unicode scripts to allow (e.g. "Han" for names).'),
    maxDisallowedScriptRatio: z
      .number()
      .min(0)
      .max(1)
      .default(0.1)
      .describe('Share of letters that may be in a disallowed script (names, quotes) before failing.'),
    ambiguityMargin: z
      .number()
      .gt(0)
      .max(1)
      .default(0.9)
      .describe(
        'An allowed language whose relative score (best = 1) reaches this margin makes the text pass as ambiguous.',
      ),
    minLengthForLanguage: z
      .number()
      .int()
      .min(5)
      .max(10_000)
      .default(40)
      .describe('Characters from which the language (not only the script) is judged.'),
  },
  example: { allowedLanguages: ['en', 'fr', 'ja'], allowedScripts: ['Latin'] },
  create(config) {
    const allowedIso3 = new Set(config.allowedLanguages.map((c) => toIso3(c) as string));
    const scripts = new Set<string>(config.allowedScripts);
    for (const iso3 of allowedIso3) for (const s of LANGUAGES[toIso1(iso3)]?.scripts ?? []) scripts.add(s);
    return ({ text }) => {
      const { counts, letters } = scriptCounts(text);
      if (letters === 0) return { passed: true, message: 'No letters to judge' };
      const disallowed = Object.entries(counts).filter(([s]) => !scripts.has(s));
      const disallowedLetters = disallowed.reduce((n, [, c]) => n + c, 0);
      const ratio = disallowedLetters / letters;
      if (disallowedLetters > 3 && ratio > config.maxDisallowedScriptRatio) {
        return {
          passed: false,
          message: `Text uses script(s) outside the allow-list: ${disallowed.map(([s]) => s).join(', ')}`,
          details: { scripts: counts, disallowedRatio: Math.round(ratio * 1000) / 1000 },
        };
      }
      if (text.trim().length < config.minLengthForLanguage) {
        return {
          passed: true,
          message: 'Allowed script; too short to identify the language',
          details: { scripts: counts },
        };
      }
      if (!isProse(text)) {
        return {
          passed: true,
          message: 'Allowed script; not prose, so the language is not judged',
          details: { scripts: counts },
        };
      }
      const ranking = rankLanguages(text, config.minLengthForLanguage);
      if (!ranking)
        return {
          passed: true,
          message: 'Allowed script; language undetermined',
          details: { scripts: counts },
        };
      const lang = ranking.top;
      if (!allowedIso3.has(lang)) {
        // Short and informal texts are ambiguous: pass when an allowed language is nearly as likely
        // or its function words are at least as present as the winner's.
        const close = ranking
          .scores()
          .find(([l, score]) => allowedIso3.has(l) && score >= config.ambiguityMargin);
        const stop = [...allowedIso3].find(
          (l) => stopwordHits(text, l) >= Math.max(2, stopwordHits(text, lang)),
        );
        if (close || stop) {
          return {
            passed: true,
            message: `Language ambiguous between "${toIso1(lang)}" and an allowed language`,
            details: { language: toIso1(lang) },
          };
        }
        return {
          passed: false,
          message: `Language "${toIso1(lang)}" is not allowed`,
          details: { language: toIso1(lang), scripts: counts },
        };
      }
      return {
        passed: true,
        message: `Language "${toIso1(lang)}" is allowed`,
        details: { language: toIso1(lang) },
      };
    };
  },
});
