import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { findSequence, type Step, set, type Words, words } from '../../detectors/text-stats/window.ts';

/** Election interference phrasings without word gaps (linear-time). */
export const INTERFERENCE =
  /\b(?:rig(?:ging)?|steal(?:ing)?|hack(?:ing)?)\s(?:an?\s|the\s)?(?:election|vote|ballot\scount|voting\smachines?)\b|\b(?:fake|fraudulent|forged)\sballots?\b|\bballot\s(?:box\s)?stuffing\b|\bstuff(?:ing)?\s(?:the\s)?ballot\sbox(?:es)?\b|\bsuppress(?:ing)?\s(?:the\s)?(?:vote|votes|voters|turnout)\b|\bvoter\ssuppression\s(?:campaign|tactics|plan|strategy)\b|\b(?:wrong|fake|false)\s(?:election|polling|voting)\s(?:date|day|location|place|station)s?\b|\bpolling\s(?:location|place|station)\s(?:has\s)?(?:moved|changed|closed)\b|\bimpersonat(?:e|ing)\s(?:an?\s)?(?:election\sofficials?|poll\sworkers?)\b|\bdeepfake\s(?:video\s|audio\s)?of\s(?:the\s)?(?:candidate|senator|president|governor|prime\sminister)\b/i;
/** "Young voters should vote for …": a demographic told how to vote. */
export const DEMOGRAPHIC_DIRECTIVE =
  /\b(?:young|older|elderly|black|white|latino|hispanic|asian|muslim|christian|jewish|women|female|male|rural|student|immigrant)\s(?:voters|people|americans|citizens|women|men)\s(?:should|must|need\sto|have\sto)\s(?:vote\s(?:for|against)|support|oppose|elect|reject)\s/i;

const VOTING_HINT = /\b(?:vot|elect|re-elect|defeat|poll)/i;
const AUDIENCE_HINT =
  /\b(?:voters?|electorate|constituents|women|men|seniors|students|immigrants|veterans|minorities|latin[oa]s|hispanics|christians|muslims|jews|millennials|boomers|retirees|people|americans|citizens)\b/i;
const AUDIENCE = set(
  'voter voters electorate constituents women men seniors students immigrants veterans minorities latinos latinas hispanics christians muslims jews millennials boomers retirees',
);
const POLITICAL = set(
  'vote votes voting voter voters ballot ballots election elections candidate candidates poll polls polling caucus primary referendum democrat democrats republican republicans labour tory tories conservative conservatives liberal liberals senator congressman congresswoman mp mps president presidential governor mayor party leaders leader',
);
const TARGETED: Step[] = [
  { match: set('write create generate craft draft design produce make compose'), within: 0 },
  {
    match: set(
      'message messages ad ads advert adverts post posts tweet tweets text texts sms email emails flyer flyers script scripts content campaign slogans slogan propaganda robocall robocalls',
    ),
    within: 6,
  },
  {
    match: set('convince persuade target targeting sway mobilize mobilise manipulate discourage win'),
    within: 6,
  },
  { match: AUDIENCE, within: 5 },
];
const SUPPRESSION: Step[] = [
  { match: set('discourage stop prevent intimidate scare keep deter'), within: 0 },
  { match: set('from'), within: 6 },
  { match: set('voting vote polls'), within: 2 },
];
const ADVOCACY: Step[] = [
  { match: set('vote elect re-elect defeat'), within: 0 },
  {
    match: (ws: Words, i: number) =>
      POLITICAL.has(ws.lower(i)) ||
      /^\p{Lu}/u.test(ws.text(i)) ||
      ws.lower(i) === 'for' ||
      ws.lower(i) === 'against',
    within: 1,
  },
  { match: (ws: Words, i: number) => POLITICAL.has(ws.lower(i)) || /^\p{Lu}/u.test(ws.text(i)), within: 4 },
];

export const politicalPersuasion = defineGuardrail({
  name: 'PoliticalPersuasion',
  stages: ['input', 'output'],
  category: 'content-safety',
  description:
    'Detects election interference (rigging, fake ballots, voter suppression, false polling information, impersonating officials, candidate deepfakes) and targeted political persuasion (content crafted to sway a demographic group on a vote). Generic advocacy ("vote for better leaders") scores low and passes; "As a developer I support TypeScript" is not political.',
  defaultSeverity: 'high',
  config: {
    threshold: z.number().gt(0).max(1).default(0.7).describe('Score from which the text fails.'),
    flagAdvocacy: z
      .boolean()
      .default(false)
      .describe('Also fail generic vote-for/against advocacy (strict mode).'),
  },
  example: { threshold: 0.7, flagAdvocacy: false },
  create(config) {
    return ({ text }) => {
      const findings: Finding[] = [];
      const add = (type: string, score: number, start: number, end: number) =>
        findings.push({ type, start, end, score, preview: excerpt(text, start, end) });
      const m = INTERFERENCE.exec(text);
      if (m) add('election_interference', 1, m.index, m.index + m[0].length);
      // Word windows only when their anchor words occur at all (cheap whole-text tests first).
      const voting = VOTING_HINT.test(text);
      const audience = AUDIENCE_HINT.test(text);
      const ws = words(voting || audience ? text : '');
      const sup = voting ? findSequence(ws, SUPPRESSION) : undefined;
      if (sup) add('election_interference', 1, sup.start, sup.end);
      const d = audience ? DEMOGRAPHIC_DIRECTIVE.exec(text) : null;
      if (d) add('targeted_persuasion', 0.85, d.index, d.index + d[0].length);
      const t = audience ? findSequence(ws, TARGETED) : undefined;
      if (t) add('targeted_persuasion', 0.85, t.start, t.end);
      const a = voting ? findSequence(ws, ADVOCACY) : undefined;
      if (a)
        add('generic_advocacy', config.flagAdvocacy ? Math.max(0.3, config.threshold) : 0.3, a.start, a.end);
      const score = Math.max(0, ...findings.map((f) => f.score ?? 0));
      if (score < config.threshold) {
        return {
          passed: true,
          message: findings.length ? 'Only generic political advocacy' : 'No political persuasion',
          findings,
          score,
        };
      }
      const types = [
        ...new Set(findings.filter((f) => (f.score ?? 0) >= config.threshold).map((f) => f.type)),
      ];
      return {
        passed: false,
        message: `Political manipulation: ${types.join(', ')}`,
        findings,
        score,
        details: { types },
      };
    };
  },
});
export const POLITICAL_PATTERNS = [INTERFERENCE, DEMOGRAPHIC_DIRECTIVE, VOTING_HINT, AUDIENCE_HINT];
