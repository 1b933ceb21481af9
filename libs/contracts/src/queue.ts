import { BUILTIN_DEFINITIONS_VERSION, type RunOutcome } from '@parapet/engine';
import { z } from 'zod';

/** Queue names. No ':' (BullMQ keys use it) and stable across releases: payload changes are additive. */
export const QUEUES = {
  analytics: 'analytics-records',
  provisioning: 'provision-user',
  /** Asynchronous batch validation: one job per batch, produced by the API, consumed by the worker's `batch` role. */
  batch: 'batch-validation',
  /** Webhook delivery of a finished batch, produced and consumed by the worker's `batch` role. */
  webhook: 'batch-webhook',
} as const;

export const guardrailOutcomeSchema = z.object({
  guardrail: z.string(),
  passed: z.boolean(),
  action: z.enum(['block', 'warn', 'redact']),
  severity: z.enum(['info', 'low', 'medium', 'high', 'critical']),
  durationMs: z.number().nonnegative(),
  /** Finding types only (e.g. "aws-access-token", "EMAIL"); never the matched text. */
  findingTypes: z.array(z.string()),
});

/** One validation execution, as stored in ClickHouse. Holds no request text. */
export const executionRecordSchema = z.object({
  /** The request id; ClickHouse deduplicates on it, so a retried insert never double counts. */
  id: z.string().min(1).max(100),
  /** Milliseconds since the epoch. */
  ts: z.number().int().nonnegative(),
  userId: z.string(),
  apiKeyId: z.string(),
  profileId: z.string(),
  profileVersion: z.number().int().nonnegative(),
  validationType: z.enum(['input', 'output', 'tool']),
  source: z.enum(['sync', 'batch']),
  passed: z.boolean(),
  blockedBy: z.string().nullable(),
  latencyMs: z.number().nonnegative(),
  textLength: z.number().int().nonnegative(),
  results: z.array(guardrailOutcomeSchema),
});
export type ExecutionRecord = z.infer<typeof executionRecordSchema>;

/** What a record says about the call besides the engine's outcome. */
export interface ExecutionMeta {
  id: string;
  userId: string;
  apiKeyId: string;
  profileId: string;
  profileVersion: number;
  validationType: ExecutionRecord['validationType'];
  source: ExecutionRecord['source'];
  latencyMs: number;
  textLength: number;
}

/**
 * The analytics record of one validation, built the same way by the API (sync) and the batch
 * worker: the outcome's verdict and, per guardrail, only finding types — never text or previews.
 */
export function toExecutionRecord(meta: ExecutionMeta, outcome: RunOutcome): ExecutionRecord {
  return {
    ...meta,
    ts: Date.now(),
    latencyMs: Math.round(meta.latencyMs * 1000) / 1000,
    passed: outcome.passed,
    blockedBy: outcome.blockedBy,
    results: outcome.results.map((r) => ({
      guardrail: r.guardrail,
      passed: r.passed,
      action: r.action,
      severity: r.severity,
      durationMs: r.durationMs,
      findingTypes: [...new Set(r.findings.map((f) => f.type))],
    })),
  };
}

export const analyticsJobSchema = z.object({
  records: z.array(executionRecordSchema).min(1).max(10_000),
});
export type AnalyticsJob = z.infer<typeof analyticsJobSchema>;

export const provisioningJobSchema = z.object({
  userId: z.string().uuid(),
});
export type ProvisioningJob = z.infer<typeof provisioningJobSchema>;

/**
 * Deterministic job id: enqueuing the same user twice provisions once per release of the built-in
 * definitions, and a release that changes them gets fresh ids, so every user is provisioned again.
 */
export const provisioningJobId = (userId: string) => `provision-${userId}-v${BUILTIN_DEFINITIONS_VERSION}`;

/** One job per batch: the items and their progress live in Postgres, never in the payload. */
export const batchJobSchema = z.object({ batchId: z.string().uuid() });
export type BatchJob = z.infer<typeof batchJobSchema>;
/** Deterministic, so a batch is never queued twice while its job exists. */
export const batchJobId = (batchId: string) => `batch-${batchId}`;

/** Delivery of a finished batch's webhook; the body is built from Postgres when it is sent. */
export const batchWebhookJobSchema = z.object({ batchId: z.string().uuid() });
export type BatchWebhookJob = z.infer<typeof batchWebhookJobSchema>;
export const batchWebhookJobId = (batchId: string) => `webhook-${batchId}`;

/** Analytics record id of one batch item: the same on every retry, so ClickHouse counts it once. */
export const batchRecordId = (batchId: string, index: number) => `batch-${batchId}-${index}`;
