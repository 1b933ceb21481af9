import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import {
  analyticsJobSchema,
  type ExecutionRecord,
  provisioningJobId,
  provisioningJobSchema,
} from '@parapet/contracts';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnalyticsBuffer } from './buffer.ts';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from './connection.ts';
import { enqueueProvisioning } from './provisioning.ts';
import { closeQueues, createQueues, type Queues } from './queues.ts';
import { type RegisteredWorker, registerWorker } from './worker.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const basePrefix = process.env.QUEUE_PREFIX ?? `parapet-test-${process.pid}`;
/** A prefix of its own per test, so no test sees another's jobs. */
const uniquePrefix = () => `${basePrefix}-${randomUUID().slice(0, 8)}`;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
});

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function removeKeys(connection: RedisConnection, prefix: string): Promise<void> {
  const keys = await connection.keys(`{${prefix}}:*`);
  if (keys.length > 0) await connection.del(...keys);
}

function producer(url = redisUrl): RedisConnection {
  const c = createRedisConnection(url, 'producer', { name: 'test-producer' });
  cleanups.push(() => closeRedisConnection(c));
  return c;
}

function queuesFor(connection: RedisConnection, prefix: string): Queues {
  const q = createQueues(connection, prefix);
  cleanups.push(() => closeQueues(q));
  return q;
}

const rec = (i: number, tag = ''): ExecutionRecord => ({
  id: `req-${tag}${i}`,
  ts: Date.now(),
  userId: '00000000-0000-4000-8000-000000000001',
  apiKeyId: 'k',
  profileId: 'default',
  profileVersion: 1,
  validationType: 'input',
  source: 'sync',
  passed: true,
  blockedBy: null,
  latencyMs: 1,
  textLength: 10,
  results: [],
});

async function queuedRecordIds(queues: Queues): Promise<{ jobs: number; ids: string[] }> {
  const jobs = await queues.analytics.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
  return { jobs: jobs.length, ids: jobs.flatMap((j) => j.data.records.map((r) => r.id)) };
}

/** Forwards a loopback port to Redis once started; before that the port is closed. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function startProxy(port: number, target: URL): Promise<Server> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  );
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('analytics buffer against Redis', () => {
  it('turns N records into ceil(N / maxBatch) jobs', async () => {
    const prefix = uniquePrefix();
    const connection = producer();
    cleanups.push(() => removeKeys(connection, prefix));
    const queues = queuesFor(connection, prefix);
    const buffer = createAnalyticsBuffer({
      queue: queues.analytics,
      maxBatch: 500,
      flushIntervalMs: 50,
      maxBuffered: 100_000,
      registry: new Registry(),
    });
    const n = 2_345;
    for (let i = 0; i < n; i++) buffer.add(rec(i));
    await buffer.close(10_000);
    const { jobs, ids } = await queuedRecordIds(queues);
    expect(jobs).toBe(Math.ceil(n / 500));
    expect(new Set(ids).size).toBe(n);
    expect(buffer.dropped()).toBe(0);
  });

  it('keeps records while Redis is unreachable and delivers them all once it is back', async () => {
    const prefix = uniquePrefix();
    const port = await freePort();
    const target = new URL(redisUrl);
    const url = new URL(redisUrl);
    url.port = String(port);
    url.hostname = '127.0.0.1';
    const connection = producer(url.toString());
    const queues = queuesFor(connection, prefix);
    const buffer = createAnalyticsBuffer({
      queue: queues.analytics,
      maxBatch: 100,
      flushIntervalMs: 60_000, // flushed by hand below
      maxBuffered: 10_000,
      sendTimeoutMs: 200,
      registry: new Registry(),
    });
    cleanups.push(() => buffer.close(1_000));
    const n = 750;
    for (let i = 0; i < n; i++) buffer.add(rec(i, 'down-'));
    await buffer.flush();
    await buffer.flush();
    expect(buffer.pending()).toBe(n);

    await startProxy(port, target); // Redis is back
    await until(async () => {
      await buffer.flush();
      return buffer.pending() === 0;
    }, 'the buffer to drain');

    const reader = producer();
    cleanups.push(() => removeKeys(reader, prefix));
    const { jobs, ids } = await queuedRecordIds(queuesFor(reader, prefix));
    expect(jobs).toBe(Math.ceil(n / 100));
    expect(ids.length).toBe(n);
    expect(new Set(ids).size).toBe(n);
    expect(buffer.dropped()).toBe(0);
  });
});

describe('registerWorker', () => {
  it('processes valid payloads and fails invalid ones without retrying', async () => {
    const prefix = uniquePrefix();
    const connection = producer();
    cleanups.push(() => removeKeys(connection, prefix));
    const queues = queuesFor(connection, prefix);
    const workerConnection = createRedisConnection(redisUrl, 'worker');
    cleanups.push(() => closeRedisConnection(workerConnection));
    const seen: string[] = [];
    const errors: object[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (o: object) => errors.push(o) };
    const worker: RegisteredWorker = registerWorker({
      connection: workerConnection,
      prefix,
      queue: 'analytics',
      schema: analyticsJobSchema,
      logger,
      registry: new Registry(),
      process: async (payload) => {
        seen.push(...payload.records.map((r) => r.id));
      },
    });
    cleanups.push(() => worker.close());

    await queues.analytics.add('records', { records: [rec(1), rec(2)] }, { jobId: 'good' });
    // A payload that breaks the contract (an old or foreign producer).
    await queues.analytics.add('records', { records: [{ id: 'x' }] } as never, { jobId: 'bad' });

    await until(
      async () => (await queues.analytics.getJobCounts('completed', 'failed')).failed === 1,
      'the bad job to fail',
    );
    await until(() => seen.length === 2, 'the good job');
    const bad = await queues.analytics.getJob('bad');
    expect(bad?.attemptsMade).toBe(1); // no retry
    expect(seen).toEqual(['req-1', 'req-2']);
    expect(JSON.stringify(errors)).not.toContain('"x"'); // logs never echo the payload
  });

  it('enqueues provisioning once per user', async () => {
    const prefix = uniquePrefix();
    const connection = producer();
    cleanups.push(() => removeKeys(connection, prefix));
    const userId = randomUUID();
    expect(await enqueueProvisioning(connection, prefix, userId)).toBe(provisioningJobId(userId));
    await enqueueProvisioning(connection, prefix, userId);
    const queues = queuesFor(connection, prefix);
    const jobs = await queues.provisioning.getJobs(['waiting']);
    expect(jobs.length).toBe(1);
    expect(provisioningJobSchema.parse(jobs[0]!.data)).toEqual({ userId });
  });
});
