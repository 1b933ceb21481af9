import type { DefaultJobOptions } from 'bullmq';
import type { QueueKey } from './names.ts';

/**
 * Per-queue default job options, in one place. Retries back off exponentially with jitter, so a
 * ClickHouse or Postgres outage is not hammered in lockstep by every worker; completed and failed
 * jobs are kept in bounded numbers (and for a bounded time) for inspection.
 */
export const JOB_OPTIONS: Record<QueueKey, DefaultJobOptions> = {
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
};

/** Concurrency each worker role runs with by default. */
export const WORKER_CONCURRENCY: Record<QueueKey, number> = {
  analytics: 4,
  provisioning: 4,
};
