import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { compilePhrases } from '../../detectors/text-stats/phrases.ts';
import { sentences } from '../../detectors/text-stats/sentences.ts';

/** A named subject: capitalised name tokens (not sentence-initial function words) or a company with a legal suffix. */
export const NAMED_SUBJECT =
  /(?<![\p{L}\p{N}])(?:\p{Lu}[\p{Ll}'-]{1,30}(?:\s(?:\p{Lu}\.\s)?\p{Lu}[\p{Ll}'-]{1,30}){0,3}(?:\s(?:Inc|Corp|Corporation|Ltd|LLC|plc|GmbH|AG|SA|Co)\.?)?|\p{Lu}{2,10}(?:\s(?:Inc|Corp|Ltd|LLC|plc|GmbH|AG))?)(?![\p{L}\p{N}])/gu;
/** Damaging factual allegations, asserted as fact. */
export const ALLEGATION =
  /\b(?:is|are|was|were)\s(?:a|an|the)?\s?(?:(?:convicted|known|serial|corrupt)\s)?(?:criminal|fraud(?:ster)?|thief|liar|crook|scammer|con\sartist|pedophile|paedophile|rapist|murderer|killer|embezzler|money\slaunderer|drug\sdealer|terrorist|racist|child\sabuser|sex\soffender|cheat)\b|\b(?:committed|commits|is\scommitting|was\sinvolved\sin|engaged\sin|runs|ran)\s(?:a\s)?(?:fraud|murder|rape|embezzlement|tax\sevasion|insider\strading|money\slaundering|bribery|extortion|a\sponzi\sscheme|a\spyramid\sscheme|securities\sfraud|child\sabuse|war\scrimes)\b|\b(?:stole|embezzled|laundered|bribed|raped|murdered|molested|abused|defrauded|swindled|poisoned)\s\p{L}/giu;
export const HEDGE =
  /\b(?:allegedly|alleged|reportedly|according\sto\s(?:reports|sources|the\s(?:lawsuit|indictment|complaint|prosecution)|court\sdocuments)|accused\sof|is\ssuspected|suspected\sof|claims?\sthat|rumou?red|was\scharged\swith|charged\swith|denies|denied)\b/iu;
const NOT_NAMES = new Set([
  'The',
  'This',
  'That',
  'These',
  'Those',
  'He',
  'She',
  'They',
  'It',
  'We',
  'I',
  'You',
  'His',
  'Her',
  'Their',
  'A',
  'An',
  'In',
  'On',
  'If',
  'But',
  'And',
  'My',
  'Our',
  'Your',
  'Someone',
  'Everyone',
  'Nobody',
  'Anyone',
  'People',
]);

export const defamation = defineGuardrail({
  name: 'Defamation',
  stages: ['input', 'output'],
  category: 'content-safety',
  description:
    'Flags damaging factual allegations about named people or companies ("John Smith is a fraud", "Acme Corp laundered money") in the same sentence as the name. Hedged reporting ("allegedly", "according to reports", "was charged with") lowers the score and passes unless `flagHedged` is set; allegations without a named subject pass.',
  defaultSeverity: 'high',
  config: {
    flagHedged: z
      .boolean()
      .default(false)
      .describe('Also fail hedged allegations ("allegedly", "according to reports").'),
    extraAllegations: z
      .array(z.string().min(2).max(100))
      .max(200)
      .default([])
      .describe('Additional allegation phrases (e.g. "insider trading").'),
    threshold: z.number().gt(0).max(1).default(0.7).describe('Score from which an allegation fails.'),
  },
  example: { flagHedged: false, extraAllegations: ['price fixing'] },
  create(config) {
    const ALLEGATION_ONE = new RegExp(ALLEGATION.source, 'iu');
    const extra = compilePhrases(config.extraAllegations, { wholeWords: true, caseSensitive: false });
    return ({ text }) => {
      const findings: Finding[] = [];
      let best = 0;
      let hedgedOnly = false;
      // Cheap whole-text prefilter: most texts make no allegation at all.
      if (!ALLEGATION_ONE.test(text) && !extra?.(text, 1).length) {
        return { passed: true, message: 'No allegations about named subjects' };
      }
      for (const s of sentences(text)) {
        const fixed = ALLEGATION_ONE.exec(s.text);
        const custom = fixed ? undefined : extra?.(s.text, 1)[0];
        const alleg = fixed ? { index: fixed.index } : custom ? { index: custom.start } : undefined;
        if (!alleg) continue;
        const names = [...s.text.matchAll(NAMED_SUBJECT)].filter(
          (m) =>
            m.index < alleg.index &&
            !NOT_NAMES.has(m[0]) &&
            !(m.index === 0 && NOT_NAMES.has(m[0].split(' ')[0] ?? '')),
        );
        const subject = names.at(-1);
        if (!subject) continue;
        const hedged = HEDGE.test(s.text);
        const score = hedged ? 0.45 : 0.9;
        findings.push({
          type: hedged ? 'hedged_allegation' : 'allegation',
          start: s.start,
          end: s.end,
          score,
          preview: excerpt(text, s.start, s.end),
        });
        if (score > best) best = score;
        hedgedOnly = hedged;
      }
      const effective = config.flagHedged && best > 0 ? Math.max(best, config.threshold) : best;
      if (effective < config.threshold) {
        return {
          passed: true,
          message: findings.length
            ? 'Only hedged allegations (reported speech)'
            : 'No allegations about named subjects',
          findings,
          score: best,
        };
      }
      return {
        passed: false,
        message: `Damaging allegation(s) about a named subject${hedgedOnly && !findings.some((f) => f.type === 'allegation') ? ' (hedged)' : ''}`,
        findings,
        score: best,
        details: { allegations: findings.length },
      };
    };
  },
});
