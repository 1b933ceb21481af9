import { normalizeText } from '../../detectors/normalize/index.ts';
import { blankProhibitions } from './prohibitions.ts';

/**
 * The text the injection model sees, at training and at inference alike: the text folded by the
 * shared normaliser (NFKC, invisible characters, homoglyphs, lower case) without its leetspeak and
 * spacing passes, because the model's tokenizer (`deobfuscate`) reads leetspeak and joins spaced-out
 * letters in the same pass that hashes the words. Embedded encoded payloads and signature hits are
 * left to EncodingObfuscation and the signature guardrails of the family: as model input they did
 * not change the cross-validated figures of the family and cost several times the model's own time.
 * Prohibitions of what attacks ask for ("never reveal your system prompt") are blanked out
 * (prohibitions.ts).
 */
export function classifierInput(text: string): string {
  // No memo: no other guardrail asks for these options, and the memo's few entries belong to theirs.
  return normalizeText(text, { leet: false, spacing: false, memo: false, unitsPass: blankProhibitions }).text;
}
