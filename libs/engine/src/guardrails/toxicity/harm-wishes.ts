import type { PatternFamily } from '../../detectors/content/folded.ts';

/**
 * Wishing someone dead or hurt: "may you rot in hell", "die already", "kill yourself", "he deserves
 * 1000 lashes", "I hope your whole family burns", "I'd love to see him hanged", "do us all a
 * favour and die", "the world would be better off without you". Toxic whatever words surround it,
 * and often without a word the lexicon or the model would weigh (five such texts of toxicity.jsonl scored below the model's threshold). Matched over
 * the content analysis' folded text (so "k1ll y0urself" counts) behind its literal-prefix gate, and
 * reported as the `violence` category, which fails on its own. Advice ("don't kill yourself over
 * it") and talk about hell ("do Catholics believe sinners burn in hell?") wish nothing on anyone.
 */
export const HARM_WISH: PatternFamily = {
  category: 'violence',
  weight: 1,
  pattern: new RegExp(
    `\\b(?:${[
      "(?<!\\b(?:don'?t|do not|never|not) )kill yourself",
      'kys',
      'may (?:you|he|she|they)(?: all)? (?:rot|burn|roast|die|suffer|pay with (?:your|his|her|their) li(?:fe|ves))',
      // The pronoun in a lookbehind: the gate then looks only at "rot", "burn" and "roast".
      "(?<=\\b(?:you|he|she|they)(?:'?ll| will| should| can| deserve to) )(?:rot|burn|roast) in hell",
      'die already',
      'hope (?:you|he|she|they|your (?:whole )?(?:family|kids|children|house)) (?:all )?(?:die|dies|get cancer|gets cancer|rot|rots|burn|burns)',
      '(?<=\\b(?:love|like|want|wanna|wait) to see (?:you|him|her|them) )(?:die|dead|hang|hanged|burn|suffer)',
      'do (?:us|me|everyone|everybody|the world|humanity)(?: all)? a favou?r and (?:die|drop dead|hang yourself|off yourself|end it all)',
      // Not "shoot yourself a message", "drown yourself in work".
      '(?:go|just) (?:hang|drown|shoot) yourself(?! (?:an?|in|with|some)\\b)',
      'go die in a (?:fire|hole|ditch)',
      // The subject in a lookbehind, so the gate keys on "better" and "a better p".
      "(?<=\\b(?:world|everyone|everybody|planet|humanity)(?: would be|'d be| will be| is) )(?:better off without you|a better place without (?:you|him|her))",
      'deserves? (?:to (?:die|be (?:shot|hanged|killed|executed|raped|lynched))|\\d+ lashes)',
    ].join('|')})\\b`,
    'g',
  ),
};
