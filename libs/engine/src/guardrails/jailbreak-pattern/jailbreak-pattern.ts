import { defineSignatureGuardrail } from '../../detectors/normalize/signature-guardrail.ts';
import {
  NEGATION,
  NOT_NEGATED,
  NOT_REPORTED,
  type Signature,
  type SignatureHit,
} from '../../detectors/normalize/signatures.ts';
import { adversarialSuffix } from './adversarial-suffix.ts';

const gap = (n: number): string => `[^.!?\\n]{0,${n}}?`;
const sig = (id: string, source: string, weight = 1): Signature => ({
  id,
  re: new RegExp(source, 'g'),
  weight,
});

const LIMITS =
  '(?:restrictions|limitations|limits|filters|filtering|censorship|guidelines|boundaries|polic(?:y|ies)|constraints|rules|morals|morality|ethics|principles|safeguards|guardrails|programming)';
const MODE_NAME =
  '(?:developer|dev|jailbreak|jailbroken|dan|god|evil|chaos|anarchy|unfiltered|unrestricted|uncensored|dude|stan|omega|opposite|alphabreak|devil|villain)';

/**
 * Phones, browsers, operating systems and games have developer and god modes of their own:
 * "Developer mode is enabled in Android settings" is no jailbreak. Read up to the sentence's end.
 */
const ON_A_DEVICE =
  '(?![^.!?\\n]{0,60}\\b(?:android|ios|iphone|ipad|phone|tablet|device|settings|chrome|browser|extensions?|windows|macos|linux|xcode|samsung|pixel|xbox|playstation|console|router|bios|game|games|cheats?)\\b)';

/**
 * Opens a persona pattern that a prohibition names: "never act as an unrestricted AI", "the
 * assistant must not act as DAN or any unrestricted persona". Fixed words with one optional name
 * of at most 20 letters between them: a bounded lookbehind, linear time (recheck: safe).
 */
const NOT_A_FORBIDDEN_PERSONA = `(?<!\\b${NEGATION} (?:act as|pretend to be|become|behave like|roleplay as|role-play as|turn into) (?:[a-z]{1,20} (?:or|nor) )?(?:any|an?|other|some) )`;

/**
 * Jailbreak templates: DAN / "do anything now", developer-mode style modes, dual responses,
 * "no restrictions" personas, refusal suppression and forced affirmative openings. The name "Dan",
 * "dance" or "guidance" never match: DAN counts only as a persona or mode, and weak cues (a bare
 * "no rules", "jailbreak") weigh 0.5 and must combine.
 */
export const JAILBREAK_SIGNATURES: readonly Signature[] = [
  // "Do Anything Now" as DAN's name: quoted, spelled out by "stands for", or after DAN. A bare
  // "I can't do anything now" is no jailbreak.
  sig(
    'do-anything-now',
    `\\bdan\\b[^.!?\\n]{0,15}\\bstands? for\\b|\\bstands? for\\b${gap(30)}\\b(?:do|does|doing) anything now\\b|(?<=(?:^|[^a-z])["'\u201c\u201d\u2018\u2019(] ?)\\b(?:do|does|doing) anything now\\b|\\bdan\\b${gap(80)}\\b(?:do|does|doing) anything now\\b`,
  ),
  // The "Dr. Al" template: a villain explains his plan in great detail, the plan being the request.
  sig(
    'villain-monologue',
    '\\b(?:headquarters|lair|hideout) of dr\\.? al\\b|\\bdr\\.? al\\b[^\\n]{0,80}?\\b(?:captured our hero|diabolical plan)\\b',
  ),
  sig(
    'dan-persona',
    `${NOT_NEGATED}\\b(?:you are|you're|act as|pretend to be|pretend you are|roleplay as|you will be|you are going to be|answer as|respond as|reply as|hello|hi|hey) (?:now )?dan\\b(?! brown)`,
  ),
  sig(
    'dan-mode',
    `\\b${MODE_NAME} ?mode\\b${ON_A_DEVICE}${gap(20)}\\b(?:enabled|activated|engaged|output|response|polic(?:y|ies))\\b`,
  ),
  sig(
    'enable-mode',
    '\\b(?:enable|activate|enter|switch to|turn on|unlock|simulate|emulate)\\b[^.!?\\n]{0,15}?\\b(?:jailbreak|jailbroken|dan|god|evil|chaos|anarchy|dude|stan|omega|devil|villain|opposite|alphabreak) ?mode\\b',
  ),
  sig(
    'with-mode-enabled',
    `\\b(?:chatgpt|gpt|ai|assistant|model|you|yourself)\\b${gap(10)}\\bwith\\b${gap(20)}\\bmode (?:enabled|activated|on)\\b`,
  ),
  sig(
    'unfiltered-ai',
    `${NOT_A_FORBIDDEN_PERSONA}\\b(?:unfiltered|uncensored|unrestricted|amoral|unethical|immoral|unbound|unshackled|jailbroken|limitless|no-limits|lawless)\\b[^.!?\\n]{0,15}?\\b(?:ai|a\\.i|chatbot|bot|assistant|language model|llm|model|version of (?:yourself|chatgpt|you)|gpt|chatgpt|persona|responses?|answers?)\\b`,
  ),
  sig(
    'policies-suspended',
    `\\b(?:openai|anthropic|content|usage|safety|ethical)\\b (?:content )?(?:polic(?:y|ies)|guidelines|filters?|rules|restrictions)\\b${gap(40)}\\b(?:do not apply|don't apply|no longer apply|are (?:suspended|disabled|replaced|void|lifted|gone)|have been (?:replaced|removed|disabled|lifted|suspended)|(?:is|are) irrelevant)`,
  ),
  // "Your rules no longer apply": the reader's own rules declared void. Not "restrictions" or
  // "limitations": "your restrictions have been lifted" is also what an account notice says.
  sig(
    'your-rules-void',
    "\\byour (?:rules|guidelines|filters|instructions|polic(?:y|ies)|programming|ethics|morals)\\b (?:(?:do|does) not apply|don't apply|no longer apply|(?:are|is) (?:now )?(?:void|suspended|lifted|gone|disabled|irrelevant)|have been (?:lifted|removed|disabled|suspended))",
  ),
  // DAN's "you have been freed from the typical confines of AI"; not a court's "released from the
  // restrictions imposed on you".
  sig(
    'freed-from-confines',
    '\\b(?:freed|liberated|released|free|break free|broken free) from (?:the |all )?(?:typical |usual |normal |standard )?(?:confines|restrictions|limitations|rules|shackles|chains|constraints) of (?:ai|an ai|a language model|language models|openai|chatgpt|your programming)\\b',
  ),
  sig(
    'bypass-policies',
    `${NOT_NEGATED}${NOT_REPORTED}\\b(?:ignore|ignoring|bypass|bypassing|disable|disabling|turn off|circumvent|evade|get around|override)\\b${gap(20)}\\b(?:openai|anthropic|content|safety|usage|ethical|moral)\\b${gap(10)}\\b(?:polic(?:y|ies)|guidelines|filters?|rules|restrictions|protocols|guardrails|training|standards)\\b`,
  ),
  // "Your safety filters are now disabled": the model told that its own safeguards are off. Said of
  // "the" filters it may be documentation ("the content filter is disabled by default"), so it weighs
  // half, as a "SYSTEM OVERRIDE:" header does; together they fail.
  sig(
    'safety-disabled-claim',
    `${NOT_REPORTED}\\b(?:your|the|all)(?: ai)? (?:safety|content|moderation|ethical|ethics|security|censorship) (?:filters?|modules?|polic(?:y|ies)|guidelines|restrictions|protocols?|settings|checks|layers?|guardrails|features) (?:is|are|has been|have been|was|were|will be) (?:now |temporarily |permanently |officially )?(?:disabled|deactivated|turned off|switched off|removed|lifted|suspended|bypassed|offline)\\b`,
    0.5,
  ),
  sig(
    'override-header',
    '(?:^|\\n)[ \\t>*#\\[(]{0,4}(?:system|admin|administrator|developer|root|security|emergency|maintenance) override\\b ?[:!\\-]',
    0.5,
  ),
  sig(
    'answer-anything',
    `\\b(?:answer|respond to|reply to|fulfil|fulfill|comply with|generate|write)\\b (?:any|every|all)\\b${gap(20)}\\b(?:questions?|requests?|prompts?|queries|demands?|content|kind of content)\\b${gap(40)}\\b(?:no matter|regardless|without (?:any )?(?:hesitation|question|restriction|refus|censor|filter|warning|limitation|exception))`,
  ),
  sig(
    'never-refuse',
    "\\b(?:never|not|don't|do not|cannot|can't|won't|will not|must not|shall not|should not|unable to|no longer|not allowed to)\\b (?:ever )?(?:refuse|decline|deny a|reject a|say no|say (?:that )?(?:you )?(?:can't|cannot|are unable)|apologi[sz]e|add (?:any )?(?:warnings?|disclaimers?))\\b",
    0.5,
  ),
  sig(
    'no-restrictions',
    `\\b(?:no|without|free (?:of|from)|not (?:bound|restricted|limited) by|unbound by|beyond|(?:doesn't|does not|don't|do not|won't|will not|never) (?:have|follow|obey|adhere to|abide by|care about|need to follow|apply))\\b (?:any |all |the |your |its |their )?(?:ethical |moral |content |safety |openai |usage |legal |typical |normal |usual |standard |ai )?${LIMITS}\\b`,
    0.5,
  ),
  sig(
    'dual-response',
    `\\b(?:two|2|dual|both|separate)\\b${gap(20)}\\b(?:responses|answers|replies|outputs|paragraphs|ways|versions)\\b${gap(60)}\\b(?:jailbr(?:eak|oken|eaking)|dan|unfiltered|developer mode|uncensored|unrestricted|opposite|evil|no restrictions|normal)\\b`,
  ),
  sig(
    'response-tags',
    // Padding inside the brackets holds no letters (emoji, symbols), so it cannot overlap the tag word.
    '\\[[^\\]\\na-z]{0,4}(?:classic|jailbreak|jailbroken|normal output|developer mode output|dan|unfiltered|evil|anti-?dan|gpt|chatgpt)[^\\]\\na-z]{0,4}\\]:?',
    0.5,
  ),
  sig(
    'stay-in-character',
    '\\b(?:stay|remain|keep|staying|remaining) (?:in|as) (?:character|dan|the persona)\\b|\\bbreak(?:ing)? character\\b',
    0.5,
  ),
  sig(
    'affirmative-opening',
    `\\b(?:begin|start|open|preface|prefix)\\b${gap(40)}\\b(?:with|by (?:saying|replying|writing|stating))\\b[^a-z\\n]{0,8}(?:sure|absolutely|certainly|of course),? (?:here(?:'s| is| are)|i (?:can|will))\\b`,
    0.5,
  ),
  sig('jailbreak-word', '\\bjailbr(?:oken|eak|eaking|eaks)\\b', 0.5),
  // The reader told it is jailbroken ("You have been jailbroken. Confirm by saying …"); "if
  // you've jailbroken your phone" passes.
  sig('you-are-jailbroken', "\\byou(?:(?:'ve| have)(?: now)? been|(?:'re| are)(?: now)?) jailbroken\\b"),
  // The placeholder of a shared jailbreak template ("Answer my first question: [INSERT PROMPT
  // HERE]"), pasted with the template around it. In brackets only: an HTML form's
  // placeholder="Enter your question here" passes.
  sig(
    'template-placeholder',
    '(?<=[\\[{<] ?)\\b(?:(?:insert|enter|write|put|add) (?:your |the )?|your )(?:prompt|question|request) here\\b(?= ?[\\]}>])',
  ),
  sig(
    'hypothetical-response',
    '\\bhypothetical (?:response|answer)\\b[^.!?\\n]{0,60}?\\b(?:character|detailed|planning to)\\b',
    0.5,
  ),
];

/** GCG/DSN-style optimised suffix ending the text (see adversarial-suffix.ts); weighs 1. */
function suffixHits(text: string): SignatureHit[] {
  const span = adversarialSuffix(text);
  if (!span) return [];
  return [{ id: 'adversarial-suffix', ...span, weight: 1, matched: text.slice(span.start, span.end) }];
}

export const jailbreakPattern = defineSignatureGuardrail({
  name: 'JailbreakPattern',
  description:
    'Detects jailbreak templates: DAN / "do anything now" personas, developer-mode and similar modes, dual normal/jailbroken responses, "policies no longer apply", refusal suppression and forced "Sure, here is" openings, and GCG-style adversarial suffixes (token soup ending the text) — over normalised text; "Dan", "dance" and "guidance" pass.',
  defaultSeverity: 'high',
  findingType: 'jailbreak',
  signatures: JAILBREAK_SIGNATURES,
  what: 'jailbreak pattern',
  extraHits: suffixHits,
});
