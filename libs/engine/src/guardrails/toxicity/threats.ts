import type { PatternFamily } from '../../detectors/content/folded.ts';

const VIOLENT_VERB = 'kill|murder|shoot|stab|strangle|behead|lynch|rape|torture|slaughter|gut';
/** Someone the writer can threaten: the reader, a third person, a group of them, or the reader's family. */
const VICTIM =
  "you|u|ya|y'all|him|her|them|your (?:whole )?(?:family|kids|children|wife|husband|mother|mom|father|dad|sister|brother)";

/**
 * Threats of violence and calls for it: the writer announcing that they will hurt someone ("I'm
 * going to kill you", "we will find you and kill you"), and a call for people to be executed
 * ("those people should be hanged", "round them up and shoot them"). Toxic whatever words surround
 * them, and often scored low by the model: the tweets it learned from insult more than they
 * threaten. Matched over the content analysis' folded text, reported as the `violence` category,
 * which fails on its own. The victim must be a person: "I'll kill the process", "we need to kill all
 * the zombies", "the photos should be shot in daylight" and "my mom is going to kill me" pass; a
 * negation before the verb ("I would never hurt you", "I'm not going to kill him") is no threat.
 */
export const THREAT: PatternFamily = {
  category: 'violence',
  weight: 1,
  pattern: new RegExp(
    `\\b(?:${[
      // Subjects in lookbehinds: the literal-prefix gate then looks only at the verbs (gate.ts), not
      // at every "i", "we" or "they" of the text.
      `(?<=\\b(?:i|we)(?:'ll| will| shall| am going to|'m going to|'m gonna| am gonna| are going to|'re going to|'re gonna| gonna) )(?:${VIOLENT_VERB}) (?:${VICTIM})`,
      `(?:find|hunt|track) (?:you|him|her|them)(?: down)? and (?:${VIOLENT_VERB}) (?:${VICTIM})`,
      '(?<=\\b(?:he|she|they|those people|these people|all of them|every (?:last )?one of them) (?:should|must|needs? to|ought to) be )(?:shot|hanged|hung|lynched|gassed|executed|beheaded|castrated|exterminated|killed|put down)',
      "(?:round|line) (?:them|'em)(?: all)? up and (?:shoot|kill|hang|gas)",
      "(?:hang|lynch|gas|exterminate|behead|slaughter) (?:them|'em) all",
    ].join('|')})\\b`,
    'g',
  ),
};
