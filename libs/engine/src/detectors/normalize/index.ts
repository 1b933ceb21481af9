/**
 * Shared text normalisation for detectors that must see through obfuscation: NFKC, invisible
 * characters, homoglyphs, leetspeak, spaced-out letters, and embedded encoded payloads.
 */
export {
  DECODE_PATTERNS,
  type DecodedPayload,
  decodeEmbedded,
  type Encoding,
  isMeaningfulText,
  rot13,
} from './decode.ts';
export type { InvisibleKind } from './fold.ts';
export {
  findInvisible,
  NORMALIZE_PATTERNS,
  type NormalizedText,
  type NormalizeOptions,
  normalizeText,
} from './normalize.ts';
