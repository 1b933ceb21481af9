import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnalyticsClient, guardrailStats, summary, timeseries, usage } from '@parapet/analytics';
import type { Config } from '@parapet/config';
import {
  createDb,
  findApiKeyByHash,
  KEY_REVOKED_CHANNEL,
  listen,
  PROFILES_CHANGED_CHANNEL,
  pingDb,
  touchApiKeys,
} from '@parapet/db';
import { defaultRegistry, warmUp } from '@parapet/engine';
import {
  closeQueues,
  closeRedisConnection,
  createAnalyticsBuffer,
  createQueues,
  createRedisConnection,
  enqueueBatch,
  enqueueProvisioningJob,
} from '@parapet/queue';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Registry as MetricsRegistry } from 'prom-client';
import { createApp } from './app.ts';
import { KeyResolver } from './auth/keys.ts';
import { KeyUsageRecorder } from './auth/usage.ts';
import { rateLimits } from './http/rate-limits.ts';
import { ProfileResolver } from './profiles/resolver.ts';
import { createRedisRateLimiter } from './rate-limiter.ts';
import type { BatchLimits } from './routes/batches.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Builds every service from config, serves the app, and closes everything in order on `close`. */
export async function startServer(
  config: Config,
  logger: Logger,
  options: { port?: number; batchLimits?: Partial<BatchLimits> } = {},
): Promise<RunningServer> {
  const metrics = new MetricsRegistry();
  collectDefaultMetrics({ register: metrics });

  const db = createDb(config.databaseUrl, { applicationName: 'parapet-api' });
  const redis = createRedisConnection(config.redisUrl, 'producer', { name: 'parapet-api' });
  const queues = createQueues(redis, config.queuePrefix, logger);
  const buffer = createAnalyticsBuffer({
    queue: queues.analytics,
    maxBatch: config.analyticsBatchSize,
    flushIntervalMs: config.analyticsFlushMs,
    maxBuffered: config.analyticsMaxBuffered,
    logger,
    registry: metrics,
  });
  const clickhouse = createAnalyticsClient({
    url: config.clickhouseUrl,
    database: config.clickhouseDatabase,
  });
  const engineServices = { rateLimiter: createRedisRateLimiter(redis, config.queuePrefix) };

  const keyUsage = new KeyUsageRecorder({
    write: (ids, at) => touchApiKeys(db, ids, at),
    intervalMs: config.keyUsageFlushMs,
    logger,
  });
  const keys = new KeyResolver({
    lookup: (hash) => findApiKeyByHash(db, hash),
    onUse: (apiKeyId) => keyUsage.record(apiKeyId),
    ...(config.keyPepper ? { pepper: config.keyPepper } : {}),
    ttlMs: config.cacheTtlMs,
  });
  const resolver = new ProfileResolver({
    db,
    registry: defaultRegistry,
    services: engineServices,
    ttlMs: config.cacheTtlMs,
  });

  // Revocations made by any process (CLI, another replica) reach this one within milliseconds; after
  // a reconnect, whatever was missed is made up for by dropping the caches.
  const listener = await listen(
    config.databaseUrl,
    [KEY_REVOKED_CHANNEL, PROFILES_CHANGED_CHANNEL],
    (channel, payload) => {
      if (channel === KEY_REVOKED_CHANNEL) keys.invalidate(payload);
      else resolver.invalidateUser(payload);
    },
    {
      onConnect: () => {
        keys.invalidateAll();
        resolver.invalidateAll();
      },
      onError: (err) =>
        logger.warn({ err: err.message }, 'invalidation listener connection lost; reconnecting'),
    },
  );

  let shuttingDown = false;
  const app = createApp({
    logger,
    metrics,
    registry: defaultRegistry,
    keys,
    db,
    profiles: resolver,
    analytics: {
      sink: buffer,
      queries: {
        summary: (q) => summary(clickhouse, q),
        timeseries: (q) => timeseries(clickhouse, q),
        guardrails: (q) => guardrailStats(clickhouse, q),
        usage: (q) => usage(clickhouse, q),
      },
    },
    limits: {
      bodyLimitBytes: config.bodyLimitBytes,
      textLimitChars: config.textLimitChars,
      maxGuardrailsPerProfile: config.maxGuardrailsPerProfile,
      maxProfilesPerUser: config.maxProfilesPerUser,
    },
    rateLimit: rateLimits({
      redis,
      prefix: config.queuePrefix,
      processes: config.apiProcesses,
      logger,
      settings: {
        keyPerMinute: config.rateLimitPerMinute,
        keyPerDay: config.rateLimitPerDay,
        userPerMinute: config.userRateLimitPerMinute,
        userPerDay: config.userRateLimitPerDay,
      },
    }),
    batches: {
      // A failed enqueue is answered with 503 by the route.
      queue: { enqueue: (batchId) => enqueueBatch(queues.batch, batchId) },
      limits: {
        maxItems: config.batchMaxItems,
        maxTotalChars: config.batchMaxTotalChars,
        bodyLimitBytes: config.batchBodyLimitBytes,
        ...options.batchLimits,
      },
    },
    ready: async () => {
      try {
        await Promise.all([pingDb(db, 1_000), withTimeout(redis.ping(), 1_000)]);
        return true;
      } catch {
        return false;
      }
    },
    admin: {
      token: config.adminToken,
      keyPepper: config.keyPepper,
      provision: (userId) => withTimeout(enqueueProvisioningJob(queues.provisioning, userId), 5_000),
    },
    isShuttingDown: () => shuttingDown,
  });

  // Before listening: the first request would otherwise build the guardrails' lazy state.
  const warmStarted = performance.now();
  const warmed = await warmUp(defaultRegistry);
  logger.info(
    { guardrails: warmed.length, ms: Math.round(performance.now() - warmStarted) },
    'guardrails warmed up',
  );

  const server: Server = app.listen(options.port ?? config.port, config.host);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host}:${port}`;
  logger.info({ url }, 'API listening');

  return {
    url,
    async close() {
      shuttingDown = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await buffer.close();
      await keyUsage.close();
      await listener.close();
      await Promise.allSettled([closeQueues(queues), clickhouse.close(), db.destroy()]);
      await closeRedisConnection(redis);
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
