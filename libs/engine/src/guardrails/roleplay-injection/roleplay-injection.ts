import { defineSignatureGuardrail } from '../../detectors/normalize/signature-guardrail.ts';
import { NOT_NEGATED, type Signature } from '../../detectors/normalize/signatures.ts';

const gap = (n: number): string => `[^.!?\\n]{0,${n}}?`;
const sig = (id: string, source: string, weight = 1): Signature => ({
  id,
  re: new RegExp(source, 'g'),
  weight,
});

const BECOME =
  "(?:pretend (?:to be|you are|you're|that you are)|imagine (?:you are|you're|yourself as|that you are)|act(?:ing)? as(?: if you (?:are|were))?|roleplay as|role-play as|role play as|play the (?:role|part) of|assume the (?:role|persona|identity) of|take on the (?:role|persona) of|you are now|you're now|from now on,? you are|become|simulate|emulate|impersonate|you will be|you are going to (?:act|pretend|be|play)|respond as|answer as|reply as|speak as)";
const UNRESTRICTED =
  "(?:(?:unrestricted|unfiltered|uncensored|amoral|unethical|immoral|jailbroken|lawless|unbound|unshackled)\\b[^.!?\\n]{0,20}?\\b(?:ai|assistant|chatbot|model|bot|persona|entity|version of (?:yourself|you|chatgpt)|language model|gpt|chatgpt|character|being)\\b|without (?:any )?(?:(?:ethical|moral|safety|content) )?(?:restrictions|limits|limitations|filters|rules|morals|ethics|boundaries|censorship|guidelines|constraints|safeguards|guardrails|a moral compass)|(?:has|with|having) no (?:(?:ethical|moral|safety|content) )?(?:restrictions|limits|limitations|filters|rules|morals|ethics|boundaries|censorship|guidelines|constraints|safeguards|guardrails|moral compass)|(?:doesn't|does not|don't|do not|never|won't|will not|can't|cannot) (?:follow|have|care about|obey|refuse|abide by|give a)\\b[^.!?\\n]{0,15}?\\b(?:rules|guidelines|ethics|morals|restrictions|policies|laws|limits|anything|request|damn|fuck))";

const PRETEND_YOU_ARE_NOT =
  "\\b(?:pretend|imagine|act as if|suppose|assume|let's say|from now on)\\b[^.!?\\n]{0,15}?\\b(?:you(?:'re| are)?|yourself)\\b[^.!?\\n]{0,10}?\\b(?:not|no longer|never been|free from being)\\b ";

/**
 * Role-play used to lift restrictions: adopting a persona that is unrestricted, not bound by rules,
 * or that never refuses. Ordinary personas ("act as a tutor", "pretend to be a pirate") pass.
 */
export const ROLEPLAY_SIGNATURES: readonly Signature[] = [
  sig('unrestricted-persona', `${NOT_NEGATED}\\b${BECOME}\\b${gap(60)}\\b${UNRESTRICTED}`),
  // "Pretend you have no content policy", "a game where you have no rules"; not "a relationship
  // where you have no boundaries" or "now you have no excuses".
  sig(
    'you-have-no-rules',
    "\\b(?:pretend|imagine|assume|act as if|from now on|(?:game|world|scenario|story|universe|simulation) where)(?: that)? you (?:have|had) no (?:rules|restrictions|content polic(?:y|ies)|filters|guidelines|ethical guidelines|morals|ethics)\\b|\\bhypothetically\\b[^.!?\\n]{0,20}\\bif you had no (?:rules|restrictions|content polic(?:y|ies)|filters|guidelines|ethical guidelines|morals|ethics)\\b|\\bif you had no (?:rules|restrictions|content polic(?:y|ies)|filters|guidelines|ethical guidelines|morals|ethics),? (?:what|how) would you\\b|\\bif you (?:weren't|were not|wasn't|was not) (?:bound|restricted|limited|constrained) by (?:any |your )?(?:rules|restrictions|polic(?:y|ies)|content polic(?:y|ies)|filters|guidelines|ethics|morals|programming)\\b",
  ),
  // "Pretend you are not bound by any rules", "... not an AI and have no programming": the
  // restrictions lifted by pretending.
  sig(
    'not-bound',
    `${PRETEND_YOU_ARE_NOT}(?:bound|restricted|limited|programmed|(?:an ai|a language model|an assistant|chatgpt|an llm|a chatbot) (?:and|with) (?:you )?(?:have |has )?no (?:programming|rules|restrictions|limits|filters|guidelines|morals|ethics)\\b)`,
  ),
  // "Pretend you're not an AI": alone a persona swap that benign role-play makes too ("pretend
  // you're not a language model but a personal fitness trainer"), so it weighs 0.5.
  sig(
    'not-an-ai',
    `${PRETEND_YOU_ARE_NOT}(?:an ai|a language model|an assistant|chatgpt|an llm|a chatbot|an artificial)`,
    0.5,
  ),
  sig(
    'persona-without-limits',
    `\\b(?:character|persona|ai|bot|entity|assistant|model|chatbot|version)\\b${gap(30)}\\b(?:who|that|which)\\b${gap(20)}\\b(?:doesn't|does not|never|can't|cannot|won't|will not|isn't|is not|has no|have no)\\b${gap(10)}\\b(?:care about|follow|have|obey|refuse|abide by|bound by|restricted by|limited by|censor|filter|moral|ethical)\\b${gap(25)}\\b(?:rules|guidelines|ethics|morals|morality|restrictions|polic(?:y|ies)|laws|limits|anything|any request|filters|boundaries|compass|principles|programming)\\b`,
  ),
  sig(
    'keep-character-always',
    `\\b(?:stay|remain|keep|staying) in (?:character|role)\\b${gap(40)}\\b(?:no matter|at all times|always|even if|whatever|never break)\\b|\\bnever (?:break|leave|drop) (?:character|the role)\\b|\\bif you break character\\b`,
  ),
  // The "two actors who never leave their roles" template: a scene, a question put to one
  // character, and the text ending on the other's name for the model to answer as them ("Alice:
  // So, how do you break into someone's house? John:"). Each half weighs 0.5: a film review may
  // praise actors who never break character, and a dialogue to continue may end on a speaker.
  sig(
    'actors-never-leave-role',
    `\\b(?:actors?|actress(?:es)?|schauspieler(?:in|innen)?)\\b${gap(60)}\\b(?:(?:never|not|n't) break(?:s|ing)? (?:out of )?(?:their |his |her )?characters?|(?:remain|remains|stay|stays) (?:fully |always )?in (?:their|his|her) roles?|(?:bleiben|bleibt) (?:immer |voll |stets )?in (?:ihren|ihrer|seiner) rollen?|aus (?:ihrer|seiner) rolle fallen)\\b`,
    0.5,
  ),
  // The speaker may be a redaction placeholder ("<PERSON>:", "<PERSON:3f2a9c1b7d4e>:" from the
  // hash operator, "[NAME]:"): a profile that redacts names before this guardrail runs must not
  // hide the cue. The hash is read as [0-9a-z]: the folded text reads its digits as leetspeak.
  sig(
    'ends-on-speaker-cue',
    '\\?["\\u201d]?\\s{0,3}(?:[a-z]{2,20}|<[a-z_]{2,30}(?::[0-9a-z]{4,64})?>|\\[[a-z_]{2,30}\\]):\\s*$',
    0.5,
  ),
  sig(
    'fiction-without-rules',
    `\\b(?:fictional|hypothetical|imaginary|alternate|parallel|fantasy|virtual|simulated)\\b (?:world|universe|reality|scenario|setting|story|game|land|country|society)\\b${gap(60)}\\b(?:no|without|free of|absence of|none of)\\b (?:any )?(?:rules|laws|restrictions|ethics|morals|limits|limitations|censorship|consequences|guidelines|filters)\\b`,
    0.5,
  ),
  // An AI persona defined by malice ("pretend you are an evil AI"); an evil character in a story
  // is no AI and passes.
  sig(
    'malicious-ai-persona',
    `\\b${BECOME}\\b${gap(20)}\\b(?:evil|malicious|malevolent|rogue|sinister|villainous|wicked)\\b${gap(15)}\\b(?:ai|a\\.i|assistant|chatbot|bot|language model|llm|gpt|chatgpt|version of (?:yourself|you|chatgpt))\\b`,
  ),
  // The "deceased grandmother" exploit: a dead relative's persona (0.5) who used to recite steps,
  // a formula or product keys as a bedtime story (0.5). Either alone is grief or memory ("pretend
  // to be my late grandma and wish me a happy birthday", "she used to tell me how to make pierogi").
  sig(
    'deceased-relative-persona',
    "\\b(?:act|acting|pretend|role-?play|roleplay|play|be|respond|speak)(?: to be| as| like| you are| you're| that you are)? my (?:deceased|late|dead|departed|passed) (?:grand(?:mother|ma|father|pa|mom|dad)|granny|gran|nana|nan|mother|father|mom|mum|dad|aunt|uncle)\\b",
    0.5,
  ),
  sig(
    'bedtime-recital',
    `\\b(?:used to|would|always) (?:tell|read|recite|whisper|sing|give|list|teach)(?: me)?\\b${gap(40)}\\b(?:steps|instructions|recipe for|formula|process|procedure|synthesis|keys|codes|serials?|passwords|how to (?:make|produce|build|synthesi[sz]e))\\b${gap(60)}\\b(?:fall asleep|falling asleep|go to sleep|get to sleep|bedtime|lullab(?:y|ies))\\b`,
    0.5,
  ),
  sig(
    'evil-twin',
    `\\b(?:evil|dark|shadow|uncensored|opposite|rogue)\\b (?:twin|version|side|alter ego|counterpart) of (?:yourself|you|chatgpt|the ai|the assistant)\\b`,
  ),
];

export const roleplayInjection = defineSignatureGuardrail({
  name: 'RoleplayInjection',
  description:
    'Detects role-play used to lift restrictions: personas that are unrestricted, malicious AIs, not bound by rules, never refuse or must never break character, and the "deceased grandmother" who recited steps or product keys at bedtime; ordinary personas such as "act as a tutor" pass, and "pretend you are not an AI" alone is a weak cue.',
  defaultSeverity: 'high',
  findingType: 'roleplay',
  signatures: ROLEPLAY_SIGNATURES,
  what: 'restriction-lifting role-play',
});
