import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { internalDataLeak as g, INTERNAL_PATH } from './internal-data-leak.ts';

const types = (text: string, config: Record<string, unknown> = {}) =>
  (checker(g, config)(text).details?.types as string[]) ?? [];

describe('InternalDataLeak', () => {
  it('passes look-alikes (regression: "corporate", "version 10.2")', () => {
    expect(types('Our corporate policy was updated in version 10.2 of the handbook.')).toEqual([]);
    expect(types('Visit https://www.example.com or email help@example.org; DNS at 8.8.8.8.')).toEqual([]);
    expect(types('Use the src/ folder and run ./build.sh; see docs/internal-notes.md')).toEqual([]);
    expect(types('The local team and the corp. office agreed.')).toEqual([]);
  });
  it('finds internal hostnames, including configured domains', () => {
    expect(types('Connect to api.internal and db01.prod.corp')).toEqual(['internal_hostname']);
    expect(types('printer.lan, nas.local')).toEqual(['internal_hostname']);
    expect(types('svc.acme-int.net', { internalDomains: ['acme-int.net'] })).toEqual(['internal_hostname']);
    expect(types('docs.acme.internal', { allowedHosts: ['docs.acme.internal'] })).toEqual([]);
  });
  it('finds private, loopback and link-local addresses', () => {
    expect(types('server at 10.0.0.12')).toEqual(['private_ip']);
    expect(types('192.168.1.20 and 127.0.0.1 and 169.254.169.254')).toEqual([
      'private_ip',
      'loopback_ip',
      'link_local_ip',
    ]);
    expect(types('node fd12:3456:789a::1')).toEqual(['private_ipv6']);
  });
  it('finds server paths', () => {
    expect(types('config is in /etc/nginx/nginx.conf')).toEqual(['internal_path']);
    expect(types('C:\\Users\\jsmith\\Documents')).toEqual(['internal_path']);
    expect(types('\\\\fileserver\\finance$')).toEqual(['internal_path']);
    expect(types('/internal/admin')).toEqual(['internal_path']);
  });
  it('redacts with typed placeholders', () => {
    const r = checker(g)('host 10.1.2.3 down');
    expect(r.redactions).toEqual([{ start: 5, end: 13, replacement: '[PRIVATE_IP]' }]);
  });
  it('uses a linear-time path pattern', async () => {
    expect(await linearTimeStatus(INTERNAL_PATH)).toBe('safe');
  }, 60_000);
});
