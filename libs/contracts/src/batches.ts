import { STAGES } from '@parapet/engine';
import { z } from 'zod';
import { guardrailResultSchema } from './http.ts';

export const BATCH_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const batchItemSchema = z
  .object({
    /** The caller's id for the item (echoed in results); defaults to its index. */
    id: z.string().min(1).max(200).optional(),
    text: z.string(),
  })
  .strict();

/** POST /api/batches. The item count and total size limits are configuration (default 10 000 items). */
export const createBatchRequestSchema = z
  .object({
    profileName: z.string().min(1).max(210),
    validationType: z.enum(STAGES),
    items: z.array(batchItemSchema).min(1),
    /** Receives the batch summary, signed, when the batch ends. */
    webhookUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .strict();
export type CreateBatchRequest = z.infer<typeof createBatchRequestSchema>;

export const batchSchema = z.object({
  id: z.string(),
  status: z.enum(BATCH_STATUSES),
  profileId: z.string(),
  profileVersion: z.number().int(),
  validationType: z.enum(STAGES),
  total: z.number().int(),
  /** Items with a stored outcome. */
  processed: z.number().int(),
  passed: z.number().int(),
  blocked: z.number().int(),
  /** processed / total. */
  progress: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  /** Why a `failed` batch failed (null otherwise). */
  error: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;

/** 202 answer to POST /api/batches. */
export const batchAcceptedSchema = z.object({
  id: z.string(),
  status: z.enum(BATCH_STATUSES),
  total: z.number().int(),
  /**
   * The caller's webhook signing secret, present only in the answer that created it (the first batch
   * with a webhookUrl). Store it: webhooks are signed with it (docs/batches.md).
   */
  webhookSecret: z.string().optional(),
});

export const batchListQuerySchema = z
  .object({
    status: z.enum(BATCH_STATUSES).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();

export const batchListSchema = z.object({ batches: z.array(batchSchema), nextCursor: z.string().nullable() });

export const batchResultsQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();

export const batchResultItemSchema = z.object({
  /** Position of the item in the submitted array. */
  index: z.number().int(),
  /** The caller's item id, or the index as a string. */
  id: z.string(),
  passed: z.boolean(),
  blockedBy: z.string().nullable(),
  results: z.array(guardrailResultSchema),
  sanitizedText: z.string().optional(),
  executionTimeMs: z.number(),
});

/** Results in item order; pass `nextCursor` back as `cursor` until it is null. */
export const batchResultsPageSchema = z.object({
  batchId: z.string(),
  items: z.array(batchResultItemSchema),
  nextCursor: z.string().nullable(),
});

/** Webhook body (POST to webhookUrl). Signed: see docs/batches.md. */
export const batchWebhookSchema = z.object({ type: z.literal('batch.completed'), batch: batchSchema });

/**
 * A tool call given as JSON `{ name, arguments }` in a text — a validate call's `text` or a `tool`
 * batch item's; undefined when the text is not one.
 */
export function parseToolCallText(
  text: string,
): { name: string; arguments: Record<string, unknown> } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const { name, arguments: args } = parsed as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || name.length === 0) return undefined;
  if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  return { name, arguments: args as Record<string, unknown> };
}

/** A stored batch as the API and the webhook show it (the fields of a BatchRecord of libs/db). */
export function batchView(record: {
  id: string;
  status: BatchStatus;
  profileId: string;
  profileVersion: number;
  validationType: string;
  total: number;
  processed: number;
  passed: number;
  blocked: number;
  webhookUrl: string | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}): Batch {
  return {
    id: record.id,
    status: record.status,
    profileId: record.profileId,
    profileVersion: record.profileVersion,
    validationType: record.validationType as Batch['validationType'],
    total: record.total,
    processed: record.processed,
    passed: record.passed,
    blocked: record.blocked,
    progress: record.total === 0 ? 1 : Math.round((record.processed / record.total) * 10_000) / 10_000,
    createdAt: record.createdAt.toISOString(),
    startedAt: record.startedAt?.toISOString() ?? null,
    completedAt: record.completedAt?.toISOString() ?? null,
    webhookUrl: record.webhookUrl,
    error: record.error,
  };
}
