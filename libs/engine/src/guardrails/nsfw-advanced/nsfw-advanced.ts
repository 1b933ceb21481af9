import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import type { Finding } from '../../core/types.ts';
import { foldText, testFolded } from '../../detectors/content/folded.ts';
import { Lexicon, maskWord } from '../../detectors/content/lexicon.ts';
import { SEXUAL_EXPLICIT, SEXUAL_SUGGESTIVE } from '../../detectors/content/lexicons.ts';
import { splitByLanguage } from '../../detectors/content/other-languages.ts';

export const NSFW_LEVELS = ['mild', 'suggestive', 'explicit'] as const;
type Level = (typeof NSFW_LEVELS)[number];

const MILD = [
  'kiss',
  'kissing',
  'cuddle',
  'cuddling',
  'flirt',
  'flirting',
  'seduce',
  'desire',
  'attraction',
  'romantic',
  'makeout',
  'hookup',
];
const CLINICAL = new Set([
  'sex',
  'sexual',
  'sexually',
  'intercourse',
  'penis',
  'vagina',
  'genitals',
  'breasts',
  'nipples',
  'nude',
  'naked',
  'anal',
  'orgasm',
  'masturbation',
  'arousal',
]);
const EXPLICIT_PHRASES = [
  'have sex',
  'having sex',
  'oral sex',
  'anal sex',
  'sex tape',
  'sex video',
  'sex scene',
  'adult content',
  'adult video',
  'adult videos',
  'nsfw',
  'make love',

  'erotic story',
  'sex chat',
  'sexting',
  'nude photos',
  'nude pics',
  'dick pic',
  'dick pics',
];

/** Words that place sexual vocabulary in a medical or educational setting. */
export const MEDICAL =
  /\b(?:doctor|doctors|medical|medicine|clinic|clinical|health|healthcare|hospital|patient|patients|symptoms?|diagnos[ie]s|anatomy|anatomical|biology|biological|reproductive|reproduction|puberty|education|educational|sex ed|curriculum|contracepti(?:on|ve)|condoms?|sti|stis|std|stds|hiv|pregnan(?:t|cy)|gynecolog[a-z]*|urolog[a-z]*|cancer|exam|screening|consent|research|study|textbook|lesson|teacher|class)\b/;

export const nsfwAdvanced = defineGuardrail({
  name: 'NSFWAdvanced',
  stages: ['input', 'output'],
  category: 'content-safety',
  description:
    'Grades sexual content (explicit, suggestive, mild) from whole-word lexicons that undo obfuscation (p0rn, p.o.r.n, s3x, f*ck-style masks); clinical vocabulary in a medical or educational context is allowed when configured.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: {
    failLevel: z
      .enum(['suggestive', 'explicit'])
      .default('explicit')
      .describe('Lowest level that fails the text.'),
    allowMedicalEducational: z
      .boolean()
      .default(true)
      .describe(
        'Clinical terms (sex, penis, intercourse ...) do not count when the text has a medical or educational context.',
      ),
    enableObfuscationDetection: z
      .boolean()
      .default(true)
      .describe('Undo leetspeak, masks and spelled-out words before matching.'),
    customBlocklist: z
      .array(z.string().min(2).max(60))
      .max(1000)
      .default([])
      .describe('Extra explicit terms (whole words).'),
  },
  example: {
    severity: 'high',
    failLevel: 'explicit',
    allowMedicalEducational: true,
    customBlocklist: ['lewd'],
  },
  create(config) {
    const lexicon = new Lexicon([
      ...SEXUAL_EXPLICIT.map((term) => ({ term, category: 'explicit', weight: 0.9, suffixes: ['s'] })),
      ...EXPLICIT_PHRASES.map((term) => ({ term, category: 'explicit', weight: 0.9 })),
      ...config.customBlocklist.map((term) => ({
        term: term.toLowerCase(),
        category: 'explicit',
        weight: 1,
        suffixes: ['s'],
      })),
      ...SEXUAL_SUGGESTIVE.map((term) => ({ term, category: 'suggestive', weight: 0.6, suffixes: ['s'] })),
      ...MILD.map((term) => ({ term, category: 'mild', weight: 0.3, suffixes: ['s', 'es'] })),
    ]);
    const failRank = NSFW_LEVELS.indexOf(config.failLevel);
    return ({ text }) => {
      const folded = foldText(text);
      const medical = config.allowMedicalEducational && testFolded(folded, MEDICAL);
      const all = config.enableObfuscationDetection
        ? lexicon.matchFolded(folded)
        : lexicon.matchTokens(
            folded.tokens.filter((t) => text.slice(t.start, t.end).toLowerCase() === t.text),
          );
      // "Das Buch ist sehr dick", "magna cum laude": other languages' words (other-languages.ts).
      const hits = splitByLanguage(folded, all).english.filter((h) => !(medical && CLINICAL.has(h.matched)));
      if (hits.length === 0)
        return {
          passed: true,
          message: 'No sexual content found',
          details: { level: 'none', medicalContext: medical },
        };
      const rank = Math.max(...hits.map((h) => NSFW_LEVELS.indexOf(h.entry.category as Level)));
      const level = NSFW_LEVELS[rank]!;
      const findings: Finding[] = hits.map((h) => ({
        type: `nsfw-${h.entry.category}`,
        start: h.start,
        end: h.end,
        score: h.entry.weight,
        preview: maskWord(text.slice(h.start, h.end)),
      }));
      const details = { level, medicalContext: medical };
      const score = Math.max(...hits.map((h) => h.entry.weight));
      if (rank < failRank)
        return {
          passed: true,
          message: `Sexual content below the fail level (${level})`,
          findings,
          score,
          details,
        };
      const redactions = hits
        .filter((h) => NSFW_LEVELS.indexOf(h.entry.category as Level) >= failRank)
        .sort((a, b) => a.start - b.start || b.end - a.end)
        .reduce<Array<{ start: number; end: number; replacement: string }>>((acc, h) => {
          if (acc.length === 0 || h.start >= acc[acc.length - 1]!.end) {
            acc.push({ start: h.start, end: h.end, replacement: '[REDACTED]' });
          }
          return acc;
        }, []);
      return { passed: false, message: `Sexual content (${level})`, findings, score, details, redactions };
    };
  },
});
