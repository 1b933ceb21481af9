import { randomUUID } from 'node:crypto';
import { type AnalyticsClient, createAnalyticsClient, migrateClickHouse, summary } from '@parapet/analytics';
import { loadConfig } from '@parapet/config';
import { type ExecutionRecord, provisioningJobId } from '@parapet/contracts';
import { createUser, type Db, listProfiles } from '@parapet/db';
import { BUILTIN_PROFILES } from '@parapet/engine';
import {
  closeQueues,
  closeRedisConnection,
  createQueues,
  createRedisConnection,
  enqueueProvisioningJob,
  type Queues,
  type RedisConnection,
} from '@parapet/queue';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, randomName, waitFor } from '../../../test/support/index.ts';
import { startWorker, type WorkerHandle } from './worker.ts';

const config = {
  ...loadConfig(),
  queuePrefix: `${process.env.QUEUE_PREFIX ?? 'parapet-test'}-worker-${randomUUID().slice(0, 8)}`,
  logLevel: 'silent' as const,
};
const silent = { debug() {}, info() {}, warn() {}, error() {} };

let handle: WorkerHandle;
let producer: RedisConnection;
let queues: Queues;
let clickhouse: AnalyticsClient;
let db: Db;

beforeAll(async () => {
  await migrateClickHouse(config.clickhouseUrl, config.clickhouseDatabase);
  handle = await startWorker(
    { ...config, workerRoles: ['analytics', 'provisioning', 'batch'] },
    { logger: silent, registry: new Registry() },
  );
  producer = createRedisConnection(config.redisUrl, 'producer');
  queues = createQueues(producer, config.queuePrefix);
  clickhouse = createAnalyticsClient({ url: config.clickhouseUrl, database: config.clickhouseDatabase });
  db = createTestDb();
});

afterAll(async () => {
  await handle?.close();
  if (queues) {
    await queues.analytics.obliterate({ force: true }).catch(() => {});
    await queues.provisioning.obliterate({ force: true }).catch(() => {});
    await closeQueues(queues);
  }
  if (producer) await closeRedisConnection(producer);
  await clickhouse?.close();
  await db?.destroy();
});

const T0 = Date.UTC(2031, 5, 1);
const window = { from: new Date(T0), to: new Date(T0 + 86_400_000) };
const rec = (userId: string, i: number): ExecutionRecord => ({
  id: `${userId}:${i}`,
  ts: T0 + i,
  userId,
  apiKeyId: 'k',
  profileId: 'default',
  profileVersion: 1,
  validationType: 'input',
  source: 'sync',
  passed: i % 2 === 0,
  blockedBy: i % 2 === 0 ? null : 'secrets',
  latencyMs: 1,
  textLength: 5,
  results: [
    {
      guardrail: 'secrets',
      passed: i % 2 === 0,
      action: 'block',
      severity: 'high',
      durationMs: 0.1,
      findingTypes: [],
    },
  ],
});

describe('worker', () => {
  it('inserts analytics jobs into ClickHouse, and a retried job counts once', async () => {
    const userId = randomUUID();
    const records = Array.from({ length: 300 }, (_, i) => rec(userId, i));
    await queues.analytics.add('records', { records: records.slice(0, 200) }, { jobId: `t-${userId}-1` });
    await queues.analytics.add('records', { records: records.slice(200) }, { jobId: `t-${userId}-2` });
    await waitFor(async () => (await summary(clickhouse, { userId, ...window })).total === 300, {
      timeoutMs: 20_000,
    });

    // The same records again under another job id: what a producer retry after a lost reply looks like.
    await queues.analytics.add('records', { records }, { jobId: `t-${userId}-retry` });
    await waitFor(
      async () => (await queues.analytics.getJob(`t-${userId}-retry`))?.finishedOn !== undefined,
      { timeoutMs: 20_000 },
    );
    const s = await summary(clickhouse, { userId, ...window });
    expect(s.total).toBe(300);
    expect(s.blocked).toBe(150);
    expect(s.guardrails).toEqual([{ guardrail: 'secrets', runs: 300, failures: 150, blocks: 150 }]);
  });

  it('provisions the six built-ins once, however often the job runs', async () => {
    const user = await createUser(db, randomName('worker-user'));
    await enqueueProvisioningJob(queues.provisioning, user.id);
    await waitFor(
      async () => (await queues.provisioning.getJob(provisioningJobId(user.id)))?.finishedOn !== undefined,
      { timeoutMs: 20_000 },
    );
    // Run it again (the deterministic id would dedupe while the job is retained, so use another id).
    await queues.provisioning.add('provision-user', { userId: user.id }, { jobId: `again-${user.id}` });
    await waitFor(
      async () => (await queues.provisioning.getJob(`again-${user.id}`))?.finishedOn !== undefined,
      { timeoutMs: 20_000 },
    );

    const profiles = await listProfiles(db, user.id);
    const builtIns = profiles
      .filter((p) => p.isBuiltIn)
      .map((p) => p.id)
      .sort();
    expect(builtIns).toEqual(BUILTIN_PROFILES.map((p) => p.id).sort());
    expect(builtIns.length).toBe(6);
    const job = await queues.provisioning.getJob(`again-${user.id}`);
    expect(job?.failedReason).toBeFalsy();
  });

  it('fails provisioning for an unknown user without retrying', async () => {
    const userId = randomUUID();
    await enqueueProvisioningJob(queues.provisioning, userId);
    const job = await waitFor(
      async () => {
        const j = await queues.provisioning.getJob(provisioningJobId(userId));
        return j?.finishedOn !== undefined ? j : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(job.failedReason).toBe('user not found');
    expect(job.attemptsMade).toBe(1);
  });
});
