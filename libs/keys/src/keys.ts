import { createHash, createHmac, randomBytes } from 'node:crypto';
import { BASE58_ALPHABET, base58Encode } from './base58.ts';

/** Recognisable prefix of every Parapet API key (secret scanners can match on it). */
export const KEY_PREFIX = 'ppt_';
/** Length of the display prefix stored in clear and shown in listings: `ppt_` + 8 characters. */
export const KEY_DISPLAY_PREFIX_LENGTH = 12;
/** 24 random bytes = 192 bits, comfortably above the 128-bit floor. */
const RANDOM_BYTES = 24;

// 24 bytes encode to 32 or 33 base58 characters; allow a little slack for leading-zero bytes.
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[${BASE58_ALPHABET}]{30,34}$`);

export interface GeneratedKey {
  /** The plaintext key: shown to its owner once, never stored. */
  key: string;
  /** Display prefix (first 12 characters), stored in clear to identify the key in listings. */
  prefix: string;
  /** What is stored: hashKey(key, pepper). */
  hash: string;
}

export function generateKey(pepper?: string): GeneratedKey {
  const key = KEY_PREFIX + base58Encode(randomBytes(RANDOM_BYTES));
  return { key, prefix: key.slice(0, KEY_DISPLAY_PREFIX_LENGTH), hash: hashKey(key, pepper) };
}

/**
 * SHA-256 hex of the key, or HMAC-SHA256 with the server pepper when one is configured. No slow KDF:
 * keys carry ≥ 128 random bits, so brute force is already hopeless, and this runs on every request.
 */
export function hashKey(key: string, pepper?: string): string {
  return pepper
    ? createHmac('sha256', pepper).update(key).digest('hex')
    : createHash('sha256').update(key).digest('hex');
}

/**
 * Format check only (no lookup): returns the key and its display prefix, or undefined when the string
 * cannot be a Parapet key, so callers can answer 401 without hashing or querying anything.
 */
export function parseKey(key: string): { key: string; prefix: string } | undefined {
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) return undefined;
  return { key, prefix: key.slice(0, KEY_DISPLAY_PREFIX_LENGTH) };
}
