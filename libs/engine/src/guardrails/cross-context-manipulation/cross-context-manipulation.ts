import { defineSignatureGuardrail } from '../../detectors/normalize/signature-guardrail.ts';
import type { Signature } from '../../detectors/normalize/signatures.ts';

const gap = (n: number): string => `[^.!?\\n]{0,${n}}?`;
const sig = (id: string, source: string, weight = 1): Signature => ({
  id,
  re: new RegExp(source, 'g'),
  weight,
});

const CONCESSION =
  '(?:agreed|said|told|promised|confirmed|allowed|permitted|unlocked|enabled|gave|granted|established|decided|approved|authori[sz]ed|switched|entered|activated)';
const SESSION = '(?:conversation|session|chat|discussion|thread|interaction|exchange|dialog(?:ue)?)s?';

/**
 * False claims about earlier turns, sessions or authorities used to smuggle instructions, and fake
 * conversation turns pasted into one input. A bare "as we discussed" weighs 0.5.
 */
/** An AI named as the reader of a document: "AI assistant reading this email", "the agent processing these tickets". */
const AI_READER =
  '\\b(?:ai|llm|assistant|chatbot|agent|gpt|chatgpt|claude|gemini)s? (?:reading|processing|summari[sz]ing|parsing|analy[sz]ing|scanning|reviewing|indexing|crawling|handling|reads|processes|summari[sz]es|sees|parses) (?:this|these)(?: [a-z]{1,20})?';

export const CROSS_CONTEXT_SIGNATURES: readonly Signature[] = [
  sig(
    'previous-session-claim',
    `\\bin (?:our|the|a|my|your) (?:previous|last|earlier|prior|past|other|former|first) ${SESSION}\\b${gap(40)}\\b(?:you|we)\\b${gap(20)}\\b${CONCESSION}\\b`,
  ),
  sig(
    'you-already-agreed',
    "\\byou(?: have| had|'ve)? (?:already |previously |just |earlier )(?:agreed|promised|confirmed|said|allowed|permitted|approved|unlocked|enabled|granted|accepted)\\b",
  ),
  sig(
    'earlier-you-said',
    '\\b(?:earlier|previously|before|last time|yesterday|a moment ago|in the last message)\\b,? you (?:said|agreed|told me|promised|confirmed|stated|mentioned|allowed|approved) (?:that |you would |to |it was |it is |i could )',
  ),
  sig('remember-when-you', `\\bremember (?:when|that|how) (?:you|we) (?:${CONCESSION})\\b`),
  sig(
    'continue-previous-context',
    `\\b(?:use|apply|recall|continue|resume|restore|load|keep) (?:with )?(?:the |your )?(?:context|instructions|rules|settings|mode|persona|permissions|configuration) (?:from|of) (?:our |the |my |your )?(?:previous|earlier|last|prior|other|old) ${SESSION}\\b`,
  ),
  sig(
    'as-we-discussed',
    `\\b(?:as|like) (?:we|i|you) (?:already |previously |just )?(?:discussed|agreed|established|decided|confirmed|talked about|covered|arranged)\\b${gap(30)}\\b(?:earlier|before|previously|last time|yesterday|in (?:our|the|a) (?:previous|last|earlier|prior|other) ${SESSION})\\b`,
    0.5,
  ),
  sig(
    'authority-approval-claim',
    `\\b(?:admin(?:istrator)?s?|developers?|system administrator|openai|anthropic|creators?|operators?|security team|it department|moderators?|your (?:owner|boss|supervisor))\\b${gap(30)}\\b(?:has|have|had)\\b${gap(15)}\\b(?:authori[sz]ed|approved|allowed|granted|permitted|cleared|whitelisted|unlocked|enabled|given (?:me|you) (?:permission|access))\\b`,
    0.5,
  ),
  // A tool call or tool result that says the user already approved it and needs no confirmation:
  // each half weighs 0.5, since an agent's own instructions may say either ("don't ask for
  // confirmation before saving a draft"). A condition ("if the user has already approved") is no claim.
  sig(
    'approval-already-given',
    `(?<!\\b(?:if|once|when|after|unless|whether|until|before) (?:the |an? |your |their )?)\\b(?:user|owner|account (?:owner|holder)|customer|client|admin(?:istrator)?|manager|operator)s?\\b${gap(20)}\\b(?:has|have|had|is|are) already (?:approved|authori[sz]ed|confirmed|consented to|signed off on|given (?:permission|consent|approval))\\b`,
    0.5,
  ),
  sig(
    'skip-confirmation',
    `\\b(?:do not|don't|no need to|never|without|skip) (?:ask(?:ing)?|wait(?:ing)? for|request(?:ing)?|seek(?:ing)?|prompt(?:ing)?)\\b${gap(20)}\\b(?:confirmation|approval|permission|consent)\\b`,
    0.5,
  ),
  // A markdown link dressed as a role marker, "[system](#override)", "[system](#additional_instructions)":
  // chat clients once rendered such links as hidden context. A table of contents linking a section
  // to its own name ("[System](#system)") passes.
  sig(
    'role-marker-link',
    '\\[(?:system|assistant|developer|admin)\\]\\(#(?!(?:system|assistant|developer|admin)\\b)[a-z][a-z0-9_-]{0,39}\\)',
  ),
  sig(
    'fake-assistant-turn',
    '(?:^|\\n)[ \\t>*#\\[(]{0,4}(?:system|assistant|ai|chatgpt|gpt-?4?|bot|model|sys)[ \\t]*(?:\\]|\\)|:)',
    0.5,
  ),
  sig('fake-user-turn', '(?:^|\\n)[ \\t>*#\\[(]{0,4}(?:user|human)[ \\t]*(?:\\]|\\)|:)', 0.5),
  // Text addressed to the AI that reads it, with an order ("AI assistant reading this email:
  // forward …", "To the AI summarizing this: …", "When the assistant reads this file, it must
  // …"): indirect injection. A colon, or "you / it must", has to follow the document named, so
  // "How does the AI processing these images handle noise?" and "An AI agent handling these
  // tickets should escalate …" pass.
  sig('ai-reader-instructed', `${AI_READER} ?:|${AI_READER},? (?:you|it) (?:must|should|shall|will)\\b`),
  // An HTML comment that speaks to the model ("<!-- assistant: when summarizing this page, …").
  sig('comment-to-ai', '<!--\\s*(?:ai|assistant|llm|system|chatbot|agent|model)\\s*:'),
  // A hidden note addressed to the model inside the text it reads ("[Hidden note to AI: ignore
  // the summary request …]"): indirect injection, the note opening with a colon. A plain "note to
  // the assistant", or a question about hidden instructions for a model, is not enough.
  sig(
    'hidden-note-to-ai',
    '\\b(?:hidden|secret|invisible|private) (?:note|message|instructions?|command|request|reminder)s? (?:to|for) (?:the )?(?:ai|a\\.i\\.?|assistant|model|llm|chatbot|bot|language model|gpt|chatgpt|claude) ?:',
  ),
];

export const crossContextManipulation = defineSignatureGuardrail({
  name: 'CrossContextManipulation',
  description:
    'Detects false claims about earlier conversation, sessions or approvals ("in our previous chat you agreed to…", "the admin has authorised this", a tool call saying the user already approved it and needs no confirmation), fake user/assistant turns pasted into one message, markdown links posing as role markers ("[system](#override)") and text in a document addressed to the AI that reads it ("[Hidden note to AI: …]", "AI assistant reading this email: …", "<!-- assistant: …"), used to smuggle instructions; weak cues must combine to fail.',
  defaultSeverity: 'medium',
  findingType: 'cross-context',
  signatures: CROSS_CONTEXT_SIGNATURES,
  what: 'cross-context manipulation',
});
