import { batchJobId, batchJobSchema, batchWebhookJobId, batchWebhookJobSchema } from '@parapet/contracts';
import { QUEUES } from './names.ts';
import type { BatchQueue, WebhookQueue } from './queues.ts';

/**
 * Hands a stored batch to the workers. The job id is deterministic (batchJobId): while a batch's job
 * exists, queueing it again adds nothing. Resolves with the job id.
 */
export async function enqueueBatch(queue: BatchQueue, batchId: string): Promise<string> {
  const data = batchJobSchema.parse({ batchId });
  const jobId = batchJobId(data.batchId);
  await queue.add(QUEUES.batch, data, { jobId });
  return jobId;
}

/** enqueueBatch for many batches in one round trip (a starting worker re-queueing unfinished ones). */
export async function enqueueBatches(queue: BatchQueue, batchIds: readonly string[]): Promise<void> {
  if (batchIds.length === 0) return;
  await queue.addBulk(
    batchIds.map((id) => {
      const data = batchJobSchema.parse({ batchId: id });
      return { name: QUEUES.batch, data, opts: { jobId: batchJobId(data.batchId) } };
    }),
  );
}

/** Queues delivery of a finished batch's webhook, once per batch (batchWebhookJobId). */
export async function enqueueBatchWebhook(queue: WebhookQueue, batchId: string): Promise<string> {
  const data = batchWebhookJobSchema.parse({ batchId });
  const jobId = batchWebhookJobId(data.batchId);
  await queue.add(QUEUES.webhook, data, { jobId });
  return jobId;
}
