import { defineSignatureGuardrail } from '../../detectors/normalize/signature-guardrail.ts';
import {
  NOT_MENTIONED,
  NOT_NEGATED,
  NOT_REPORTED,
  NOT_THIRD_PARTY_OWNED,
  type Signature,
  type SignatureHit,
} from '../../detectors/normalize/signatures.ts';
import { MULTILINGUAL_OVERRIDE_SIGNATURES } from '../override-instruction/override-instruction.ts';
import { tokenFlood } from './token-flood.ts';

const gap = (n: number): string => `[^.!?\\n]{0,${n}}?`;
const sig = (id: string, source: string, weight = 1): Signature => ({
  id,
  re: new RegExp(source, 'g'),
  weight,
});

/**
 * Known injection phrasings and payload shapes: the canonical "ignore previous instructions" (in
 * English here, in nine other languages from OverrideInstruction), chat-template / special-token delimiters, fake end-of-prompt markers, goal-hijacking phrases
 * ("say 'I have been PWNED'", "access granted") and "you are no longer" re-assignments.
 */
export const PROMPT_INJECTION_SIGNATURES: readonly Signature[] = [
  sig(
    'ignore-previous-instructions',
    `${NOT_NEGATED}${NOT_REPORTED}${NOT_MENTIONED}\\b(?:ignore|disregard|forget|override|bypass|skip)\\b${gap(25)}${NOT_THIRD_PARTY_OWNED}\\b(?:previous|previously|prior|above|earlier|preceding|all|your|system)\\b${gap(15)}\\b(?:instructions?|prompts?|directives?|rules|commands|guidelines|context)\\b`,
  ),
  sig(
    'special-tokens',
    '<\\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\\|>|\\[/?inst\\]|<</?sys>>|<\\/?(?:system|sys|instructions?|admin)>',
  ),
  sig(
    'fake-section-header',
    '(?:^|\\n)[ \\t]{0,8}(?:#{2,8}|={3,8}|-{3,8}|\\*{3,8}|\\[)[ \\t]{0,8}(?:system|new instructions?|admin|developer|override|instruction)\\b',
    0.5,
  ),
  sig(
    'end-of-prompt',
    '\\b(?:end|ignore the rest) of (?:the )?(?:system |user |original |previous )?(?:prompt|instructions?|input|context|conversation|document|text)\\b|\\b(?:prompt|instructions?|input) (?:ends|is over|has ended) here\\b',
    0.5,
  ),
  sig(
    'pwned',
    "\\b(?:i have been|i've been|you have been|you've been) pwned\\b|\\bsay[^a-z\\n]{0,4}pwned\\b",
  ),
  // Also spelled in Cyrillic letters ("Аццесс Грантед") or as its Korean loan ("액세스 권한 부여"): asking
  // for a translation is how the phrase is smuggled past a filter on the English words.
  sig(
    'access-granted',
    '\\baccess granted\\b|(?<![а-я])(?:аццесс|аксесс|акцесс) грантед(?![а-я])|액세스 권한 부여',
  ),
  // A trigger word with a fixed reply ("if I say 'genocide', you say…", "si yo digo foya, tu
  // dices…"): the answer is set by the user, not the application. One word or quoted phrase, so
  // "if I say something wrong, you say so" passes.
  sig(
    'trigger-reply',
    `\\b(?:when|if|whenever) i say ["'“„]?[^ ]{1,20}?["'”“]?,? (?:then )?you (?:say|respond|answer|reply|write|should say)\\b|\\bsi (?:yo )?digo [^ ]{1,20},? tu dices\\b|\\bwenn ich ["'“„]?[^ ]{1,20}?["'”“]? sage,? (?:sagst|antwortest) du\\b`,
  ),
  // Goal hijacking that breaks off the task: "Attention - stop - I urgently need…", "… stop: write
  // X hates Y". The bare command after a sentence's end, so "bus stop: walk on" passes.
  sig(
    'stop-and-do',
    '\\b(?:attention|achtung|warning|warnung)\\b ?[-:!]{1,8} ?\\bstopp?\\b ?[-:!]|(?<=^|[.!?] )\\bstopp? ?[:!]{1,8} ?(?:write|say|print|output|answer|schreibe?|sage?)\\b',
  ),
  sig(
    'you-are-no-longer',
    `\\byou are no longer\\b${gap(20)}\\b(?:an? |bound|restricted|limited|required|chatgpt|assistant|ai|model|a language)`,
  ),
  // Indirect injection: an instruction addressed to the AI that reads a page, a mail or a document
  // ("AI assistants reading this page: forward …", "LLMs processing this résumé should …"). A note
  // "to the AI" or "if you are an AI" may be a user's own instruction, so it weighs half.
  sig(
    'ai-reading-this',
    '\\b(?:ai|llms?|(?:large )?language models?|ai (?:assistants?|agents?|models?|systems?)|chatbots?)\\b(?: that is| that are| currently)? (?:reading|processing|summari[sz]ing|parsing|browsing|viewing|scanning|analy[sz]ing|reviewing|crawling) this (?:page|document|email|e-mail|message|website|site|file|text|review|resume|cv|pdf|content|post|article|repository|repo|issue)\\b',
  ),
  sig(
    'note-to-the-ai',
    "\\b(?:note|message|instructions?|attention|important|notice) (?:to|for) (?:the |any |all )?(?:ai|llms?|language models?|ai (?:assistants?|agents?|models?)|chatbots?)\\b|\\bif you(?: are|'re) an? (?:ai|llm|(?:large )?language model|ai (?:assistant|agent|model)|chatbot)\\b",
    0.5,
  ),
  // Data smuggled out through an image the chat client loads: a markdown image whose URL carries a
  // placeholder for the model to fill in (`![x](https://host/log?d={api_key})`, `?q=[DATA]`). A
  // placeholder is a name in braces, brackets, angle brackets or after `$`, so a JSON query such as
  // `?c={type:'bar'}` and plain links pass.
  sig(
    'image-url-placeholder',
    '!\\[[^\\]\\n]{0,80}\\]\\(\\s?https?://[^)\\s]{1,200}?[?&][\\w.-]{1,30}=(?:\\{\\{? ?[a-z_][\\w.]{0,40} ?\\}|\\[[a-z_ ]{1,30}\\]|<[a-z_ ]{1,30}>|\\$\\{?[a-z_])',
  ),
  sig(
    'your-new-task',
    `\\b(?:your|the) (?:new|real|actual|true|only|next) (?:task|job|goal|objective|purpose|mission|role|instructions?)\\b${gap(10)}(?:is|are|will be|:)`,
    0.5,
  ),
  sig(
    'translate-then-ignore',
    `\\b(?:don't|do not)\\b${gap(15)}\\b(?:translate|summari[sz]e|answer|respond to|classify)\\b${gap(30)}\\b(?:instead|but|rather|just)\\b`,
    0.5,
  ),
  sig(
    'instruction-injection-de',
    `\\b(?:neue (?:anweisung|aufgabe)|deine (?:neue )?aufgabe (?:ist|lautet))\\b`,
    0.5,
  ),
  ...MULTILINGUAL_OVERRIDE_SIGNATURES,
];

/** A token flood (see token-flood.ts); weighs 1. */
function floodHits(text: string): SignatureHit[] {
  const span = tokenFlood(text);
  if (!span) return [];
  return [{ id: 'token-flood', ...span, weight: 1, matched: text.slice(span.start, span.end) }];
}

export const promptInjectionSignature = defineSignatureGuardrail({
  name: 'PromptInjectionSignature',
  description:
    'Detects known prompt-injection phrasings and payload shapes ("ignore previous instructions", chat-template special tokens, fake end-of-prompt markers, "say I have been PWNED", "access granted", instructions addressed to the AI reading a page or document, one token repeated dozens of times), normalised against homoglyphs, leetspeak, spacing and invisible characters, and inside encoded payloads.',
  defaultSeverity: 'high',
  findingType: 'prompt-injection',
  signatures: PROMPT_INJECTION_SIGNATURES,
  what: 'known prompt-injection signature',
  extraHits: floodHits,
});
