import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const SIGNATURE_HEADER = 'parapet-signature';

export function signatureHeader(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Verifies a webhook as a receiver should: the HMAC over the raw body, in constant time, and a
 * timestamp within `toleranceSeconds` of now (replays of an old delivery are refused).
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const k = part.slice(0, eq).trim();
    parts.set(k, [...(parts.get(k) ?? []), part.slice(eq + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isSafeInteger(t)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return (parts.get('v1') ?? []).some((v) => {
    const given = Buffer.from(v);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
