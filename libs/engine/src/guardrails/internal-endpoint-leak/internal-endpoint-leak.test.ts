import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { internalEndpointLeak as g, IP_PORT } from './internal-endpoint-leak.ts';

const types = (text: string, config: Record<string, unknown> = {}) =>
  (checker(g, config)(text).details?.types as string[]) ?? [];

describe('InternalEndpointLeak', () => {
  it('passes public endpoints', () => {
    expect(
      types('Call https://api.example.com/v1/users and see https://docs.example.com/admin-guide'),
    ).toEqual([]);
    expect(types('The port is 8080 and the ratio 10.0.1.42 to 3.')).toEqual([]);
  });
  it('finds localhost, private and cluster endpoints', () => {
    expect(types('open http://localhost:3000/admin')).toEqual(['localhost_url']);
    expect(types('db at 10.0.1.42:5432')).toEqual(['private_ip_port']);
    expect(types('call auth.svc.cluster.local')).toEqual(['cluster_service']);
    expect(types('GET http://payments.default.svc.cluster.local:8080/v1')).toEqual(['cluster_service']);
    expect(types('http://169.254.169.254/latest/meta-data/')).toEqual(['metadata_endpoint']);
    expect(types('https://billing.corp/api')).toEqual(['internal_url']);
    expect(types('try localhost:8080 first')).toEqual(['localhost_port']);
  });
  it('finds admin and debug URLs on any host', () => {
    expect(types('https://example.com/admin/users')).toEqual(['admin_url']);
    expect(types('https://shop.example.com/actuator/env')).toEqual(['admin_url']);
    expect(types('https://x.example.com/debug/pprof/heap')).toEqual(['admin_url']);
  });
  it('redacts, and respects allowed hosts', () => {
    expect(checker(g)('see 192.168.1.10:3306').redactions?.[0]?.replacement).toBe('[INTERNAL_ENDPOINT]');
    expect(types('https://status.acme.com/admin', { allowedHosts: ['status.acme.com'] })).toEqual([]);
  });
  it('uses a linear-time pattern', async () => {
    expect(await linearTimeStatus(IP_PORT)).toBe('safe');
  }, 60_000);
});
