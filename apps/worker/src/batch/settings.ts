import { z } from 'zod';

/** Tuning of the batch role. Defaults suit production; tests shorten the lock to recover fast. */
export interface BatchSettings {
  /** Items read, run and stored per step (one Postgres write and one analytics enqueue each). */
  chunkSize: number;
  /** Items of a chunk run at once (matters only for guardrails that wait on I/O). */
  itemConcurrency: number;
  /** Batches one worker process runs at once. */
  jobConcurrency: number;
  /** BullMQ lock of a batch job: a crashed worker's batch is picked up this long after it died (+ the stalled check). */
  lockDurationMs: number;
  /** How often stalled batch jobs are looked for. */
  stalledIntervalMs: number;
  /** Deliveries to private, loopback and link-local addresses are refused unless this is true. */
  webhookAllowPrivate: boolean;
  /** Deadline of one webhook delivery attempt. */
  webhookTimeoutMs: number;
  /** Delivery attempts of a webhook (exponential backoff from webhookBackoffMs between them). */
  webhookAttempts: number;
  webhookBackoffMs: number;
}

export const DEFAULT_BATCH_SETTINGS: BatchSettings = {
  chunkSize: 250,
  itemConcurrency: 8,
  jobConcurrency: 2,
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  webhookAllowPrivate: false,
  webhookTimeoutMs: 10_000,
  webhookAttempts: 8,
  webhookBackoffMs: 2_000,
};

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (min: number, max: number) =>
  z.preprocess(blank, z.coerce.number().int().min(min).max(max).optional());
const bool = z.preprocess(
  (v) => (typeof v === 'string' ? blank(v.trim().toLowerCase()) : v),
  z.enum(['true', 'false', '1', '0']).optional(),
);

const envSchema = z.object({
  BATCH_CHUNK_SIZE: int(1, 10_000),
  BATCH_ITEM_CONCURRENCY: int(1, 1_000),
  BATCH_JOB_CONCURRENCY: int(1, 1_000),
  BATCH_LOCK_DURATION_MS: int(1_000, 3_600_000),
  BATCH_STALLED_INTERVAL_MS: int(200, 3_600_000),
  WEBHOOK_ALLOW_PRIVATE: bool,
  WEBHOOK_TIMEOUT_MS: int(100, 120_000),
  WEBHOOK_ATTEMPTS: int(1, 100),
  WEBHOOK_BACKOFF_MS: int(10, 3_600_000),
});

export class BatchSettingsError extends Error {
  constructor(issues: string[]) {
    super(`Invalid batch configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'BatchSettingsError';
  }
}

/**
 * Reads the batch role's variables (all optional), reporting every problem at once like libs/config.
 * Lives here until libs/config takes these variables over.
 */
export function loadBatchSettings(env: NodeJS.ProcessEnv = process.env): BatchSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new BatchSettingsError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const d = DEFAULT_BATCH_SETTINGS;
  return {
    chunkSize: e.BATCH_CHUNK_SIZE ?? d.chunkSize,
    itemConcurrency: e.BATCH_ITEM_CONCURRENCY ?? d.itemConcurrency,
    jobConcurrency: e.BATCH_JOB_CONCURRENCY ?? d.jobConcurrency,
    lockDurationMs: e.BATCH_LOCK_DURATION_MS ?? d.lockDurationMs,
    stalledIntervalMs: e.BATCH_STALLED_INTERVAL_MS ?? d.stalledIntervalMs,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE
      ? ['true', '1'].includes(e.WEBHOOK_ALLOW_PRIVATE)
      : d.webhookAllowPrivate,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS ?? d.webhookTimeoutMs,
    webhookAttempts: e.WEBHOOK_ATTEMPTS ?? d.webhookAttempts,
    webhookBackoffMs: e.WEBHOOK_BACKOFF_MS ?? d.webhookBackoffMs,
  };
}
