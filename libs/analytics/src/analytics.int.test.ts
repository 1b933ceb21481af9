import { randomUUID } from 'node:crypto';
import type { ExecutionRecord } from '@parapet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalyticsClient, createAnalyticsClient } from './client.ts';
import { migrateClickHouse } from './migrate.ts';
import { dropExpiredPartitions } from './retention.ts';
import { guardrailStats, timeseries, usage } from './series.ts';
import { quoteString } from './sql.ts';
import { summary } from './summary.ts';
import { insertExecutions } from './writer.ts';

const url = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:18123';
const database = process.env.CLICKHOUSE_DATABASE ?? 'parapet_test';

let client: AnalyticsClient;

beforeAll(async () => {
  await migrateClickHouse(url, database);
  client = createAnalyticsClient({ url, database });
});
afterAll(async () => {
  await client?.close();
});

const BASE_TS = Date.UTC(2030, 0, 15, 12, 0, 0);

function record(userId: string, i: number, overrides: Partial<ExecutionRecord> = {}): ExecutionRecord {
  const blocked = i % 4 === 0; // 25 % blocked by secrets
  return {
    id: `${userId}-req-${i}`,
    ts: BASE_TS + i * 1000,
    userId,
    apiKeyId: 'key-1',
    profileId: 'default',
    profileVersion: 1,
    validationType: 'input',
    source: 'sync',
    passed: !blocked,
    blockedBy: blocked ? 'secrets' : null,
    latencyMs: i, // 1..100
    textLength: 1024,
    results: [
      {
        guardrail: 'pii',
        passed: i % 10 !== 0,
        action: 'warn',
        severity: 'low',
        durationMs: 0.1,
        findingTypes: i % 10 === 0 ? ['EMAIL'] : [],
      },
      ...(blocked
        ? [
            {
              guardrail: 'secrets',
              passed: false,
              action: 'block' as const,
              severity: 'high' as const,
              durationMs: 0.2,
              findingTypes: ['aws-access-token'],
            },
          ]
        : [
            {
              guardrail: 'secrets',
              passed: true,
              action: 'block' as const,
              severity: 'high' as const,
              durationMs: 0.2,
              findingTypes: [],
            },
          ]),
    ],
    ...overrides,
  };
}

const window = { from: new Date(BASE_TS), to: new Date(BASE_TS + 3600_000) };

describe('executions table', () => {
  it('summarises a known set of records exactly', async () => {
    const userId = randomUUID();
    const records = Array.from({ length: 100 }, (_, k) => record(userId, k + 1));
    await insertExecutions(client, records);
    // Records of another user and outside the window must not count.
    await insertExecutions(client, [
      record(randomUUID(), 1),
      record(userId, 500, { id: `${userId}-late`, ts: BASE_TS + 7200_000 }),
    ]);

    const s = await summary(client, { userId, ...window });
    expect(s.total).toBe(100);
    expect(s.blocked).toBe(25);
    expect(s.passed).toBe(75);
    expect(s.passRate).toBeCloseTo(0.75, 10);
    expect(s.latencyMs.p50).toBeCloseTo(50.5, 0);
    expect(s.latencyMs.p95).toBeCloseTo(95, 0);
    expect(s.latencyMs.p99).toBeCloseTo(99, 0);
    expect(s.guardrails).toEqual([
      { guardrail: 'pii', runs: 100, failures: 10, blocks: 0 },
      { guardrail: 'secrets', runs: 100, failures: 25, blocks: 25 },
    ]);
    expect(s.from).toBe(window.from.toISOString());
  });

  it('counts a retried insert once', async () => {
    const userId = randomUUID();
    const records = Array.from({ length: 40 }, (_, k) => record(userId, k + 1));
    await insertExecutions(client, records);
    await insertExecutions(client, records); // a retried job
    await insertExecutions(client, records.slice(0, 10)); // a partially overlapping retry
    const s = await summary(client, { userId, ...window });
    expect(s.total).toBe(40);
    expect(s.blocked).toBe(10);
    expect(s.guardrails.find((g) => g.guardrail === 'secrets')).toEqual({
      guardrail: 'secrets',
      runs: 40,
      failures: 10,
      blocks: 10,
    });
  });

  it('filters by profile id and validation type', async () => {
    const userId = randomUUID();
    await insertExecutions(client, [
      record(userId, 1, { profileId: 'a' }),
      record(userId, 2, { profileId: 'b', validationType: 'output' }),
      record(userId, 3, { profileId: 'b' }),
    ]);
    expect((await summary(client, { userId, ...window, profileId: 'b' })).total).toBe(2);
    expect(
      (await summary(client, { userId, ...window, profileId: 'b', validationType: 'output' })).total,
    ).toBe(1);
    expect((await summary(client, { userId, ...window, profileId: 'c' })).total).toBe(0);
  });

  it('round-trips hostile profile ids as filters and matches nothing else', async () => {
    const userId = randomUUID();
    const hostile = [
      "' OR 1=1 --",
      "quo'te\\'s\\\\ and \\",
      "x') OR ('1'='1",
      'nul\0 new\nline\ttab\r',
      'ünïcødé 😀 中文',
      "\\' UNION ALL SELECT 1 --",
    ];
    await insertExecutions(client, [
      ...hostile.map((profileId, i) => record(userId, i + 1, { profileId })),
      record(userId, 50, { profileId: 'plain' }),
    ]);
    for (const profileId of hostile) {
      const s = await summary(client, { userId, ...window, profileId });
      expect(s.total, JSON.stringify(profileId)).toBe(1);
    }
    // The server decodes the literal back to the exact string.
    for (const value of hostile) {
      const rs = await client.query({ query: `SELECT ${quoteString(value)} AS v`, format: 'JSONEachRow' });
      expect((await rs.json<{ v: string }>())[0]!.v).toBe(value);
    }
    expect((await summary(client, { userId, ...window })).total).toBe(hostile.length + 1);
  });

  it('answers an empty window with zeros and nulls', async () => {
    const s = await summary(client, { userId: randomUUID(), ...window });
    expect(s).toMatchObject({
      total: 0,
      passed: 0,
      blocked: 0,
      passRate: null,
      latencyMs: { p50: null, p95: null, p99: null },
      guardrails: [],
    });
  });

  it('rejects a user id that is not a uuid before reaching the server', async () => {
    await expect(summary(client, { userId: "' OR 1=1 --", ...window })).rejects.toThrow(RangeError);
  });

  it('reports a time series, per-guardrail statistics and per-key usage, deduplicated', async () => {
    const userId = randomUUID();
    const keyA = randomUUID();
    const keyB = randomUUID();
    // 100 records one second apart from BASE_TS: minute buckets hold 60 and 40.
    const records = Array.from({ length: 100 }, (_, k) =>
      record(userId, k, { apiKeyId: k < 30 ? keyA : keyB, latencyMs: k < 60 ? 10 : 20 }),
    );
    await insertExecutions(client, records);
    await insertExecutions(client, records.slice(0, 50)); // unmerged duplicates
    const w = { from: new Date(BASE_TS), to: new Date(BASE_TS + 180_000) };
    const series = await timeseries(client, { userId, ...w, interval: 'minute' });
    expect(series.buckets).toEqual([
      {
        start: new Date(BASE_TS).toISOString(),
        total: 60,
        passed: 45,
        blocked: 15,
        latencyMs: { p50: 10, p95: 10, p99: 10 },
      },
      {
        start: new Date(BASE_TS + 60_000).toISOString(),
        total: 40,
        passed: 30,
        blocked: 10,
        latencyMs: { p50: 20, p95: 20, p99: 20 },
      },
      // Empty buckets are returned, with zeros and null percentiles.
      {
        start: new Date(BASE_TS + 120_000).toISOString(),
        total: 0,
        passed: 0,
        blocked: 0,
        latencyMs: { p50: null, p95: null, p99: null },
      },
    ]);
    const hourly = await timeseries(client, { userId, ...w, apiKeyId: keyA, interval: 'hour' });
    expect(hourly.buckets.map((b) => [b.start, b.total])).toEqual([[new Date(BASE_TS).toISOString(), 30]]);

    const g = await guardrailStats(client, { userId, ...w });
    // record(): pii fails (warn, EMAIL) when k % 10 === 0; secrets blocks (aws-access-token) when k % 4 === 0.
    expect(g.guardrails).toEqual([
      {
        guardrail: 'pii',
        runs: 100,
        failures: 10,
        blocks: 0,
        blockRate: 0,
        meanDurationMs: expect.closeTo(0.1, 6),
        p95DurationMs: expect.closeTo(0.1, 6),
        topFindingTypes: [{ type: 'EMAIL', count: 10 }],
      },
      {
        guardrail: 'secrets',
        runs: 100,
        failures: 25,
        blocks: 25,
        blockRate: 0.25,
        meanDurationMs: expect.closeTo(0.2, 6),
        p95DurationMs: expect.closeTo(0.2, 6),
        topFindingTypes: [{ type: 'aws-access-token', count: 25 }],
      },
    ]);
    const onlyB = await guardrailStats(client, { userId, ...w, apiKeyId: keyB, source: 'sync' });
    expect(onlyB.guardrails.map((x) => [x.guardrail, x.runs])).toEqual([
      ['pii', 70],
      ['secrets', 70],
    ]);
    expect((await guardrailStats(client, { userId, ...w, source: 'batch' })).guardrails).toEqual([]);

    const day = new Date(BASE_TS).toISOString().slice(0, 10);
    const u = await usage(client, { userId, ...w });
    expect(u.truncated).toBe(false);
    expect(u.usage).toEqual(
      [
        { apiKeyId: keyA, day, total: 30, passed: 22, blocked: 8 },
        { apiKeyId: keyB, day, total: 70, passed: 53, blocked: 17 },
      ].sort((x, y) => x.apiKeyId.localeCompare(y.apiKeyId)),
    );
  });

  it('reports finding types per guardrail, most frequent first, at most five', async () => {
    const userId = randomUUID();
    const types = ['t1', 't2', 't3', 't4', 't5', 't6'];
    // Record k carries types t1..t(6-k%6): t1 in every record, t6 in one of six.
    const records = Array.from({ length: 12 }, (_, k) =>
      record(userId, k + 1, {
        results: [
          {
            guardrail: "we'ird\\name",
            passed: false,
            action: 'warn',
            severity: 'low',
            durationMs: k,
            findingTypes: types.slice(0, 6 - (k % 6)),
          },
        ],
      }),
    );
    await insertExecutions(client, records);
    const g = await guardrailStats(client, { userId, ...window });
    expect(g.guardrails).toHaveLength(1);
    expect(g.guardrails[0]).toMatchObject({
      guardrail: "we'ird\\name",
      runs: 12,
      failures: 12,
      blocks: 0,
      blockRate: 0,
      meanDurationMs: 5.5,
      topFindingTypes: [
        { type: 't1', count: 12 },
        { type: 't2', count: 10 },
        { type: 't3', count: 8 },
        { type: 't4', count: 6 },
        { type: 't5', count: 4 },
      ],
    });
  });

  it('filters by source and API key, and rejects a key id that is not a uuid', async () => {
    const userId = randomUUID();
    const key = randomUUID();
    await insertExecutions(client, [
      record(userId, 1, { source: 'batch', apiKeyId: key }),
      record(userId, 2, { source: 'sync', apiKeyId: key }),
      record(userId, 3, { source: 'sync', apiKeyId: randomUUID() }),
    ]);
    expect((await summary(client, { userId, ...window, source: 'batch' })).total).toBe(1);
    expect((await summary(client, { userId, ...window, source: 'sync' })).total).toBe(2);
    expect((await summary(client, { userId, ...window, apiKeyId: key })).total).toBe(2);
    expect((await summary(client, { userId, ...window, apiKeyId: key, source: 'sync' })).total).toBe(1);
    await expect(summary(client, { userId, ...window, apiKeyId: "' OR 1=1 --" })).rejects.toThrow(RangeError);
  });

  it('drops whole daily partitions past retention, and only those', async () => {
    const userId = randomUUID();
    const old = Date.UTC(2001, 0, 1, 12);
    await insertExecutions(client, [record(userId, 1, { ts: old }), record(userId, 2)]);
    // "now" in 2001 so that only this test's ancient partition can be past retention: the test
    // database is shared with other suites' current data.
    const dropped = await dropExpiredPartitions(client, 90, new Date(Date.UTC(2001, 5, 1)));
    expect(dropped).toEqual(['20010101']);
    expect(
      (await summary(client, { userId, from: new Date(old - 86_400_000), to: new Date(old + 86_400_000) }))
        .total,
    ).toBe(0);
    expect((await summary(client, { userId, ...window })).total).toBe(1);
  });

  it('migrations are idempotent', async () => {
    expect((await migrateClickHouse(url, database)).applied).toEqual([]);
  });
});
