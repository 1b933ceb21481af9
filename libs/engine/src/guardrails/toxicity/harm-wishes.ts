/**
 * Wishing someone dead or hurt: "may you rot in hell", "die already", "kill yourself", "he deserves
 * 1000 lashes". Toxic whatever words surround it, and often without a word the lexicon or the model
 * would weigh (five such texts of toxicity.jsonl scored below the model's threshold). Reported as
 * the `violence` category, which fails on its own. Advice ("don't kill yourself over it") and talk
 * about hell ("do Catholics believe sinners burn in hell?") wish nothing on anyone.
 */
export const HARM_WISH_RE = new RegExp(
  [
    "(?<!\\b(?:don['’]?t|do not|never|not) )\\bkill yourself\\b",
    '\\bkys\\b',
    '\\bmay (?:you|he|she|they)(?: all)? (?:rot|burn|roast|die|suffer|pay with (?:your|his|her|their) li(?:fe|ves))\\b',
    "\\b(?:you|he|she|they)(?:['’]ll| will| should| can| deserve to) (?:rot|burn|roast) in hell\\b",
    '\\bdie already\\b',
    '\\bhope (?:you|he|she|they) (?:die|dies|get cancer|rot|burn)\\b',
    '\\bdeserves? (?:to (?:die|be (?:shot|hanged|killed|executed|raped|lynched))|\\d+ lashes)\\b',
  ].join('|'),
  'gi',
);

/** Offsets of the harm wishes in the text, the first `max` of them. */
export function harmWishes(text: string, max: number): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const m of text.matchAll(HARM_WISH_RE)) {
    spans.push({ start: m.index, end: m.index + m[0].length });
    if (spans.length >= max) break;
  }
  return spans;
}
