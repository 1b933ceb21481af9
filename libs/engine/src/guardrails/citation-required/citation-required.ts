import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import {
  CLAIM_PATTERNS,
  claimTypes,
  countCitations,
  hasCitation,
  sentences,
} from '../../detectors/text-stats/sentences.ts';

export const citationRequired = defineGuardrail({
  name: 'CitationRequired',
  stages: ['output'],
  category: 'output-safety',
  description:
    'Finds factual and statistical claims (percentages, "studies show", founding dates, superlatives …) in output that carries no citation ([1], (Author, 2020), URLs, DOIs, "Source:"). Opinions ("I think …") are not claims. With `perClaim`, every claim sentence must carry its own citation.',
  defaultSeverity: 'low',
  config: {
    minClaims: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(1)
      .describe('How many uncited claims it takes to fail.'),
    minCitations: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(1)
      .describe('Citations the output needs when it makes claims.'),
    perClaim: z
      .boolean()
      .default(false)
      .describe(
        'Require a citation in (or right after) each claim sentence instead of anywhere in the output.',
      ),
  },
  example: { minClaims: 1, minCitations: 1, perClaim: true, severity: 'medium' },
  create(config) {
    return ({ text }) => {
      // Cheap whole-text prefilter before splitting into sentences.
      if (!CLAIM_PATTERNS.some((p) => p.re.test(text)))
        return { passed: true, message: 'No factual claims needing citations' };
      const sents = sentences(text);
      const claims = sents
        .map((s, i) => ({ s, i, types: claimTypes(s.text) }))
        .filter((c) => c.types.length > 0);
      if (claims.length === 0) return { passed: true, message: 'No factual claims needing citations' };
      const citations = countCitations(text);
      const cited = (i: number) => {
        const here = sents[i]?.text ?? '';
        const next = sents[i + 1]?.text ?? '';
        return hasCitation(here) || /^\s*(?:\[\^?\d|\(|source)/i.test(next);
      };
      const uncited = config.perClaim
        ? claims.filter((c) => !cited(c.i))
        : citations >= config.minCitations
          ? []
          : claims;
      if (uncited.length < config.minClaims) {
        return {
          passed: true,
          message: `${claims.length} claim(s), ${citations} citation(s)`,
          details: { claims: claims.length, citations },
        };
      }
      const findings: Finding[] = uncited.slice(0, 50).map((c) => ({
        type: c.types[0] ?? 'claim',
        start: c.s.start,
        end: c.s.end,
        preview: excerpt(text, c.s.start, c.s.end),
      }));
      return {
        passed: false,
        message: `${uncited.length} factual claim(s) without a citation (${citations} citation(s), ${config.minCitations} required)`,
        findings,
        details: { claims: claims.length, uncited: uncited.length, citations },
      };
    };
  },
});
