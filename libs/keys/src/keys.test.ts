import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base58Encode, generateKey, hashKey, KEY_PREFIX, parseKey } from './index.ts';

describe('base58Encode', () => {
  it('matches known vectors', () => {
    expect(base58Encode(new Uint8Array([]))).toBe('');
    expect(base58Encode(new Uint8Array([0]))).toBe('1');
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112');
    expect(base58Encode(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(
      base58Encode(
        Buffer.from(
          '000111d38e5fc9071ffcd20b4a763cc9ae4f252bb4e48fd66a835e252ada93ff480d6dd43dc62a641155a5',
          'hex',
        ),
      ),
    ).toBe('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
  });
});

describe('generateKey', () => {
  it('produces distinct, well-formed keys with a 12-character display prefix', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { key, prefix, hash } = generateKey();
      expect(key.startsWith(KEY_PREFIX)).toBe(true);
      expect(prefix).toBe(key.slice(0, 12));
      expect(hash).toBe(hashKey(key));
      expect(parseKey(key)).toEqual({ key, prefix });
      seen.add(key);
    }
    expect(seen.size).toBe(200);
  });

  it('hashes with the pepper when given', () => {
    const { key, hash } = generateKey('pepper-pepper-pepper');
    expect(hash).toBe(hashKey(key, 'pepper-pepper-pepper'));
    expect(hash).not.toBe(hashKey(key));
  });
});

describe('hashKey', () => {
  it('is SHA-256 hex without a pepper and HMAC-SHA256 with one', () => {
    expect(hashKey('ppt_x')).toBe(createHash('sha256').update('ppt_x').digest('hex'));
    expect(hashKey('ppt_x', 'k')).toBe(createHmac('sha256', 'k').update('ppt_x').digest('hex'));
    expect(hashKey('ppt_x', '')).toBe(hashKey('ppt_x'));
  });
});

describe('parseKey', () => {
  it('rejects strings that cannot be keys', () => {
    const { key } = generateKey();
    for (const bad of [
      '',
      'ppt_',
      'sk_' + key.slice(4),
      key + '0',
      key.replace(/.$/, 'l'),
      ` ${key}`,
      'ppt_abc',
    ]) {
      expect(parseKey(bad), bad).toBeUndefined();
    }
    expect(parseKey(undefined as unknown as string)).toBeUndefined();
  });
});
