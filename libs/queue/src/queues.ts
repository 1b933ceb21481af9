import type { AnalyticsJob, BatchJob, BatchWebhookJob, ProvisioningJob } from '@parapet/contracts';
import { Queue } from 'bullmq';
import type { RedisConnection } from './connection.ts';
import { describeError, type QueueLogger, silentLogger } from './logger.ts';
import type { QueueKey } from './names.ts';
import { bullPrefix, QUEUES } from './names.ts';
import { JOB_OPTIONS, type JobOptions } from './options.ts';

export type AnalyticsQueue = Queue<AnalyticsJob>;
export type ProvisioningQueue = Queue<ProvisioningJob>;
export type BatchQueue = Queue<BatchJob>;
export type WebhookQueue = Queue<BatchWebhookJob>;

export interface Queues {
  analytics: AnalyticsQueue;
  provisioning: ProvisioningQueue;
  batch: BatchQueue;
  webhook: WebhookQueue;
}

export interface CreateQueuesOptions {
  /** Replaces JOB_OPTIONS for the queues named (the webhook queue takes WEBHOOK_ATTEMPTS / _BACKOFF_MS: webhookJobOptions). */
  jobOptions?: Partial<Record<QueueKey, JobOptions>>;
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
  options: CreateQueuesOptions = {},
): Queues {
  const opts = { connection, prefix: bullPrefix(prefix) };
  const jobOptions = (key: QueueKey) => options.jobOptions?.[key] ?? JOB_OPTIONS[key];
  const analytics = new Queue<AnalyticsJob>(QUEUES.analytics, {
    ...opts,
    defaultJobOptions: jobOptions('analytics'),
  });
  const provisioning = new Queue<ProvisioningJob>(QUEUES.provisioning, {
    ...opts,
    defaultJobOptions: jobOptions('provisioning'),
  });
  const batch = new Queue<BatchJob>(QUEUES.batch, { ...opts, defaultJobOptions: jobOptions('batch') });
  const webhook = new Queue<BatchWebhookJob>(QUEUES.webhook, {
    ...opts,
    defaultJobOptions: jobOptions('webhook'),
  });
  for (const queue of [analytics, provisioning, batch, webhook]) attachErrorLogging(queue as Queue, logger);
  return { analytics, provisioning, batch, webhook };
}

export async function closeQueues(queues: Queues): Promise<void> {
  await Promise.allSettled([
    queues.analytics.close(),
    queues.provisioning.close(),
    queues.batch.close(),
    queues.webhook.close(),
  ]);
}
