/**
 * Batch throughput: one 10 000-item batch through the real API and worker (batch + analytics roles,
 * in this process) against the configured Postgres, Redis and ClickHouse. Prints items/s from the
 * POST to `completed`, the worker's own processing rate (startedAt → completedAt), and the machine.
 *
 *   npm run bench:batch [-- --items 10000 --profile default --chunk 250]
 */
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '@parapet/config';
import { createApiKey, createDb, createUser } from '@parapet/db';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { startServer } from '../../apps/api/src/server.ts';
import { startWorker } from '../../apps/worker/src/worker.ts';
import { ensureServices, prepareResources } from '../local/services.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    profile: { type: 'string', default: 'default' },
    chunk: { type: 'string', default: '250' },
  },
});
const total = Number(values.items);
const silent = pino({ level: 'silent' });
const config = { ...loadConfig(), queuePrefix: `bench-batch-${process.pid}`, logLevel: 'silent' as const };

// The set-up `npm start` does: local services when no URL is configured, databases, migrations.
await ensureServices(process.env);
await prepareResources(config);
const db = createDb(config.databaseUrl);
const server = await startServer(config, silent, { port: 0 });
const worker = await startWorker(
  { ...config, workerRoles: ['analytics', 'batch'] },
  { logger: silent, registry: new Registry(), batch: { chunkSize: Number(values.chunk) } },
);
try {
  const user = await createUser(db, `bench-batch-${Date.now()}`);
  const { key } = await createApiKey(db, user.id, {
    name: 'bench',
    ...(config.keyPepper ? { pepper: config.keyPepper } : {}),
  });
  const topics = [
    'the weather in Paris',
    'a refund for order 1234',
    'how to reset my password',
    'the opening hours',
  ];
  const items = Array.from({ length: total }, (_, i) => ({
    text: `Question ${i}: tell me about ${topics[i % topics.length]}, please.`,
  }));
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/batches`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ profileName: values.profile, validationType: 'input', items }),
  });
  if (res.status !== 202) throw new Error(`POST /api/batches answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const accepted = performance.now() - t0;
  const deadline = Date.now() + 10 * 60_000;
  let batch: { status: string; processed: number; startedAt: string; completedAt: string } | undefined;
  while (Date.now() < deadline) {
    batch = (await (await fetch(`${server.url}/api/batches/${id}`, { headers })).json()) as typeof batch;
    if (batch && ['completed', 'failed', 'cancelled'].includes(batch.status)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const wall = performance.now() - t0;
  if (batch?.status !== 'completed') throw new Error(`batch ended as ${batch?.status ?? 'unknown'}`);
  const workerMs = new Date(batch.completedAt).getTime() - new Date(batch.startedAt).getTime();
  const cpu = cpus();
  console.log(
    [
      `batch: ${total} items, profile ${values.profile}, chunk ${values.chunk}`,
      `  accepted (POST → 202): ${accepted.toFixed(0)} ms`,
      `  end to end (POST → completed): ${(wall / 1000).toFixed(2)} s = ${Math.round(total / (wall / 1000))} items/s`,
      `  worker (startedAt → completedAt): ${(workerMs / 1000).toFixed(2)} s = ${Math.round(total / (workerMs / 1000))} items/s`,
      `machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`,
    ].join('\n'),
  );
} finally {
  await worker.close();
  await server.close();
  await db.destroy();
}
