import { type ProvisioningJob, provisioningJobId, provisioningJobSchema } from '@parapet/contracts';
import { Queue } from 'bullmq';
import type { RedisConnection } from './connection.ts';
import { bullPrefix, QUEUES } from './names.ts';
import { JOB_OPTIONS } from './options.ts';
import type { ProvisioningQueue } from './queues.ts';

/**
 * Enqueues provisioning of the built-in profiles for a user on an existing queue. The job id is
 * deterministic (provisioningJobId), so enqueuing the same user twice while a job exists adds nothing;
 * the provisioning itself is idempotent too. Resolves with the job id.
 */
export async function enqueueProvisioningJob(queue: ProvisioningQueue, userId: string): Promise<string> {
  const data: ProvisioningJob = provisioningJobSchema.parse({ userId });
  const jobId = provisioningJobId(data.userId);
  await queue.add(QUEUES.provisioning, data, { jobId });
  return jobId;
}

/** Same as enqueueProvisioningJob, for callers holding only a connection (admin CLI): opens and closes a queue. */
export async function enqueueProvisioning(
  connection: RedisConnection,
  prefix: string,
  userId: string,
): Promise<string> {
  const queue = new Queue<ProvisioningJob>(QUEUES.provisioning, {
    connection,
    prefix: bullPrefix(prefix),
    defaultJobOptions: JOB_OPTIONS.provisioning,
  });
  queue.on('error', () => {});
  try {
    return await enqueueProvisioningJob(queue, userId);
  } finally {
    await queue.close();
  }
}
