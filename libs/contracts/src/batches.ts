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
});
export type Batch = z.infer<typeof batchSchema>;

/** 202 answer to POST /api/batches. */
export const batchAcceptedSchema = z.object({
  id: z.string(),
  status: z.enum(BATCH_STATUSES),
  total: z.number().int(),
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
