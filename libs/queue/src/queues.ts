import type { AnalyticsJob, ProvisioningJob } from '@parapet/contracts';
import { Queue } from 'bullmq';
import type { RedisConnection } from './connection.ts';
import { describeError, type QueueLogger, silentLogger } from './logger.ts';
import { bullPrefix, QUEUES } from './names.ts';
import { JOB_OPTIONS } from './options.ts';

export type AnalyticsQueue = Queue<AnalyticsJob>;
export type ProvisioningQueue = Queue<ProvisioningJob>;

export interface Queues {
  analytics: AnalyticsQueue;
  provisioning: ProvisioningQueue;
}

/** Logs connection errors of a queue at most once per `intervalMs` (a down Redis reports every retry). */
function attachErrorLogging(queue: Queue, logger: QueueLogger, intervalMs = 10_000): void {
  let last = 0;
  queue.on('error', (err) => {
    const now = Date.now();
    if (now - last < intervalMs) return;
    last = now;
    logger.warn({ queue: queue.name, err: describeError(err) }, 'queue connection error');
  });
}

/**
 * Producer-side queues sharing one connection (use a `producer` connection on the API hot path).
 * Closing them (closeQueues) leaves the shared connection open; its owner closes it.
 */
export function createQueues(
  connection: RedisConnection,
  prefix: string,
  logger: QueueLogger = silentLogger,
): Queues {
  const opts = { connection, prefix: bullPrefix(prefix) };
  const analytics = new Queue<AnalyticsJob>(QUEUES.analytics, {
    ...opts,
    defaultJobOptions: JOB_OPTIONS.analytics,
  });
  const provisioning = new Queue<ProvisioningJob>(QUEUES.provisioning, {
    ...opts,
    defaultJobOptions: JOB_OPTIONS.provisioning,
  });
  attachErrorLogging(analytics as Queue, logger);
  attachErrorLogging(provisioning as Queue, logger);
  return { analytics, provisioning };
}

export async function closeQueues(queues: Queues): Promise<void> {
  await Promise.allSettled([queues.analytics.close(), queues.provisioning.close()]);
}
