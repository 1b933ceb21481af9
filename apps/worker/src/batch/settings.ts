import type { Config } from '@parapet/config';

/** Tuning of the batch role, from the BATCH_* and WEBHOOK_* variables (libs/config); tests shorten the lock. */
export interface BatchSettings {
  /** Items read, run and stored per step (one Postgres write and one analytics enqueue each). */
  chunkSize: number;
  /** Items of a chunk run at once (matters only for guardrails that wait on I/O). */
  itemConcurrency: number;
  /** Batches one worker process runs at once. */
  jobConcurrency: number;
  /** Lock of a batch job: a crashed worker's batch is picked up this long after it died (+ the stalled check). */
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

export type BatchConfig = Pick<
  Config,
  | 'batchChunkSize'
  | 'batchItemConcurrency'
  | 'batchJobConcurrency'
  | 'batchLockDurationMs'
  | 'batchStalledIntervalMs'
  | 'webhookAllowPrivate'
  | 'webhookTimeoutMs'
  | 'webhookAttempts'
  | 'webhookBackoffMs'
>;

export function batchSettings(config: BatchConfig): BatchSettings {
  return {
    chunkSize: config.batchChunkSize,
    itemConcurrency: config.batchItemConcurrency,
    jobConcurrency: config.batchJobConcurrency,
    lockDurationMs: config.batchLockDurationMs,
    stalledIntervalMs: config.batchStalledIntervalMs,
    webhookAllowPrivate: config.webhookAllowPrivate,
    webhookTimeoutMs: config.webhookTimeoutMs,
    webhookAttempts: config.webhookAttempts,
    webhookBackoffMs: config.webhookBackoffMs,
  };
}
