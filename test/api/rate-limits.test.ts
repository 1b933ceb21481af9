import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createApiKey } from '@parapet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { spawnApi } from './processes.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ userRateLimitPerMinute: 5 });
});
afterAll(async () => api?.close());

const listWith = (key: string, url = api.url) =>
  fetch(`${url}/api/profiles`, { headers: { authorization: `Bearer ${key}` } });

describe('rate limits', () => {
  it('limits a key to its own per-minute allowance, with Retry-After and RateLimit headers', async () => {
    const tenant = await api.newTenant();
    const { key } = await createApiKey(api.db, tenant.userId, { name: 'limited', perMinute: 3 });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await listWith(key);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit-limit')).toBe('3');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    const body = (await last!.json()) as { error: { code: string } };
    expect(body.error.code).toBe('rate_limited');
  });

  it('limits a user across all of their keys', async () => {
    const tenant = await api.newTenant(); // user limit in this server: 5 per minute
    const second = await createApiKey(api.db, tenant.userId, { name: 'second' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await listWith(i % 2 ? second.key : tenant.key)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses[5]).toBe(429);
  });

  it('counts a request once even though several windows apply', async () => {
    const tenant = await api.newTenant();
    const { key } = await createApiKey(api.db, tenant.userId, { name: 'both', perMinute: 10, perDay: 10 });
    const res = await listWith(key);
    expect(res.headers.get('ratelimit-remaining')).toBe('4'); // the user window (5) is the tightest after one request
    expect(res.headers.get('ratelimit-policy')).toContain('10;w=60');
  });
});

describe('rate limits across API processes', () => {
  let replicas: Array<{ url: string; child: ChildProcess }> = [];
  beforeAll(async () => {
    replicas = await Promise.all([
      spawnApi({ RATE_LIMIT_PER_MINUTE: '10' }),
      spawnApi({ RATE_LIMIT_PER_MINUTE: '10' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    for (const r of replicas) r.child.kill('SIGTERM');
    await Promise.all(replicas.map((r) => once(r.child, 'exit')));
  });

  it('enforces one global limit, not one per process', async () => {
    const tenant = await api.newTenant();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await listWith(tenant.key, replicas[i % 2]!.url)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });
});
