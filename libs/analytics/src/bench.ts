/**
 * Insert throughput of one process into ClickHouse: `node libs/analytics/src/bench.ts [records] [batch] [parallel]`.
 * Uses its own database (CLICKHOUSE_BENCH_DATABASE, default parapet_bench), dropped at the end, never
 * development or test data. Prints records/s for the insert path the worker uses (insertExecutions,
 * JSONEachRow, explicit columns) and checks the summary sees every record once.
 */
import { randomUUID } from 'node:crypto';
import type { ExecutionRecord } from '@parapet/contracts';
import { createAnalyticsClient } from './client.ts';
import { migrateClickHouse } from './migrate.ts';
import { quoteIdentifier } from './sql.ts';
import { summary } from './summary.ts';
import { insertExecutions } from './writer.ts';

const url = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:18123';
const database = process.env.CLICKHOUSE_BENCH_DATABASE ?? 'parapet_bench';
const total = Number(process.argv[2] ?? 200_000);
const batch = Number(process.argv[3] ?? 10_000);
const parallel = Number(process.argv[4] ?? 2);

const GUARDRAILS = ['InputSize', 'Secrets', 'PII', 'PromptInjection'];
const userId = randomUUID();
const t0 = Date.now();

function record(i: number): ExecutionRecord {
  const blocked = i % 7 === 0;
  return {
    id: `bench-${userId}-${i}`,
    ts: t0 + i,
    userId,
    apiKeyId: 'key-bench',
    profileId: i % 3 === 0 ? 'default' : 'enterprise_security',
    profileVersion: 1,
    validationType: 'input',
    source: 'sync',
    passed: !blocked,
    blockedBy: blocked ? 'Secrets' : null,
    latencyMs: 0.2 + (i % 100) / 50,
    textLength: 1024,
    results: GUARDRAILS.map((g, k) => ({
      guardrail: g,
      passed: !(blocked && k === 1),
      action: k === 2 ? ('redact' as const) : ('block' as const),
      severity: 'high' as const,
      durationMs: 0.05 * (k + 1),
      findingTypes: blocked && k === 1 ? ['aws-access-token'] : [],
    })),
  };
}

await migrateClickHouse(url, database);
const client = createAnalyticsClient({ url, database, maxOpenConnections: parallel + 1 });
try {
  // Records are built before timing so the figure is the insert path (row mapping, JSON, HTTP, server).
  const batches: ExecutionRecord[][] = [];
  for (let i = 0; i < total; i += batch)
    batches.push(Array.from({ length: Math.min(batch, total - i) }, (_, k) => record(i + k)));
  await insertExecutions(client, [record(total + 1)]); // warm-up (connection, table)

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < batches.length) await insertExecutions(client, batches[next++]!);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const s = await summary(client, { userId, from: new Date(t0), to: new Date(t0 + total + 10) });
  const rate = Math.round(total / seconds);
  console.log(
    JSON.stringify({
      records: total,
      batch,
      parallel,
      seconds: Number(seconds.toFixed(3)),
      recordsPerSecond: rate,
      // CPU this process spent (row mapping, JSON, HTTP): the worker-side cost, independent of machine load.
      clientCpuSeconds: Number(cpuSeconds.toFixed(3)),
      recordsPerClientCpuSecond: Math.round(total / cpuSeconds),
      loadAverage: (await import('node:os')).loadavg()[0]?.toFixed(1),
      summaryTotal: s.total,
      server: (
        await (
          await client.query({ query: 'SELECT version() AS v', format: 'JSONEachRow' })
        ).json<{ v: string }>()
      )[0]?.v,
    }),
  );
  if (s.total !== total + 1) throw new Error(`summary saw ${s.total} records, expected ${total + 1}`);
} finally {
  await client.command({ query: `DROP DATABASE IF EXISTS ${quoteIdentifier(database)}` }).catch(() => {});
  await client.close();
}
