/**
 * The dashboard analytics endpoints over HTTP, with the real worker writing to ClickHouse (18.16 here):
 * a known set of validations from two API keys of one user (input and output, one blocked) gives exact
 * figures on every endpoint and filter, another tenant's data never shows, bad parameters are 400s.
 */
import { randomUUID } from 'node:crypto';
import { createApiKey, createUser } from '@parapet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { startTestWorker } from './worker-harness.ts';

let api: TestApi;
let worker: { close(): Promise<void> };

interface Tenant {
  userId: string;
  keys: { key: string; id: string }[];
}

async function tenantWithKeys(n: number): Promise<Tenant> {
  const user = await createUser(api.db, `dash-${randomUUID()}`);
  const keys: Tenant['keys'] = [];
  for (let i = 0; i < n; i++) {
    const { key, record } = await createApiKey(api.db, user.id, {
      name: `k${i}`,
      ...(api.config.keyPepper ? { pepper: api.config.keyPepper } : {}),
    });
    keys.push({ key, id: record.id });
  }
  return { userId: user.id, keys };
}

const PROFILE = {
  name: 'dashboard-test',
  description: 'blocks "forbidden" on input, warns on "secret" on output',
  inputGuardrails: [
    { name: 'InputSize', config: { maxChars: 10_000 } },
    { name: 'BanSubstrings', config: { substrings: ['forbidden'], action: 'block' } },
  ],
  outputGuardrails: [{ name: 'BanSubstrings', config: { substrings: ['secret'], action: 'warn' } }],
  toolGuardrails: [],
};

async function validate(key: string, text: string, validationType: 'input' | 'output'): Promise<boolean> {
  const res = await api.request('/api/validate', {
    method: 'POST',
    key,
    json: { text, profileName: PROFILE.name, validationType },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.passed;
}

async function poll<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let me: Tenant;
let other: Tenant;
let window: string;
const get = (path: string, key: string) => api.request(path, { key });

beforeAll(async () => {
  api = await startTestApi({ analyticsFlushMs: 50 });
  worker = await startTestWorker(api.config);
  me = await tenantWithKeys(2);
  other = await tenantWithKeys(1);
  for (const t of [me, other]) {
    const res = await api.request('/api/profiles', { method: 'POST', key: t.keys[0]!.key, json: PROFILE });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const from = new Date(Date.now() - 60_000).toISOString();
  const [a, b] = me.keys;
  // Key A: three clean inputs and one blocked input. Key B: two outputs failing a warn guardrail, one clean.
  for (let i = 0; i < 3; i++) expect(await validate(a!.key, `hello there ${i}`, 'input')).toBe(true);
  expect(await validate(a!.key, 'this is forbidden', 'input')).toBe(false);
  for (let i = 0; i < 2; i++) expect(await validate(b!.key, `a secret ${i}`, 'output')).toBe(true);
  expect(await validate(b!.key, 'all fine', 'output')).toBe(true);
  // The other tenant: a blocked input and a failing output that must never show up in ours.
  expect(await validate(other.keys[0]!.key, 'forbidden here', 'input')).toBe(false);
  expect(await validate(other.keys[0]!.key, 'secret here', 'output')).toBe(true);
  const to = new Date(Date.now() + 60_000).toISOString();
  window = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  for (const [t, n] of [
    [me, 7],
    [other, 2],
  ] as const) {
    const s = await poll(
      () => get(`/api/analytics/summary?${window}`, t.keys[0]!.key),
      (r) => r.body?.total >= n,
    );
    expect(s.body.total).toBe(n);
  }
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
});

describe('GET /api/analytics/summary with filters', () => {
  it('gives exact figures per filter, for the caller only', async () => {
    const key = me.keys[0]!.key;
    const s = await get(`/api/analytics/summary?${window}`, key);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ total: 7, passed: 6, blocked: 1 });
    expect(s.body.passRate).toBeCloseTo(6 / 7, 10);
    expect(s.body.guardrails).toEqual([
      { guardrail: 'BanSubstrings', runs: 7, failures: 3, blocks: 1 },
      { guardrail: 'InputSize', runs: 4, failures: 0, blocks: 0 },
    ]);
    const cases: Array<[string, number, number]> = [
      ['validationType=input', 4, 1],
      ['validationType=output', 3, 0],
      ['validationType=tool', 0, 0],
      ['source=sync', 7, 1],
      ['source=batch', 0, 0],
      [`apiKeyId=${me.keys[0]!.id}`, 4, 1],
      [`apiKeyId=${me.keys[1]!.id.toUpperCase()}`, 3, 0],
      [`apiKeyId=${me.keys[0]!.id}&validationType=output`, 0, 0],
      // Another tenant's key id filters to nothing, never to their data.
      [`apiKeyId=${other.keys[0]!.id}`, 0, 0],
      ['profile=default', 0, 0],
    ];
    for (const [filter, total, blocked] of cases) {
      const r = await get(`/api/analytics/summary?${window}&${filter}`, key);
      expect(r.status, filter).toBe(200);
      expect([r.body.total, r.body.blocked], filter).toEqual([total, blocked]);
    }
    // Either key of a user sees the user's data.
    expect((await get(`/api/analytics/summary?${window}`, me.keys[1]!.key)).body.total).toBe(7);
  });
});

describe('GET /api/analytics/timeseries', () => {
  it('returns every bucket of the window, exact counts, empty buckets as zeros', async () => {
    const key = me.keys[0]!.key;
    const r = await get(`/api/analytics/timeseries?${window}&interval=minute`, key);
    expect(r.status).toBe(200);
    expect(r.body.interval).toBe('minute');
    const buckets = r.body.buckets as Array<{
      start: string;
      total: number;
      passed: number;
      blocked: number;
      latencyMs: { p50: number | null; p95: number | null; p99: number | null };
    }>;
    // ~2 minutes of window: 2 or 3 minute buckets, contiguous.
    expect(buckets.length).toBeGreaterThanOrEqual(2);
    expect(buckets.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < buckets.length; i++)
      expect(Date.parse(buckets[i]!.start) - Date.parse(buckets[i - 1]!.start)).toBe(60_000);
    const sum = (f: 'total' | 'passed' | 'blocked') => buckets.reduce((n, b) => n + b[f], 0);
    expect([sum('total'), sum('passed'), sum('blocked')]).toEqual([7, 6, 1]);
    for (const b of buckets) {
      if (b.total === 0) expect(b.latencyMs).toEqual({ p50: null, p95: null, p99: null });
      else {
        expect(b.latencyMs.p50).toBeGreaterThan(0);
        expect(b.latencyMs.p99).toBeGreaterThanOrEqual(b.latencyMs.p50!);
      }
    }
    expect(buckets.some((b) => b.total === 0)).toBe(true); // the window's last minute is in the future

    const daily = await get(`/api/analytics/timeseries?${window}&interval=day&validationType=input`, key);
    expect(daily.status).toBe(200);
    const d = daily.body.buckets as Array<{ start: string; total: number; blocked: number }>;
    expect(d.every((b) => b.start.endsWith('T00:00:00.000Z'))).toBe(true);
    expect(d.reduce((n, b) => n + b.total, 0)).toBe(4);
    expect(d.reduce((n, b) => n + b.blocked, 0)).toBe(1);

    const otherSeries = await get(`/api/analytics/timeseries?${window}&interval=hour`, other.keys[0]!.key);
    expect(otherSeries.body.buckets.reduce((n: number, b: { total: number }) => n + b.total, 0)).toBe(2);
  });

  it('defaults to hourly buckets over the last 24 hours', async () => {
    const r = await get('/api/analytics/timeseries', me.keys[0]!.key);
    expect(r.status).toBe(200);
    expect(r.body.interval).toBe('hour');
    expect(r.body.buckets.length).toBeGreaterThanOrEqual(24);
    expect(r.body.buckets.length).toBeLessThanOrEqual(25);
    expect(r.body.buckets.reduce((n: number, b: { total: number }) => n + b.total, 0)).toBe(7);
  });
});

describe('GET /api/analytics/guardrails', () => {
  it('reports runs, failures, blocks, block rate, durations and finding types per guardrail', async () => {
    const r = await get(`/api/analytics/guardrails?${window}`, me.keys[0]!.key);
    expect(r.status).toBe(200);
    expect(r.body.guardrails).toEqual([
      {
        guardrail: 'BanSubstrings',
        runs: 7,
        failures: 3,
        blocks: 1,
        blockRate: 1 / 7,
        meanDurationMs: expect.any(Number),
        p95DurationMs: expect.any(Number),
        topFindingTypes: [{ type: 'banned_substring', count: 3 }],
      },
      {
        guardrail: 'InputSize',
        runs: 4,
        failures: 0,
        blocks: 0,
        blockRate: 0,
        meanDurationMs: expect.any(Number),
        p95DurationMs: expect.any(Number),
        topFindingTypes: [],
      },
    ]);
    for (const g of r.body.guardrails) {
      expect(g.meanDurationMs).toBeGreaterThanOrEqual(0);
      expect(g.p95DurationMs).toBeGreaterThanOrEqual(0);
    }
    const out = await get(`/api/analytics/guardrails?${window}&validationType=output`, me.keys[0]!.key);
    expect(out.body.guardrails).toEqual([
      expect.objectContaining({
        guardrail: 'BanSubstrings',
        runs: 3,
        failures: 2,
        blocks: 0,
        blockRate: 0,
        topFindingTypes: [{ type: 'banned_substring', count: 2 }],
      }),
    ]);
    const byKey = await get(
      `/api/analytics/guardrails?${window}&apiKeyId=${me.keys[0]!.id}`,
      me.keys[1]!.key,
    );
    expect(
      byKey.body.guardrails.map((g: { guardrail: string; runs: number }) => [g.guardrail, g.runs]),
    ).toEqual([
      ['BanSubstrings', 4],
      ['InputSize', 4],
    ]);
    const theirs = await get(`/api/analytics/guardrails?${window}`, other.keys[0]!.key);
    expect(theirs.body.guardrails).toEqual([
      expect.objectContaining({
        guardrail: 'BanSubstrings',
        runs: 2,
        failures: 2,
        blocks: 1,
        blockRate: 0.5,
      }),
      expect.objectContaining({ guardrail: 'InputSize', runs: 1, failures: 0 }),
    ]);
  });
});

describe('GET /api/analytics/usage', () => {
  it('reports each of the caller’s keys per UTC day, and only the caller’s keys', async () => {
    const r = await get(`/api/analytics/usage?${window}`, me.keys[0]!.key);
    expect(r.status).toBe(200);
    expect(r.body.truncated).toBe(false);
    const rows = r.body.usage as Array<{
      apiKeyId: string;
      day: string;
      total: number;
      passed: number;
      blocked: number;
    }>;
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const row of rows) expect([today, yesterday]).toContain(row.day);
    // Summed over days (the window may straddle UTC midnight), per key.
    const perKey = new Map<string, [number, number, number]>();
    for (const row of rows) {
      const [t, p, b] = perKey.get(row.apiKeyId) ?? [0, 0, 0];
      perKey.set(row.apiKeyId, [t + row.total, p + row.passed, b + row.blocked]);
    }
    expect(Object.fromEntries(perKey)).toEqual({
      [me.keys[0]!.id]: [4, 3, 1],
      [me.keys[1]!.id]: [3, 3, 0],
    });

    const onlyB = await get(`/api/analytics/usage?${window}&apiKeyId=${me.keys[1]!.id}`, me.keys[0]!.key);
    expect(onlyB.body.usage.every((u: { apiKeyId: string }) => u.apiKeyId === me.keys[1]!.id)).toBe(true);
    expect(onlyB.body.usage.reduce((n: number, u: { total: number }) => n + u.total, 0)).toBe(3);

    const theirs = await get(`/api/analytics/usage?${window}`, other.keys[0]!.key);
    expect(theirs.body.usage.map((u: { apiKeyId: string }) => u.apiKeyId)).toEqual(
      theirs.body.usage.map(() => other.keys[0]!.id),
    );
    expect(theirs.body.usage.reduce((n: number, u: { total: number }) => n + u.total, 0)).toBe(2);
    const snoop = await get(`/api/analytics/usage?${window}&apiKeyId=${me.keys[0]!.id}`, other.keys[0]!.key);
    expect(snoop.body.usage).toEqual([]);
  });
});

describe('parameter validation', () => {
  const longAgo = encodeURIComponent('2020-01-01T00:00:00Z');
  const recent = encodeURIComponent('2021-03-01T00:00:00Z');
  const eightDays = `from=${encodeURIComponent('2030-01-01T00:00:00Z')}&to=${encodeURIComponent('2030-01-09T00:00:00Z')}`;
  const common: Array<[string, string]> = [
    ['extra=1', 'extra'],
    ['from=yesterday', 'from'],
    ['to=2024-13-01T00:00:00Z', 'to'],
    [`from=${recent}&to=${longAgo}`, 'from'],
    [`from=${longAgo}&to=${recent}`, 'from'], // > 400 days
    ['apiKeyId=not-a-uuid', 'apiKeyId'],
    ["apiKeyId=' OR 1=1 --", 'apiKeyId'],
    ['from=2024-01-01T00:00:00Z&from=2024-01-02T00:00:00Z', 'from'],
  ];
  const filters: Array<[string, string]> = [
    ['validationType=chat', 'validationType'],
    ['source=stream', 'source'],
    ['profile=', 'profile'],
  ];
  const cases: Array<[string, Array<[string, string]>]> = [
    ['/api/analytics/summary', [...common, ...filters, ['interval=hour', 'interval']]],
    [
      '/api/analytics/timeseries',
      [...common, ...filters, ['interval=week', 'interval'], [`interval=minute&${eightDays}`, 'interval']],
    ],
    ['/api/analytics/guardrails', [...common, ...filters]],
    // usage takes only from, to and apiKeyId
    [
      '/api/analytics/usage',
      [...common, ['source=sync', 'source'], ['validationType=input', 'validationType']],
    ],
  ];

  it('answers 400 naming the field, on every endpoint', async () => {
    const key = me.keys[0]!.key;
    for (const [path, list] of cases) {
      for (const [q, field] of list) {
        const res = await get(`${path}?${q}`, key);
        expect(res.status, `${path}?${q}`).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(
          res.body.error.details.map((d: { path: string }) => d.path),
          `${path}?${q}`,
        ).toContain(field);
      }
    }
  });

  it('accepts the bounds themselves: 7 days of minutes, 400 days', async () => {
    const key = me.keys[0]!.key;
    const to = Date.UTC(2030, 0, 1, 0, 0, 30);
    const q = (days: number) =>
      `from=${encodeURIComponent(new Date(to - days * 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;
    const minutes = await get(`/api/analytics/timeseries?interval=minute&${q(7)}`, key);
    expect(minutes.status).toBe(200);
    expect(minutes.body.buckets).toHaveLength(7 * 1440 + 1);
    expect((await get(`/api/analytics/timeseries?interval=day&${q(400)}`, key)).body.buckets).toHaveLength(
      401,
    );
    for (const path of ['summary', 'guardrails', 'usage'])
      expect((await get(`/api/analytics/${path}?${q(400)}`, key)).status, path).toBe(200);
  });

  it('requires a key', async () => {
    for (const path of ['summary', 'timeseries', 'guardrails', 'usage'])
      expect((await api.request(`/api/analytics/${path}`)).status).toBe(401);
  });
});
