import type { DefaultJobOptions } from 'bullmq';
import type { QueueKey } from './names.ts';

/** Default options of the jobs added to a queue (BullMQ's type, re-exported so apps need no bullmq import). */
export type JobOptions = DefaultJobOptions;

/**
 * Webhook delivery options: `attempts` deliveries, exponential backoff from `backoffMs` between them
 * (WEBHOOK_ATTEMPTS and WEBHOOK_BACKOFF_MS; the defaults below are theirs).
 */
export function webhookJobOptions(settings: { attempts: number; backoffMs: number }): JobOptions {
  return {
    attempts: settings.attempts,
    backoff: { type: 'exponential', delay: settings.backoffMs, jitter: 0.25 },
    removeOnComplete: { count: 10_000, age: 86_400 },
    removeOnFail: { count: 10_000, age: 30 * 86_400 },
  };
}

/**
 * Per-queue default job options, in one place. Retries back off exponentially with jitter, so a
 * ClickHouse or Postgres outage is not hammered in lockstep by every worker; completed and failed
 * jobs are kept in bounded numbers (and for a bounded time) for inspection.
 */
export const JOB_OPTIONS: Record<QueueKey, JobOptions> = {
  analytics: {
    attempts: 10,
    backoff: { type: 'exponential', delay: 1_000, jitter: 0.5 },
    removeOnComplete: { count: 1_000, age: 3_600 },
    removeOnFail: { count: 10_000, age: 7 * 86_400 },
  },
  provisioning: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 500, jitter: 0.5 },
    removeOnComplete: { count: 10_000, age: 86_400 },
    removeOnFail: { count: 10_000, age: 30 * 86_400 },
  },
  /**
   * Every producer of the batch queue (the API on create, a starting worker re-queueing unfinished
   * batches) uses these. Attempts count failures of a whole job; a worker that dies mid-batch is not a
   * failure but a stall, recovered through the job's lock (BATCH_LOCKS) and resumed from Postgres.
   */
  batch: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 5_000, jitter: 0.5 },
    removeOnComplete: { count: 10_000, age: 86_400 },
    removeOnFail: { count: 10_000, age: 30 * 86_400 },
  },
  webhook: webhookJobOptions({ attempts: 8, backoffMs: 2_000 }),
};

/** Concurrency each worker role runs with by default. */
export const WORKER_CONCURRENCY: Record<QueueKey, number> = {
  analytics: 4,
  provisioning: 4,
  batch: 2,
  webhook: 8,
};

/**
 * Lock settings of a long-running job (registerWorker's `lock`): the worker renews the lock while the
 * job runs; once a dead worker's lock expires, the stalled check (every `stalledIntervalMs`) hands the
 * job to another worker, at most `maxStalledCount` times before it fails.
 */
export interface LockSettings {
  durationMs: number;
  stalledIntervalMs: number;
  maxStalledCount: number;
}

/** A batch survives many crashed workers; each resumes where the last stopped. */
export const BATCH_MAX_STALLED_COUNT = 20;
