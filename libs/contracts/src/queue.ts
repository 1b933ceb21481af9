import { z } from 'zod';

/** Queue names. No ':' (BullMQ keys use it) and stable across releases: payload changes are additive. */
export const QUEUES = {
  analytics: 'analytics-records',
  provisioning: 'provision-user',
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

export const analyticsJobSchema = z.object({
  records: z.array(executionRecordSchema).min(1).max(10_000),
});
export type AnalyticsJob = z.infer<typeof analyticsJobSchema>;

export const provisioningJobSchema = z.object({
  userId: z.string().uuid(),
});
export type ProvisioningJob = z.infer<typeof provisioningJobSchema>;

/** Deterministic job id so that enqueuing the same user twice provisions once. */
export const provisioningJobId = (userId: string) => `provision-${userId}`;
