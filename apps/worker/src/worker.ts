import {
  type AnalyticsClient,
  type BatchedWriter,
  createAnalyticsClient,
  createBatchedWriter,
  dropExpiredPartitions,
  insertExecutions,
} from '@parapet/analytics';
import type { Config } from '@parapet/config';
import { analyticsJobSchema, provisioningJobSchema } from '@parapet/contracts';
import { createDb, type Db, NotFoundError, upsertBuiltInProfiles } from '@parapet/db';
import { BUILTIN_DEFINITIONS_VERSION, BUILTIN_PROFILES } from '@parapet/engine';
import {
  closeQueues,
  closeRedisConnection,
  createQueues,
  createRedisConnection,
  type QueueLogger,
  type RedisConnection,
  type RegisteredWorker,
  registerWorker,
  UnrecoverableError,
  webhookJobOptions,
} from '@parapet/queue';
import pino from 'pino';
import { Counter, Histogram, type Registry, register } from 'prom-client';
import { startBatchRole } from './batch/role.ts';
import { type BatchConfig, type BatchSettings, batchSettings } from './batch/settings.ts';
import { enqueueOutdatedBuiltIns } from './builtins-upgrade.ts';

export type WorkerConfig = Pick<
  Config,
  | 'databaseUrl'
  | 'redisUrl'
  | 'clickhouseUrl'
  | 'clickhouseDatabase'
  | 'queuePrefix'
  | 'workerRoles'
  | 'logLevel'
  | 'analyticsRetentionDays'
  | keyof BatchConfig
>;

/** How often the analytics role drops daily partitions past retention (every worker may; it is idempotent). */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface WorkerDeps {
  logger: QueueLogger;
  registry: Registry;
  /** Injected resources are not closed by the worker; the ones it creates are. */
  redis: RedisConnection;
  analytics: AnalyticsClient;
  db: Db;
  /** Jobs processed at once per role. */
  concurrency: Partial<Record<'analytics' | 'provisioning', number>>;
  /** ClickHouse insert coalescing. */
  writer: { maxRows?: number; maxWaitMs?: number };
  /** Overrides of the batch role's tuning, which comes from the config (batch/settings.ts); tests shorten the lock. */
  batch: Partial<BatchSettings>;
}

export interface WorkerHandle {
  roles: readonly string[];
  /** Stops taking jobs, finishes in-flight ones, flushes the writer, closes every resource it opened. */
  close(): Promise<void>;
}

function writerMetrics(registry: Registry) {
  const rows =
    (registry.getSingleMetric('parapet_clickhouse_insert_rows') as Histogram | undefined) ??
    new Histogram({
      name: 'parapet_clickhouse_insert_rows',
      help: 'Rows per ClickHouse insert.',
      buckets: [1, 10, 100, 1_000, 5_000, 10_000, 20_000, 50_000],
      registers: [registry],
    });
  const seconds =
    (registry.getSingleMetric('parapet_clickhouse_insert_seconds') as Histogram | undefined) ??
    new Histogram({
      name: 'parapet_clickhouse_insert_seconds',
      help: 'Latency of one ClickHouse insert.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  const failures =
    (registry.getSingleMetric('parapet_clickhouse_insert_failures_total') as Counter | undefined) ??
    new Counter({
      name: 'parapet_clickhouse_insert_failures_total',
      help: 'Failed ClickHouse inserts (their jobs are retried).',
      registers: [registry],
    });
  return ({ rows: n, seconds: s, ok }: { rows: number; seconds: number; ok: boolean }) => {
    if (ok) {
      rows.observe(n);
      seconds.observe(s);
    } else failures.inc();
  };
}

/**
 * Starts the worker roles named in the config in this process and resolves once their workers are
 * connected. Used by main.ts and, in-process, by tests.
 */
export async function startWorker(
  config: WorkerConfig,
  deps: Partial<WorkerDeps> = {},
): Promise<WorkerHandle> {
  const logger = deps.logger ?? pino({ level: config.logLevel, base: { service: 'worker' } });
  const registry = deps.registry ?? register;
  const closers: Array<() => Promise<void>> = []; // run in reverse order

  const redis = deps.redis ?? createRedisConnection(config.redisUrl, 'worker', { name: 'parapet-worker' });
  if (!deps.redis) closers.push(() => closeRedisConnection(redis));

  const workers: RegisteredWorker[] = [];
  let writer: BatchedWriter | undefined;
  const roles = [...new Set(config.workerRoles)];

  try {
    if (roles.includes('analytics')) {
      const client =
        deps.analytics ??
        createAnalyticsClient({ url: config.clickhouseUrl, database: config.clickhouseDatabase });
      if (!deps.analytics) closers.push(() => client.close());
      const w = createBatchedWriter({
        insert: (records) => insertExecutions(client, records),
        onFlush: writerMetrics(registry),
        ...deps.writer,
      });
      writer = w;
      const enforceRetention = () => {
        dropExpiredPartitions(client, config.analyticsRetentionDays).then(
          (dropped) => {
            if (dropped.length > 0)
              logger.info({ partitions: dropped }, 'analytics partitions past retention dropped');
          },
          // Another worker may have dropped the same partition first; the next run tries again.
          (err: unknown) => logger.warn({ err: String(err) }, 'analytics retention run failed'),
        );
      };
      const retentionTimer = setInterval(enforceRetention, RETENTION_INTERVAL_MS);
      retentionTimer.unref();
      closers.push(async () => clearInterval(retentionTimer));
      setImmediate(enforceRetention);
      workers.push(
        registerWorker({
          connection: redis,
          prefix: config.queuePrefix,
          queue: 'analytics',
          schema: analyticsJobSchema,
          logger,
          registry,
          // Many jobs in flight at once let the writer coalesce them into larger inserts.
          concurrency: deps.concurrency?.analytics ?? 16,
          process: (payload) => w.write(payload.records),
        }),
      );
    }

    let ownDb: Db | undefined;
    const getDb = (): Db => {
      if (deps.db) return deps.db;
      if (!ownDb) {
        const created = createDb(config.databaseUrl, { max: 6, applicationName: 'parapet-worker' });
        ownDb = created;
        closers.push(() => created.destroy());
      }
      return ownDb;
    };

    if (roles.includes('provisioning')) {
      const db = getDb();
      workers.push(
        registerWorker({
          connection: redis,
          prefix: config.queuePrefix,
          queue: 'provisioning',
          schema: provisioningJobSchema,
          logger,
          registry,
          ...(deps.concurrency?.provisioning ? { concurrency: deps.concurrency.provisioning } : {}),
          process: async (payload, job) => {
            try {
              const result = await upsertBuiltInProfiles(
                db,
                payload.userId,
                BUILTIN_PROFILES,
                BUILTIN_DEFINITIONS_VERSION,
              );
              logger.info(
                {
                  queue: job.queue,
                  jobId: job.id,
                  attempt: job.attempt,
                  inserted: result.inserted.length,
                  updated: result.updated.length,
                  builtinsVersion: result.builtinsVersion,
                },
                'built-in profiles provisioned',
              );
            } catch (err) {
              // A deleted (or never created) user will not appear by retrying.
              if (err instanceof NotFoundError) throw new UnrecoverableError('user not found');
              throw err;
            }
          },
        }),
      );
      const upgrade = createQueues(redis, config.queuePrefix, logger);
      closers.push(() => closeQueues(upgrade));
      await enqueueOutdatedBuiltIns(db, upgrade.provisioning, logger);
    }

    if (roles.includes('batch')) {
      const settings = { ...batchSettings(config), ...deps.batch };
      const queues = createQueues(redis, config.queuePrefix, logger, {
        jobOptions: {
          webhook: webhookJobOptions({
            attempts: settings.webhookAttempts,
            backoffMs: settings.webhookBackoffMs,
          }),
        },
      });
      closers.push(() => closeQueues(queues));
      const role = await startBatchRole({
        redis,
        prefix: config.queuePrefix,
        db: getDb(),
        queues,
        logger,
        registry,
        settings,
      });
      // Closed with the other workers, before the queues and connections they use.
      workers.push(...role.workers);
    }

    await Promise.all(workers.map((w) => w.worker.waitUntilReady()));
    logger.info({ roles, prefix: config.queuePrefix }, 'worker started');
  } catch (err) {
    await Promise.allSettled(workers.map((w) => w.close()));
    for (const close of closers.reverse()) await close().catch(() => {});
    throw err;
  }

  let closing: Promise<void> | undefined;
  return {
    roles,
    close() {
      closing ??= (async () => {
        // 1. stop taking jobs and let in-flight ones finish (their inserts are flushed by the writer).
        await Promise.allSettled(workers.map((w) => w.close()));
        // 2. anything still waiting in the writer (nothing, normally).
        await writer?.shutdown().catch(() => {});
        // 3. ClickHouse, Postgres, Redis — in reverse order of opening.
        for (const close of closers.reverse()) {
          await close().catch((err: unknown) =>
            logger.warn({ err: String(err) }, 'error while closing a resource'),
          );
        }
        logger.info({ roles }, 'worker stopped');
      })();
      return closing;
    },
  };
}
