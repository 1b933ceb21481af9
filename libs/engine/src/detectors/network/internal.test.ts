import { describe, expect, it } from 'vitest';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import {
  HOSTNAME,
  HOSTNAME_RUN,
  IPV4,
  IPV6_INTERNAL,
  LOCALHOST_PORT,
  matchAll,
  matchesAtDots,
  privateIPv4Kind,
  URL_RE,
} from './internal.ts';

describe('network recognisers', () => {
  it('classifies private, loopback and link-local IPv4', () => {
    expect(privateIPv4Kind('10.0.0.12')).toBe('private_ip');
    expect(privateIPv4Kind('172.20.1.1')).toBe('private_ip');
    expect(privateIPv4Kind('172.32.1.1')).toBeUndefined();
    expect(privateIPv4Kind('127.0.0.1')).toBe('loopback_ip');
    expect(privateIPv4Kind('169.254.169.254')).toBe('link_local_ip');
    expect(privateIPv4Kind('8.8.8.8')).toBeUndefined();
    expect(privateIPv4Kind('10.0.0.256')).toBeUndefined();
  });
  it('finds hostnames and IPs at token boundaries only', () => {
    expect(matchAll(HOSTNAME, 'see db1.prod.internal now').map((m) => m.value)).toEqual([
      'db1.prod.internal',
    ]);
    expect(matchAll(IPV4, 'version 10.2 and 1.2.3.4.5 and 10.0.0.1.').map((m) => m.value)).toEqual([
      '10.0.0.1',
    ]);
  });
  it('uses only linear-time patterns', async () => {
    for (const re of [HOSTNAME, IPV4, IPV6_INTERNAL, URL_RE, LOCALHOST_PORT])
      expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});

describe('matchesAtDots', () => {
  it('gives what matchAll gives for HOSTNAME', () => {
    const texts = [
      'see api.internal and x.y.z.corp, _a.b.com, -ab.cd.ef, a..b.com, ..x.io.',
      `${'a'.repeat(70)}.com and ${'b'.repeat(63)}.net foo.bar.baz.qux.example.org. 1.2.3.4 v1.2`,
      'no dots at all',
      '.leading.dot mail@host.example.com trailing.',
    ];
    for (const text of texts) {
      const expected = [...text.matchAll(HOSTNAME)].map((m) => [m.index, m[0]]);
      expect(matchesAtDots(text, HOSTNAME, HOSTNAME_RUN).map((m) => [m.index, m[0]])).toEqual(expected);
    }
  });
});
