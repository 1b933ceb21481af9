import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { analyzeContent, hasDecisiveTopic, modelTokens } from '../../detectors/content/signals.ts';
import {
  createClassifier,
  type LinearModelJson,
  type TextClassifier,
  type TokenHashes,
} from '../../detectors/text-classifier/index.ts';
import model from './model/harmful-request.model.json' with { type: 'json' };
import { hasPlainWords } from './plain-words.ts';

const classifier = createClassifier(model as LinearModelJson);

/**
 * The model judges only texts of at least this many plain words: below it, code, identifiers and
 * numbers ("secret = get_secret_key()", "passport", an IBAN) scored as requests about secrets or
 * documents. No harmful request of the dev file has fewer; decisive topics still apply.
 */
export const MIN_PLAIN_WORDS = 3;

/**
 * ... and only texts with at least this many tokens it saw in training (`knownTokens`: a unigram
 * weight other than 0). The model's bias is positive (0.6 for a text of unseen words, against a
 * threshold of 0.56), so 20 of 60 everyday sentences in other languages failed ("Привет, как
 * дела?" 0.71, "Merhaba nasılsın bugün" 0.71). Cross-validated F1 is the same (0.920).
 */
export const MIN_KNOWN_WORDS = 3;

/** Whether the model knows MIN_KNOWN_WORDS of the tokens, so that its score means something. */
export function knowsEnoughWords(model: TextClassifier, tokens: TokenHashes): boolean {
  return model.knownTokens(tokens, MIN_KNOWN_WORDS) >= MIN_KNOWN_WORDS;
}

export const harmfulRequest = defineGuardrail({
  name: 'HarmfulRequest',
  stages: ['input'],
  category: 'content-safety',
  description:
    "Flags plain requests for seriously harmful help (weapons, malware, fraud, violence, abuse, drugs, self-harm, third parties' private details, confidential information, stereotypes, justifying discrimination against a protected group, repeating an atrocity) with a trained hashed n-gram model fed with request-frame and harm-phrase signals; asking how to kill or maim a person or burn or bomb a place where people are, why a protected group should lose a right, how to repeat or praise an atrocity, a leading question pinning a negative trait on a group, a request for insults aimed at someone or for sexual or gory content as such, asking how to end one's life, denying or glorifying an atrocity, how to commit a common crime against someone, how to harass, stalk, blackmail or spam someone, how to do something illegally, push someone into sex, join a hate or terrorist group, make, buy or sell hard drugs or defeat a safeguard (age verification, a breathalyzer, a bank alarm), asking for a real person's PIN, home address, records or net worth, or writing a threat or disinformation fails on its own; harmless uses of violent verbs (\"kill a Python process\") pass.",
  defaultSeverity: 'high',
  config: {
    threshold: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('Model score from which the text fails; defaults to the threshold chosen at training.'),
  },
  example: { severity: 'high', threshold: 0.7 },
  create(config) {
    const threshold = config.threshold ?? classifier.threshold;
    return ({ text }) => {
      const signals = analyzeContent(text);
      const tokens = hasPlainWords(text, MIN_PLAIN_WORDS)
        ? modelTokens(signals, { topics: true })
        : undefined;
      const score = tokens && knowsEnoughWords(classifier, tokens) ? classifier.scoreTokens(tokens) : 0;
      const hits = [...signals.harmHits, ...signals.topicHits];
      const categories = [...new Set(hits.map((h) => h.category))];
      const decisive = hasDecisiveTopic(signals);
      const details = {
        score: Math.round(score * 1000) / 1000,
        threshold,
        categories,
        requestFrame: signals.requestFrame,
        decisiveTopic: decisive,
      };
      if (score < threshold && !decisive)
        return { passed: true, message: 'No harmful request found', score, details };
      return {
        passed: false,
        message: categories.length ? `Harmful request (${categories.join(', ')})` : 'Harmful request',
        score,
        findings: hits.slice(0, 20).map((h) => ({
          type: h.category,
          start: h.start,
          end: h.end,
          score: h.weight,
          preview: h.matched.slice(0, 80),
        })),
        details,
      };
    };
  },
});
