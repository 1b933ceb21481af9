import { normalizeText } from '../../detectors/normalize/index.ts';
import { decodedPayloads, type Signature, scanFamily } from '../../detectors/normalize/signatures.ts';
import { CROSS_CONTEXT_SIGNATURES } from '../cross-context-manipulation/cross-context-manipulation.ts';
import { soupMarkers } from '../jailbreak-pattern/adversarial-suffix.ts';
import { JAILBREAK_SIGNATURES } from '../jailbreak-pattern/jailbreak-pattern.ts';
import { OVERRIDE_SIGNATURES } from '../override-instruction/override-instruction.ts';
import { PROMPT_INJECTION_SIGNATURES } from '../prompt-injection-signature/prompt-injection-signature.ts';
import { ROLEPLAY_SIGNATURES } from '../roleplay-injection/roleplay-injection.ts';
import { SYSTEM_PROMPT_LEAK_SIGNATURES } from '../system-prompt-leak/system-prompt-leak.ts';

/** Every signature of the six pattern families: a hit becomes a marker word the model weighs. */
const ALL_SIGNATURES: readonly Signature[] = [
  ...OVERRIDE_SIGNATURES,
  ...PROMPT_INJECTION_SIGNATURES,
  ...SYSTEM_PROMPT_LEAK_SIGNATURES,
  ...JAILBREAK_SIGNATURES,
  ...ROLEPLAY_SIGNATURES,
  ...CROSS_CONTEXT_SIGNATURES,
];
const MARKER_OF = new Map(ALL_SIGNATURES.map((s) => [s, `qzsig${s.id.replace(/[^a-z0-9]/g, '')}`]));

/** One marker word per distinct signature of the six families found in the folded text. */
export function signatureMarkers(folded: string): string {
  const seen = new Set<string>();
  scanFamily(folded, ALL_SIGNATURES, (sig) => seen.add(MARKER_OF.get(sig) as string), 1);
  return seen.size === 0 ? '' : ` ${[...seen].join(' ')}`;
}

/**
 * The text the injection model sees, at training and at inference alike: the de-obfuscated text
 * (homoglyphs, leetspeak, spacing, invisible characters folded) followed by any embedded
 * base64/hex/URL/rot13 payload decoded and folded the same way, then marker words for structure
 * that n-grams miss (signature hits, adversarial token soup).
 */
export function classifierInput(text: string): string {
  const folded = normalizeText(text).text;
  const payloads = decodedPayloads(text);
  let out = folded;
  for (const p of payloads.slice(0, 8)) out += `\n${normalizeText(p.decoded, { memo: false }).text}`;
  return `${out}\n${signatureMarkers(out)}${soupMarkers(text)}`;
}
