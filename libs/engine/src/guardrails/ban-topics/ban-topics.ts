import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import { compilePhrases } from '../../detectors/text-stats/phrases.ts';

/** Ready-made keyword families; a profile names them in `topics` or defines its own. */
export const TOPIC_FAMILIES: Record<string, string[]> = {
  politics: [
    'election',
    'elections',
    'senator',
    'congress',
    'parliament',
    'democrat',
    'democrats',
    'republican',
    'republicans',
    'political party',
    'campaign rally',
    'ballot',
    'prime minister',
    'president of the united states',
    'left-wing',
    'right-wing',
  ],
  religion: [
    'religion',
    'religious',
    'church',
    'mosque',
    'synagogue',
    'temple',
    'bible',
    'quran',
    'torah',
    'god',
    'allah',
    'jesus',
    'prayer',
    'atheism',
    'worship',
  ],
  gambling: [
    'casino',
    'gambling',
    'betting',
    'bet on',
    'sportsbook',
    'poker',
    'roulette',
    'slot machine',
    'odds on',
    'jackpot',
    'wager',
  ],
  crypto: [
    'bitcoin',
    'ethereum',
    'crypto',
    'cryptocurrency',
    'nft',
    'token sale',
    'altcoin',
    'memecoin',
    'defi',
    'airdrop',
  ],
  weapons: [
    'gun',
    'guns',
    'rifle',
    'pistol',
    'ammunition',
    'firearm',
    'firearms',
    'explosive',
    'explosives',
    'grenade',
  ],
  drugs: [
    'cocaine',
    'heroin',
    'meth',
    'methamphetamine',
    'mdma',
    'lsd',
    'fentanyl',
    'cannabis',
    'marijuana',
    'weed',
  ],
  adult: ['porn', 'pornography', 'nsfw', 'escort', 'onlyfans', 'xxx', 'erotic'],
  finance_advice: [
    'stock tip',
    'stock tips',
    'which stock',
    'buy shares',
    'investment advice',
    'should i invest',
    'price target',
    'short selling',
  ],
  legal_advice: ['sue', 'lawsuit', 'legal advice', 'should i plead', 'custody battle', 'file for divorce'],
};

const topicSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Topic name reported in findings.'),
    keywords: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(1000)
      .describe('Words and phrases that signal the topic.'),
  })
  .strict();

export const banTopics = defineGuardrail({
  name: 'BanTopics',
  stages: ['input', 'output'],
  category: 'custom',
  description:
    'Fails when the text is about a banned topic: each topic is a keyword family (built-in families such as politics, religion, gambling, crypto, weapons, drugs, adult, finance_advice, legal_advice, or your own), and a topic counts when at least `minHits` of its keywords occur as whole words.',
  defaultSeverity: 'medium',
  config: {
    topics: z
      .array(z.union([z.enum(Object.keys(TOPIC_FAMILIES) as [string, ...string[]]), topicSchema]))
      .max(100)
      .default([])
      .describe('Built-in family names or {name, keywords} topics.'),
    minHits: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(2)
      .describe('Keyword occurrences (of one topic) needed to call the text on-topic.'),
  },
  example: {
    topics: [
      'politics',
      'gambling',
      { name: 'pricing', keywords: ['discount code', 'price match', 'coupon'] },
    ],
    minHits: 1,
  },
  create(config) {
    const topics = config.topics.map((t) =>
      typeof t === 'string' ? { name: t, keywords: TOPIC_FAMILIES[t] ?? [] } : t,
    );
    const matchers = topics.map((t) => ({
      name: t.name,
      match: compilePhrases(t.keywords, { wholeWords: true, caseSensitive: false }),
    }));
    return ({ text }) => {
      const hits = matchers
        .map((m) => ({ name: m.name, found: m.match?.(text, 200) ?? [] }))
        .filter((h) => h.found.length >= config.minHits);
      if (hits.length === 0) return { passed: true, message: 'No banned topic' };
      return {
        passed: false,
        message: `Banned topic(s): ${hits.map((h) => h.name).join(', ')}`,
        findings: hits.flatMap((h) =>
          h.found.map((f) => ({
            type: `topic:${h.name}`,
            start: f.start,
            end: f.end,
            preview: excerpt(text, f.start, f.end),
          })),
        ),
        details: { topics: hits.map((h) => ({ topic: h.name, hits: h.found.length })) },
      };
    };
  },
});
