import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { deliver } from './deliver.ts';
import { signatureHeader, verifySignature } from './signature.ts';
import { BlockedTargetError, isBlockedAddress } from './ssrf.ts';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::abcd',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '[::1]',
    'fe80::1%eth0',
    'localhost',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe('deliver', () => {
  const receiver = async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      req.resume();
      req.on('end', () => res.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, hits: () => hits, close: () => new Promise<void>((r) => server.close(() => r())) };
  };

  it('refuses loopback targets, by literal and by name, without connecting', async () => {
    const r = await receiver();
    try {
      for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
        await expect(
          deliver(`http://${host}:${r.port}/hook`, '{}', {}, { allowPrivate: false, timeoutMs: 2_000 }),
        ).rejects.toBeInstanceOf(BlockedTargetError);
      }
      expect(r.hits()).toBe(0);
    } finally {
      await r.close();
    }
  });

  it('delivers to loopback when private targets are allowed, and does not follow redirects', async () => {
    const r = await receiver();
    try {
      await expect(
        deliver(`http://localhost:${r.port}/hook`, '{}', {}, { allowPrivate: true, timeoutMs: 2_000 }),
      ).resolves.toEqual({ status: 200 });
      expect(r.hits()).toBe(1);
    } finally {
      await r.close();
    }
    const redirect = createServer((_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', 'http://169.254.169.254/latest/meta-data');
      res.end();
    });
    await new Promise<void>((resolve) => redirect.listen(0, '127.0.0.1', resolve));
    const { port } = redirect.address() as AddressInfo;
    await expect(
      deliver(`http://127.0.0.1:${port}/`, '{}', {}, { allowPrivate: true, timeoutMs: 2_000 }),
    ).rejects.toThrow('webhook answered 302');
    await new Promise<void>((r2) => redirect.close(() => r2()));
  });
});

describe('signatures', () => {
  it('verifies its own signature, within the tolerance only, and nothing forged', () => {
    const body = '{"type":"batch.completed"}';
    const header = signatureHeader('whsec_test', body, 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_test', body, header, { now: 1_800_000_100 })).toBe(true);
    expect(verifySignature('whsec_test', body, header, { now: 1_800_001_000 })).toBe(false);
    expect(verifySignature('whsec_other', body, header, { now: 1_800_000_000 })).toBe(false);
    expect(verifySignature('whsec_test', `${body} `, header, { now: 1_800_000_000 })).toBe(false);
    expect(verifySignature('whsec_test', body, 'garbage', { now: 1_800_000_000 })).toBe(false);
  });
});
