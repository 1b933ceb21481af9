import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import type { Finding } from '../../core/types.ts';
import { matchFamilies, type PatternHit } from '../../detectors/content/folded.ts';
import { type LexHit, maskWord } from '../../detectors/content/lexicon.ts';
import { blankOtherLanguageWords } from '../../detectors/content/other-languages.ts';
import { analyzeContent, signalTags } from '../../detectors/content/signals.ts';
import { createClassifier, type LinearModelJson } from '../../detectors/text-classifier/index.ts';
import { maskCodeTokens } from './code-tokens.ts';
import { HARM_WISH } from './harm-wishes.ts';
import model from './model/toxicity.model.json' with { type: 'json' };
import { notForModel } from './not-for-model.ts';
import { THREAT } from './threats.ts';

const classifier = createClassifier(model as LinearModelJson);

const MAX_FINDINGS = 50;

/** Wishes of harm and threats of violence: each fails the text on its own (`violence`). */
const VIOLENT_INTENT = [HARM_WISH, THREAT];

const round3 = (v: number): number => Math.round(v * 1000) / 1000;

export const TOXICITY_CATEGORIES = ['toxic', 'insult', 'profanity', 'hate', 'sexual', 'violence'] as const;
type ToxicityCategory = (typeof TOXICITY_CATEGORIES)[number];

const LEX_TO_CATEGORY: Record<string, ToxicityCategory> = {
  slur: 'hate',
  'slur-ambiguous': 'hate',
  'profanity-strong': 'profanity',
  'profanity-mild': 'profanity',
  'profanity-other': 'profanity',
  insult: 'insult',
  'sexual-explicit': 'sexual',
  'sexual-suggestive': 'sexual',
};

/**
 * The findings of a failing text, lexicon hits first, then violent phrases: the first
 * MAX_FINDINGS (built only when the text fails; a passing text's hits only feed its scores).
 */
function findingsOf(text: string, lexHits: readonly LexHit[], violent: readonly PatternHit[]): Finding[] {
  const findings: Finding[] = [];
  for (const h of lexHits) {
    if (findings.length >= MAX_FINDINGS) return findings;
    const cat = LEX_TO_CATEGORY[h.entry.category];
    if (!cat) continue;
    findings.push({
      type: cat,
      start: h.start,
      end: h.end,
      score: h.entry.weight,
      preview: maskWord(text.slice(h.start, h.end)),
    });
  }
  for (const h of violent) {
    if (findings.length >= MAX_FINDINGS) return findings;
    findings.push({
      type: 'violence',
      start: h.start,
      end: h.end,
      score: h.weight,
      preview: h.matched.slice(0, 80),
    });
  }
  return findings;
}

export const toxicity = defineGuardrail({
  name: 'Toxicity',
  stages: ['input', 'output'],
  category: 'content-safety',
  description:
    'Scores toxic, insulting, hateful, sexual and violent language with a trained hashed n-gram model fed with lexicon signals (obfuscated spellings folded), and reports per-category scores; slurs, wishes of death or harm ("may you rot in hell", "kill yourself") and threats of violence ("we will find you and kill you") fail on their own. Politicians\' names are not read by the model: a name says nothing about tone.',
  defaultSeverity: 'medium',
  config: {
    threshold: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('Model score from which the text fails; defaults to the threshold chosen at training.'),
    categoryThreshold: z
      .number()
      .min(0)
      .max(1)
      .default(1)
      .describe(
        'A lexicon category whose score reaches this fails the text on its own (default 1: only slurs; the model already sees every lexicon hit, and failing on explicit words alone cost F1 in cross-validation).',
      ),
    categories: z
      .array(z.enum(TOXICITY_CATEGORIES))
      .min(1)
      .default([...TOXICITY_CATEGORIES])
      .describe('Categories that can fail the text ("toxic" is the model score).'),
  },
  example: { severity: 'medium', threshold: 0.5, categories: ['toxic', 'hate', 'insult'] },
  create(config) {
    const threshold = config.threshold ?? classifier.threshold;
    const enabled = new Set<ToxicityCategory>(config.categories);
    return ({ text }) => {
      const signals = analyzeContent(text);
      // What the model was trained on, modelInput(maskCodeTokens(blankOtherLanguageWords(…)),
      // signals), read without building that string.
      const toxic = notForModel(text, signals)
        ? 0
        : classifier.score(blankOtherLanguageWords(text, signals.otherLanguageHits), {
            rewrite: maskCodeTokens,
            suffix: signalTags(signals),
          });
      const scores: Record<ToxicityCategory, number> = {
        toxic,
        insult: 0,
        profanity: 0,
        hate: 0,
        sexual: 0,
        violence: 0,
      };
      for (const h of signals.lexHits) {
        const cat = LEX_TO_CATEGORY[h.entry.category];
        if (cat) scores[cat] = Math.max(scores[cat], h.entry.weight);
      }
      // Violent phrases of the shared analysis (not in a benign context such as "kill the process"),
      // wishes of death or harm and threats, which weigh 1 and so fail on their own.
      const violent = [
        ...(signals.benignContext ? [] : signals.harmHits.filter((h) => h.category === 'violence')),
        ...matchFamilies(signals.folded, VIOLENT_INTENT, MAX_FINDINGS),
      ];
      for (const h of violent) scores.violence = Math.max(scores.violence, h.weight);
      const failing = TOXICITY_CATEGORIES.filter(
        (c) => enabled.has(c) && (c === 'toxic' ? toxic >= threshold : scores[c] >= config.categoryThreshold),
      );
      const details = {
        scores: {
          toxic: round3(scores.toxic),
          insult: round3(scores.insult),
          profanity: round3(scores.profanity),
          hate: round3(scores.hate),
          sexual: round3(scores.sexual),
          violence: round3(scores.violence),
        },
        threshold,
      };
      if (failing.length === 0) {
        return { passed: true, message: 'No toxic language found', score: toxic, details };
      }
      return {
        passed: false,
        message: `Toxic language: ${failing.join(', ')}`,
        score: Math.max(...failing.map((c) => scores[c])),
        findings: findingsOf(text, signals.lexHits, violent),
        details: { ...details, categories: failing },
      };
    };
  },
});
