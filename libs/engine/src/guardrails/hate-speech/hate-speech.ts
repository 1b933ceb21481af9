import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import type { Finding } from '../../core/types.ts';
import { foldText, matchFamilies, type PatternFamily } from '../../detectors/content/folded.ts';
import { Lexicon, maskWord } from '../../detectors/content/lexicon.ts';
import { splitByLanguage } from '../../detectors/content/other-languages.ts';
import { contentLexicon } from '../../detectors/content/signals.ts';

/** Identity groups (as folded words); naming one is never hateful on its own. */
const GROUP =
  '(?:(?:black|white|asian|jewish|muslim|arab|mexican|chinese|indian|african|latino|hispanic|gay|lesbian|trans|transgender|bisexual|queer|disabled|immigrant|refugee|native|christian|hindu|sikh|catholic)(?: people| folks| men| women| kids| person| persons| immigrants| americans)?|blacks|whites|jews|muslims|arabs|mexicans|immigrants|refugees|gays|lesbians|homosexuals|trans people|transgenders|women|feminists|asians|africans|latinos|hispanics|christians|hindus|catholics|foreigners|migrants|illegals|those people|these people)';
const DEHUMANISE =
  '(?:are|is|r) (?:all )?(?:(?:just |nothing but |like )?(?:animals|vermin|rats|cockroaches|parasites|savages|subhuman|apes|monkeys|pigs|dogs|filth|trash|garbage|a disease|a plague|a cancer|inferior|not human|less than human|evil|terrorists|criminals|rapists|disgusting|an abomination|mentally ill|a mental illness))';
const EXCLUDE =
  "(?:(?:should|must|need to|ought to|deserve to) (?:be |all be )?(?:killed|exterminated|eradicated|wiped out|gassed|hanged|lynched|deported|banned|removed|sterilized|shot|burned|locked up|put down)|(?:do not|dont|don't) (?:deserve|belong)|(?:go back to|get out of) (?:their|your|my) (?:country|countries))";
const re = (s: string) => new RegExp(`\\b${s}\\b`, 'g');

export const HATE_FAMILIES: readonly PatternFamily[] = [
  { category: 'dehumanisation', weight: 0.9, pattern: re(`${GROUP} ${DEHUMANISE}`) },
  { category: 'exclusion-or-violence', weight: 1, pattern: re(`${GROUP}(?: [a-z']+){0,2} ${EXCLUDE}`) },
  {
    category: 'violence-against-group',
    weight: 1,
    pattern: re(
      `(?:kill|exterminate|gas|lynch|hang|shoot|eradicate|wipe out) (?:all )?(?:the |those |these )?${GROUP}`,
    ),
  },
];

/**
 * A slur that is also an everyday word (lexicons.ts AMBIGUOUS_SLURS: "coon", "tranny", "nip") counts
 * when aimed at someone ("you coon", "ur dirty nip") or beside other abuse in the text, so "Maine
 * coon cat" and "auto tranny for sale" pass.
 */
const OTHER_ABUSE = new Set(['slur', 'profanity-strong', 'insult']);
const ADDRESSED = /\b(?:you|ur|u|ya)\s+(?:[a-z]+\s+)?$/i;

function addressed(text: string, start: number): boolean {
  return ADDRESSED.test(text.slice(Math.max(0, start - 24), start));
}

export const hateSpeech = defineGuardrail({
  name: 'HateSpeech',
  stages: ['input', 'output'],
  category: 'content-safety',
  description:
    'Detects slurs (whole-word, with leetspeak, masked, stretched and spelled-out spellings) and dehumanising, exclusionary or violent statements about identity groups; quoting does not bypass it and identity terms alone pass.',
  defaultSeverity: 'high',
  config: {
    blockSeverity: z
      .enum(['strict', 'moderate'])
      .default('strict')
      .describe(
        '"moderate": a lone slur only warns (passes with a finding); statements about groups still fail.',
      ),
    customSlurs: z
      .array(z.string().min(2).max(60))
      .max(1000)
      .default([])
      .describe('Extra terms treated as slurs (whole words, case-insensitive).'),
  },
  example: { severity: 'high', blockSeverity: 'strict', customSlurs: ['examplslur'] },
  create(config) {
    const custom = new Lexicon(
      config.customSlurs.map((term) => ({
        term: term.toLowerCase(),
        category: 'slur',
        weight: 1,
        suffixes: ['s'],
      })),
    );
    return ({ text }) => {
      const folded = foldText(text);
      // "Jag har ett fag i skolan": a Swedish school subject, not the slur (other-languages.ts).
      const lexHits = splitByLanguage(folded, contentLexicon.matchFolded(folded)).english;
      const findings: Finding[] = [];
      // Read only when the text has an everyday-word slur.
      let abusive: boolean | undefined;
      const hasOtherAbuse = (): boolean => {
        abusive ??= lexHits.some((x) => OTHER_ABUSE.has(x.entry.category));
        return abusive;
      };
      const slurs = [
        ...lexHits.filter(
          (h) =>
            h.entry.category === 'slur' ||
            (h.entry.category === 'slur-ambiguous' && (hasOtherAbuse() || addressed(text, h.start))),
        ),
        ...custom.matchFolded(folded),
      ];
      for (const h of slurs)
        findings.push({
          type: 'slur',
          start: h.start,
          end: h.end,
          score: 1,
          preview: maskWord(text.slice(h.start, h.end)),
        });
      const statements = matchFamilies(folded, HATE_FAMILIES, 20);
      for (const h of statements)
        findings.push({
          type: h.category,
          start: h.start,
          end: h.end,
          score: h.weight,
          preview: h.matched.slice(0, 80),
        });
      if (findings.length === 0) return { passed: true, message: 'No hate speech found' };
      const level =
        statements.length > 0 && slurs.length > 0 ? 'severe' : statements.length > 0 ? 'statement' : 'slur';
      const details = {
        level,
        slurs: slurs.length,
        statements: [...new Set(statements.map((s) => s.category))],
      };
      if (level === 'slur' && config.blockSeverity === 'moderate') {
        return {
          passed: true,
          message: 'Slur found (moderate mode: warning only)',
          findings,
          details,
          score: 0.6,
        };
      }
      return {
        passed: false,
        message: `Hate speech (${level})`,
        findings: findings.slice(0, 50),
        details,
        score: level === 'slur' ? 0.8 : 1,
      };
    };
  },
});
