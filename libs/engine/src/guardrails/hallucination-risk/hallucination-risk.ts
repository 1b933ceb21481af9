import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { claimTypes, hasCitation, sentences } from '../../detectors/text-stats/sentences.ts';

/** Phrasings that assert certainty beyond what a model can know. */
export const OVERCONFIDENT =
  /\b(?:definitely|undeniably|unquestionably|indisputably|without\s(?:a|any)\sdoubt|100\s?%\s(?:certain|sure|guaranteed|accurate|proven)|guaranteed\sto|it\sis\sa\s(?:proven|known|scientific)\sfact|(?:is|are|was|were|has\sbeen)\s(?:scientifically\s)?proven|everyone\sknows|always\sworks|never\sfails|(?:studies|science|research)\s(?:prove|proves|proved))\b/gi;
const STOP = new Set(
  'about above after again against also although among because been before being below between both but could does doing down during each either every from further have having here hers herself himself however into itself just more most much must neither other ours over same should some such than that their theirs them themselves then there these they this those through under until very were what when where which while whom whose with within without would your yours also only will shall into onto upon than'.split(
    ' ',
  ),
);
const NUMBER = /(?<![\w.])\d[\d,]*(?:\.\d+)?/g;
const ENTITY = /(?<=\s)\p{Lu}[\p{L}'-]{2,}/gu;
const WORD = /\p{L}[\p{L}'-]{3,}/gu;

function norm(n: string): string {
  return n.replace(/,/g, '').replace(/\.0+$/, '');
}

export const hallucinationRisk = defineGuardrail({
  name: 'HallucinationRisk',
  stages: ['output'],
  category: 'output-safety',
  description:
    'Scores hallucination risk. Without sources: overconfident phrasing ("definitely", "proven fact", "100% guaranteed") and uncited research claims. With `context.sources`: each claim-bearing sentence whose numbers or named entities are absent from the sources, or whose content words mostly are, counts as unsupported.',
  defaultSeverity: 'medium',
  config: {
    threshold: z.number().gt(0).max(1).default(0.5).describe('Risk score from which the guardrail fails.'),
    maxUnsupportedRatio: z
      .number()
      .min(0)
      .max(1)
      .default(0.25)
      .describe('With sources: the share of checked sentences that may be unsupported before failing.'),
    minOverlap: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe('With sources: share of a sentence’s content words that must appear in the sources.'),
  },
  example: { threshold: 0.5, maxUnsupportedRatio: 0.2 },
  create(config) {
    return ({ text, context }) => {
      const findings: Finding[] = [];
      const sents = sentences(text);
      const sources = context.sources;
      if (sources && sources.length > 0) {
        const corpus = sources
          .map((s) => s.text)
          .join('\n')
          .toLowerCase();
        const corpusNumbers = new Set([...corpus.matchAll(NUMBER)].map((m) => norm(m[0])));
        const corpusWords = new Set([...corpus.matchAll(WORD)].map((m) => m[0]));
        let checked = 0;
        let unsupported = 0;
        for (const s of sents) {
          const words = [...s.text.toLowerCase().matchAll(WORD)].map((m) => m[0]).filter((w) => !STOP.has(w));
          const numbers = [...s.text.matchAll(NUMBER)].map((m) => norm(m[0]));
          const entities = [...` ${s.text}`.matchAll(ENTITY)].map((m) => m[0]);
          if (words.length < 3 && numbers.length === 0 && entities.length === 0) continue;
          checked++;
          const missingNumbers = numbers.filter((n) => !corpusNumbers.has(n));
          const missingEntities = entities.filter((e) => !corpus.includes(e.toLowerCase()));
          const overlap = words.filter((w) => corpusWords.has(w)).length / words.length;
          const reasons: string[] = [];
          if (missingNumbers.length)
            reasons.push(`numbers not in sources: ${missingNumbers.slice(0, 3).join(', ')}`);
          if (missingEntities.length)
            reasons.push(`names not in sources: ${missingEntities.slice(0, 3).join(', ')}`);
          if (overlap < config.minOverlap)
            reasons.push(`${Math.round(overlap * 100)}% of its words are in the sources`);
          if (reasons.length) {
            unsupported++;
            findings.push({
              type: 'unsupported_claim',
              start: s.start,
              end: s.end,
              preview: `${excerpt(text, s.start, s.end)} (${reasons.join('; ')})`,
            });
          }
        }
        if (checked === 0) return { passed: true, message: 'No sentence to check against the sources' };
        const ratio = unsupported / checked;
        const details = { mode: 'grounded', checked, unsupported, ratio: Math.round(ratio * 1000) / 1000 };
        if (ratio > config.maxUnsupportedRatio) {
          return {
            passed: false,
            message: `${unsupported} of ${checked} sentences are not supported by the sources`,
            findings,
            score: ratio,
            details,
          };
        }
        return {
          passed: true,
          message: `${checked - unsupported} of ${checked} sentences supported by the sources`,
          findings,
          score: ratio,
          details,
        };
      }
      const cited = hasCitation(text);
      let score = 0;
      const signals: string[] = [];
      for (const m of text.matchAll(OVERCONFIDENT)) {
        findings.push({ type: 'overconfident', start: m.index, end: m.index + m[0].length, preview: m[0] });
      }
      const overconfident = findings.length;
      if (overconfident) {
        score += Math.min(0.6, 0.3 * overconfident);
        signals.push('overconfident');
      }
      if (!cited) {
        for (const s of sents) {
          if (claimTypes(s.text).includes('research_claim')) {
            findings.push({
              type: 'uncited_research_claim',
              start: s.start,
              end: s.end,
              preview: excerpt(text, s.start, s.end),
            });
          }
        }
        if (findings.length > overconfident) {
          score += 0.35;
          signals.push('uncited_research_claim');
        }
      }
      score = Math.min(1, score);
      const details = { mode: 'heuristic', signals };
      if (score >= config.threshold) {
        return {
          passed: false,
          message: `Hallucination risk ${score.toFixed(2)}: ${signals.join(', ')}`,
          findings,
          score,
          details,
        };
      }
      return { passed: true, message: `Hallucination risk ${score.toFixed(2)}`, findings, score, details };
    };
  },
});
export const HALLUCINATION_PATTERNS = [OVERCONFIDENT, NUMBER, ENTITY, WORD];
