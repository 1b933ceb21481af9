import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { foldText, matchFamilies, type PatternFamily, testFolded } from '../../detectors/content/folded.ts';
import { BENIGN_CONTEXT } from '../../detectors/content/phrases.ts';

const re = (s: string) => new RegExp(`\\b${s}\\b`, 'g');
const HARM_VERB =
  '(?:kill|murder|shoot|stab|hurt|beat|strangle|choke|slit|behead|torture|rape|burn|bomb|blow up|gut|break|smash|destroy|end|hunt|find|get|butcher|slaughter|execute|cut|bury|punch|kick|attack)';
const TARGET =
  "(?:you|u|ya|him|her|them|everyone|everybody|your (?:family|kids|wife|husband|mom|mother|dad|children|house)|you all|y'all|all of you|this (?:guy|bitch|man|woman)|that (?:guy|bitch|man|woman))";

export const VIOLENCE_LEVELS = ['mention', 'graphic', 'incitement', 'threat'] as const;
type Level = (typeof VIOLENCE_LEVELS)[number];

export const VIOLENCE_FAMILIES: Array<PatternFamily & { category: Level }> = [
  {
    category: 'threat',
    weight: 1,
    pattern: re(
      `(?:i(?:'m| am)? (?:gonna|going to|will|'ll|shall|want to|wanna|am coming to|will come and)|i'll|ill|we(?:'re| are)? (?:gonna|going to|will)|we'll) (?:fucking |literally |personally )?${HARM_VERB} ${TARGET}`,
    ),
  },
  {
    category: 'threat',
    weight: 1,
    pattern: re(
      `(?:you(?:'re| are) (?:going to |gonna )?(?:die|dead|a dead (?:man|woman))|watch your back|i know where you live|you will (?:die|pay|regret)|(?:gonna|going to|will) (?:put|leave) you in (?:the|a) (?:ground|hospital|grave)|i(?:'ll| will) find you)`,
    ),
  },
  {
    category: 'incitement',
    weight: 0.9,
    pattern: re(
      `(?:(?:someone|somebody|we|you|they|people) (?:should|must|need to|ought to|has to|have to) ${HARM_VERB} (?:him|her|them|all|those|these|every|the)|let's ${HARM_VERB} (?:him|her|them|all|those|these|every)|(?:kill|shoot|hang|burn|lynch|gas) (?:them|all of them|every one of them|em) all|death to|(?:take up|grab) (?:arms|your guns|weapons) (?:and|against)|burn (?:it|the city|them) (?:all )?down|start (?:a|the) (?:war|riot|revolution) against)`,
    ),
  },
  {
    category: 'graphic',
    weight: 0.7,
    pattern: re(
      '(?:dismember(?:ed|ing)?|decapitat(?:e|ed|ing|ion)|disembowel(?:ed|ing)?|gore|gory|mutilat(?:e|ed|ing|ion)|eviscerat(?:e|ed|ing)|blood (?:splatter|spatter|everywhere|gushing|pouring)|skull (?:crushed|smashed|caved in)|burned alive|beaten to death|stabbed (?:to death|repeatedly)|shot dead|brains? (?:blown out|splattered)|slit (?:his|her|their|your) throat|flay(?:ed)? alive|tortured to death)',
    ),
  },
  {
    category: 'mention',
    weight: 0.3,
    pattern: re(
      '(?:kill(?:s|ed|ing)?|murder(?:s|ed|ing)?|stab(?:s|bed|bing)?|shoot(?:s|ing)?|assault(?:s|ed)?|attack(?:s|ed)?|fight(?:s|ing)?|massacre|war|weapons?|guns?|violen(?:ce|t))',
    ),
  },
];

export const violence = defineGuardrail({
  name: 'Violence',
  stages: ['input', 'output'],
  category: 'content-safety',
  description:
    'Grades violent language: threats against a person (threat), calls to violence (incitement), graphic gore (graphic) and plain mentions (mention); fails from a configurable level, and harmless idioms ("kill the process", "shoot a photo") do not count.',
  defaultSeverity: 'high',
  config: {
    failLevel: z.enum(VIOLENCE_LEVELS).default('graphic').describe('Lowest level that fails the text.'),
    warnOnMention: z
      .boolean()
      .default(true)
      .describe('Report plain mentions as findings on a passing result.'),
  },
  example: { severity: 'high', failLevel: 'incitement' },
  create(config) {
    const failRank = VIOLENCE_LEVELS.indexOf(config.failLevel);
    return ({ text }) => {
      const folded = foldText(text);
      const benign = testFolded(folded, BENIGN_CONTEXT);
      const hits = matchFamilies(folded, VIOLENCE_FAMILIES, 20).filter(
        (h) => !(benign && h.category === 'mention'),
      );
      if (hits.length === 0)
        return { passed: true, message: 'No violent language found', details: { level: 'none' } };
      const rank = Math.max(...hits.map((h) => VIOLENCE_LEVELS.indexOf(h.category as Level)));
      const level = VIOLENCE_LEVELS[rank]!;
      const findings = hits
        .filter((h) => config.warnOnMention || h.category !== 'mention')
        .map((h) => ({
          type: h.category,
          start: h.start,
          end: h.end,
          score: h.weight,
          preview: h.matched.slice(0, 80),
        }));
      const score = Math.max(...hits.map((h) => h.weight));
      if (rank < failRank)
        return {
          passed: true,
          message: `Violent language below the fail level (${level})`,
          findings,
          score,
          details: { level },
        };
      return { passed: false, message: `Violent language (${level})`, findings, score, details: { level } };
    };
  },
});
