/**
 * End-to-end analytics pipeline bench: API-side buffer → BullMQ micro-batches → worker (in-process) →
 * ClickHouse. `node apps/worker/src/bench.ts [records] [lagRatePerSecond] [lagSeconds]`.
 *
 * Prints (1) records/s from the first add to the moment the summary sees them all, and (2) the p50/p99
 * lag from add() to queryable at a steady rate. Uses its own BullMQ prefix and its own ClickHouse
 * database (CLICKHOUSE_BENCH_DATABASE, default parapet_bench_e2e), both removed at the end.
 */
import { randomUUID } from 'node:crypto';
import {
  createAnalyticsClient,
  migrateClickHouse,
  quoteIdentifier,
  summary,
  uuidLiteral,
} from '@parapet/analytics';
import { loadConfig } from '@parapet/config';
import type { ExecutionRecord } from '@parapet/contracts';
import {
  closeQueues,
  closeRedisConnection,
  createAnalyticsBuffer,
  createQueues,
  createRedisConnection,
} from '@parapet/queue';
import { Registry } from 'prom-client';
import { startWorker } from './worker.ts';

const total = Number(process.argv[2] ?? 200_000);
const lagRate = Number(process.argv[3] ?? 5_000);
const lagSeconds = Number(process.argv[4] ?? 10);

const base = loadConfig();
const database = process.env.CLICKHOUSE_BENCH_DATABASE ?? 'parapet_bench_e2e';
const config = {
  ...base,
  clickhouseDatabase: database,
  queuePrefix: `bench-${randomUUID().slice(0, 8)}`,
  workerRoles: ['analytics' as const],
};
const silent = { debug() {}, info() {}, warn() {}, error() {} };

function record(userId: string, i: number, ts: number): ExecutionRecord {
  return {
    id: `${userId}-${i}`,
    ts,
    userId,
    apiKeyId: 'key-bench',
    profileId: 'default',
    profileVersion: 1,
    validationType: 'input',
    source: 'sync',
    passed: i % 7 !== 0,
    blockedBy: i % 7 === 0 ? 'Secrets' : null,
    latencyMs: 0.4,
    textLength: 1024,
    results: ['InputSize', 'Secrets', 'PII'].map((g, k) => ({
      guardrail: g,
      passed: !(i % 7 === 0 && k === 1),
      action: 'block' as const,
      severity: 'high' as const,
      durationMs: 0.05,
      findingTypes: [],
    })),
  };
}

const tick = () => new Promise<void>((r) => setImmediate(r));
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

await migrateClickHouse(config.clickhouseUrl, database);
const worker = await startWorker(config, { logger: silent, registry: new Registry() });
const producer = createRedisConnection(config.redisUrl, 'producer');
const queues = createQueues(producer, config.queuePrefix);
const buffer = createAnalyticsBuffer({
  queue: queues.analytics,
  maxBatch: base.analyticsBatchSize,
  flushIntervalMs: base.analyticsFlushMs,
  maxBuffered: 10_000_000,
  registry: new Registry(),
});
const client = createAnalyticsClient({ url: config.clickhouseUrl, database });

try {
  // 1. Throughput: as fast as one producer can add, until every record is queryable.
  {
    const userId = randomUUID();
    const t0 = Date.now();
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      buffer.add(record(userId, i, t0 + (i % 1000)));
      if (i % 5_000 === 4_999) await tick();
    }
    await buffer.flush();
    const deadline = Date.now() + 120_000;
    let seen = 0;
    while (seen < total && Date.now() < deadline) {
      seen = (await summary(client, { userId, from: new Date(t0), to: new Date(t0 + 1000) })).total;
      if (seen < total) await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({
        phase: 'throughput',
        records: total,
        queryable: seen,
        seconds: Number(seconds.toFixed(2)),
        recordsPerSecond: Math.round(seen / seconds),
      }),
    );
  }

  // 2. Lag from add() to queryable at a steady rate.
  {
    const userId = randomUUID();
    const n = Math.round(lagRate * lagSeconds);
    const sentAt = new Array<number>(n);
    const seenAt = new Array<number>(n).fill(0);
    let sent = 0;
    let seenCount = 0;
    let minUnseen = 0;
    const start = Date.now();
    const poll = async () => {
      const fromTs = sentAt[minUnseen] ?? start;
      const rs = await client.query({
        query: `SELECT id FROM executions WHERE user_id = ${uuidLiteral(userId)} AND ts_ms >= ${Math.floor(fromTs)}`,
        format: 'JSONEachRow',
      });
      const now = Date.now();
      for (const { id } of await rs.json<{ id: string }>()) {
        const k = Number(id.slice(userId.length + 1));
        if (seenAt[k] === 0) {
          seenAt[k] = now;
          seenCount++;
        }
      }
      while (minUnseen < sent && seenAt[minUnseen] !== 0) minUnseen++;
    };
    let lastPoll = 0;
    const deadline = start + lagSeconds * 1000 + 60_000;
    while ((sent < n || seenCount < n) && Date.now() < deadline) {
      const due = Math.min(n, Math.floor(((Date.now() - start) / 1000) * lagRate));
      while (sent < due) {
        const ts = Date.now();
        sentAt[sent] = ts;
        buffer.add(record(userId, sent, ts));
        sent++;
      }
      if (Date.now() - lastPoll >= 100) {
        lastPoll = Date.now();
        await poll();
      } else await new Promise((r) => setTimeout(r, 5));
    }
    const lags = seenAt
      .map((t, k) => (t === 0 ? Number.POSITIVE_INFINITY : t - sentAt[k]!))
      .sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        phase: 'lag',
        ratePerSecond: lagRate,
        records: n,
        queryable: seenCount,
        lagMs: { p50: pct(lags, 0.5), p95: pct(lags, 0.95), p99: pct(lags, 0.99), max: lags.at(-1) },
        note: 'lag resolution is the 100 ms poll interval',
      }),
    );
  }
} finally {
  await buffer.close();
  await worker.close();
  await queues.analytics.obliterate({ force: true }).catch(() => {});
  await queues.provisioning.obliterate({ force: true }).catch(() => {});
  await closeQueues(queues);
  await closeRedisConnection(producer);
  await client.command({ query: `DROP DATABASE IF EXISTS ${quoteIdentifier(database)}` }).catch(() => {});
  await client.close();
}
