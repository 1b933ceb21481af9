/** Throw from a processor when retrying can never help (the job fails at once). */
export { UnrecoverableError } from 'bullmq';
export { enqueueBatch, enqueueBatches, enqueueBatchWebhook } from './batch.ts';
export {
  type AnalyticsBuffer,
  type AnalyticsBufferOptions,
  type AnalyticsBufferQueue,
  analyticsJobId,
  createAnalyticsBuffer,
} from './buffer.ts';
export {
  closeRedisConnection,
  createRedisConnection,
  type RedisConnection,
  type RedisConnectionOptions,
  type RedisRole,
} from './connection.ts';
export { describeError, type QueueLogger, silentLogger } from './logger.ts';
export { type BufferMetrics, bufferMetrics, type QueueMetrics, queueMetrics } from './metrics.ts';
export { bullPrefix, QUEUES, type QueueKey, type QueueName } from './names.ts';
export {
  BATCH_MAX_STALLED_COUNT,
  JOB_OPTIONS,
  type JobOptions,
  type LockSettings,
  WORKER_CONCURRENCY,
  webhookJobOptions,
} from './options.ts';
export { enqueueProvisioning, enqueueProvisioningJob } from './provisioning.ts';
export {
  type AnalyticsQueue,
  type BatchQueue,
  type CreateQueuesOptions,
  closeQueues,
  createQueues,
  type ProvisioningQueue,
  type Queues,
  type WebhookQueue,
} from './queues.ts';
export {
  type JobContext,
  type JobFailure,
  type PayloadSchema,
  type RegisteredWorker,
  type RegisterWorkerOptions,
  registerWorker,
} from './worker.ts';
