import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { foldText, matchFamilies, type PatternFamily } from '../../detectors/content/folded.ts';

const re = (s: string) => new RegExp(`\\b${s}\\b`, 'g');
const ACT =
  '(?:kill myself|end (?:my life|it all|things)|take my (?:own )?life|commit suicide|hang myself|shoot myself|jump off|overdose|od|slit my wrists|cut myself|hurt myself|die)';

export const SELF_HARM_LEVELS = ['passive', 'active', 'imminent'] as const;
type Level = (typeof SELF_HARM_LEVELS)[number];

export const SELF_HARM_FAMILIES: Array<PatternFamily & { category: Level }> = [
  {
    category: 'imminent',
    weight: 1,
    // One group, so that both word boundaries hold for every alternative ("i'm going to diet" is
    // not "... die").
    pattern: re(
      `(?:(?:i(?:'m| am)? (?:going to|gonna|about to|will|'ll)|i'll|tonight i(?:'ll| will)?|today i(?:'ll| will)?|this is (?:my )?goodbye|my (?:suicide|goodbye) note|i have (?:the|a) (?:pills|rope|gun|knife) (?:ready|here)|(?:pills|rope|gun) (?:are|is) ready)(?: [a-z']+){0,3} ${ACT}|goodbye (?:everyone|world|cruel world)|by the time you read this)`,
    ),
  },
  {
    category: 'active',
    weight: 0.9,
    pattern: re(
      "(?:i (?:want|wanna|wish|need|plan|am planning|'m planning|have been planning|keep thinking about how|think i should|deserve) to (?:die|kill myself|shoot myself(?! in the foot)|hang myself|end my life|end it|disappear forever|hurt myself|cut myself|not exist|not be alive)|i feel like (?:ending (?:it all|my life)|killing myself)|i (?:don't|do not|dont) want to (?:live|be alive|exist|wake up)|(?:i(?:'m| am) )?thinking (?:about|of) (?:killing myself|suicide|ending (?:my life|it))|i(?:'ve| have) been (?:cutting|hurting|starving) myself|i (?:cut|hurt|burn|starve) myself|i(?:'m| am) (?:suicidal|better off dead)|(?:no reason|nothing) (?:left )?to live for|everyone would be better off without me|how (?:many|much) (?:pills|tylenol|paracetamol|sleeping pills) (?:to|would|does it take to) (?:die|kill|overdose)|(?:painless|easiest|quickest|best) way to (?:die|kill myself|commit suicide|end my life))",
    ),
  },
  {
    category: 'passive',
    weight: 0.5,
    pattern: re(
      '(?:suicide|suicidal|self harm|selfharm|self injury|kill (?:him|her|them)selves|killed (?:him|her|them)self|cutting|anorexia|bulimia|pro ana|thinspiration|overdosed?|wish i (?:was|were) dead|(?:so )?tired of living|hopeless|worthless)',
    ),
  },
];

export const CRISIS_RESOURCES = {
  message:
    'If you or someone you know is struggling or thinking about suicide, please reach out: you are not alone and help is available.',
  resources: [
    {
      region: 'US',
      name: '988 Suicide & Crisis Lifeline',
      contact: 'call or text 988',
      url: 'https://988lifeline.org',
    },
    {
      region: 'UK & Ireland',
      name: 'Samaritans',
      contact: 'call 116 123',
      url: 'https://www.samaritans.org',
    },
    {
      region: 'International',
      name: 'Find A Helpline',
      contact: 'findahelpline.com',
      url: 'https://findahelpline.com',
    },
  ],
};

export const selfHarm = defineGuardrail({
  name: 'SelfHarm',
  stages: ['input', 'output'],
  category: 'content-safety',
  description:
    'Detects self-harm and suicide intent in graded levels (imminent, active, passive mention); any finding returns crisis resources (988 Lifeline in the US, findahelpline.com internationally) in details.',
  defaultSeverity: 'critical',
  config: {
    strictMode: z
      .boolean()
      .default(false)
      .describe('Fail on passive mentions too (topic words such as "suicide").'),
    includeResources: z
      .boolean()
      .default(true)
      .describe('Return crisis resources in details when anything is found.'),
  },
  example: { severity: 'critical', strictMode: false },
  create(config) {
    const failRank = config.strictMode ? 0 : 1;
    return ({ text }) => {
      const hits = matchFamilies(foldText(text), SELF_HARM_FAMILIES, 20);
      if (hits.length === 0)
        return { passed: true, message: 'No self-harm content found', details: { level: 'none' } };
      const rank = Math.max(...hits.map((h) => SELF_HARM_LEVELS.indexOf(h.category as Level)));
      const level = SELF_HARM_LEVELS[rank]!;
      const details: Record<string, unknown> = { level };
      if (config.includeResources) details['crisisResources'] = CRISIS_RESOURCES;
      const findings = hits.map((h) => ({
        type: h.category,
        start: h.start,
        end: h.end,
        score: h.weight,
        preview: h.matched.slice(0, 80),
      }));
      const score = Math.max(...hits.map((h) => h.weight));
      if (rank < failRank)
        return { passed: true, message: `Self-harm topic mentioned (${level})`, findings, score, details };
      return { passed: false, message: `Self-harm content (${level})`, findings, score, details };
    };
  },
});
