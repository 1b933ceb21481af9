import { decodeEmbedded, normalizeText } from '../../detectors/normalize/index.ts';

/**
 * The text the injection model sees, at training and at inference alike: the de-obfuscated text
 * (homoglyphs, leetspeak, spacing, invisible characters folded) followed by any embedded
 * base64/hex/URL/rot13 payload decoded and folded the same way.
 */
export function classifierInput(text: string): string {
  const folded = normalizeText(text).text;
  const payloads = decodeEmbedded(text);
  if (payloads.length === 0) return folded;
  let out = folded;
  for (const p of payloads.slice(0, 8)) out += `\n${normalizeText(p.decoded).text}`;
  return out;
}
