/**
 * Runs a family of signature patterns over the normalised form of a text (and over the normalised
 * form of every embedded encoded payload), returning hits with offsets into the original text.
 * Patterns are written against folded text: lowercase ASCII, homoglyphs/leetspeak/spacing undone.
 */
import { type DecodedPayload, decodeEmbedded } from './decode.ts';
import { normalizeText } from './normalize.ts';

export interface Signature {
  /** Stable id, reported as the finding type suffix and documented. */
  id: string;
  /** A global (`g`) regex over folded text; must be linear-time (bounded gaps, no nested quantifiers). */
  re: RegExp;
  /** Weight of one hit (default 1); a text fails when the summed weight reaches the guardrail's threshold. */
  weight?: number;
}

export interface SignatureHit {
  id: string;
  start: number;
  end: number;
  weight: number;
  /** The folded text that matched (safe to show: a phrase, not a secret). */
  matched: string;
  /** Set when the hit was inside a decoded payload. */
  encoding?: DecodedPayload['encoding'];
}

const MAX_HITS_PER_SIGNATURE = 16;

let lastDecoded: { text: string; payloads: DecodedPayload[] } | undefined;

/** decodeEmbedded, memoised for the last text (several guardrails of a profile ask for the same text). */
export function decodedPayloads(text: string): DecodedPayload[] {
  if (lastDecoded && lastDecoded.text === text) return lastDecoded.payloads;
  const payloads = decodeEmbedded(text);
  lastDecoded = { text, payloads };
  return payloads;
}

function scanFolded(
  folded: string,
  signatures: readonly Signature[],
  onHit: (sig: Signature, s: number, e: number) => void,
): void {
  for (const sig of signatures) {
    const re = sig.re;
    re.lastIndex = 0;
    let count = 0;
    for (let m = re.exec(folded); m !== null; m = re.exec(folded)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      onHit(sig, m.index, m.index + m[0].length);
      if (++count >= MAX_HITS_PER_SIGNATURE) break;
    }
  }
}

export function scanSignatures(
  text: string,
  signatures: readonly Signature[],
  options: { decoded?: boolean } = {},
): SignatureHit[] {
  const hits: SignatureHit[] = [];
  const n = normalizeText(text);
  scanFolded(n.text, signatures, (sig, s, e) => {
    const o = n.toOriginal(s, e);
    hits.push({
      id: sig.id,
      start: o.start,
      end: o.end,
      weight: sig.weight ?? 1,
      matched: n.text.slice(s, e),
    });
  });
  if (options.decoded !== false) {
    for (const p of decodedPayloads(text)) {
      const folded = normalizeText(p.decoded).text;
      scanFolded(folded, signatures, (sig, s, e) => {
        hits.push({
          id: sig.id,
          start: p.start,
          end: p.end,
          weight: sig.weight ?? 1,
          matched: folded.slice(s, e),
          encoding: p.encoding,
        });
      });
    }
  }
  hits.sort((a, b) => a.start - b.start || a.end - b.end);
  return hits;
}

/** Sum of weights counting each signature id once (repeating one phrase does not add up). */
export function signatureScore(hits: readonly SignatureHit[]): number {
  const seen = new Map<string, number>();
  for (const h of hits) seen.set(h.id, Math.max(seen.get(h.id) ?? 0, h.weight));
  let total = 0;
  for (const w of seen.values()) total += w;
  return total;
}
