import {
  type BatchJob,
  type BatchWebhookJob,
  batchJobSchema,
  batchRecordId,
  batchView,
  batchWebhookJobId,
  batchWebhookJobSchema,
  type ExecutionRecord,
  parseToolCallText,
  toExecutionRecord,
} from '@parapet/contracts';
import {
  type BatchRecord,
  type Db,
  finishBatch,
  getBatchById,
  getProfileVersion,
  getWebhookSecret,
  listUnfinishedBatchIds,
  nextBatchChunk,
  type PendingBatchItem,
  recordBatchResults,
  startBatch,
} from '@parapet/db';
import {
  BUILTIN_PROFILES,
  type CompiledGuardrail,
  compileProfile,
  defaultRegistry,
  type ProfileGuardrails,
  runGuardrails,
  type Stage,
} from '@parapet/engine';
import {
  type AnalyticsQueue,
  analyticsJobId,
  BATCH_MAX_STALLED_COUNT,
  type BatchQueue,
  enqueueBatches,
  enqueueBatchWebhook,
  type JobContext,
  QUEUES,
  type QueueLogger,
  type RedisConnection,
  type RegisteredWorker,
  registerWorker,
  UnrecoverableError,
  type WebhookQueue,
} from '@parapet/queue';
import type { Registry } from 'prom-client';
import { deliver } from './deliver.ts';
import type { BatchSettings } from './settings.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';
import { BlockedTargetError } from './ssrf.ts';

/** Version a user's copy of a built-in has before provisioning stored it (as the API resolves it). */
const UNPROVISIONED_BUILTIN_VERSION = 1;
/** Analytics records per analytics job (the contract allows 10 000). */
const RECORDS_PER_JOB = 1_000;

export interface BatchRoleOptions {
  /** A `worker` connection, for the role's consumers. */
  redis: RedisConnection;
  prefix: string;
  db: Db;
  /** Producers (createQueues): analytics records, re-queued batches, webhook deliveries. */
  queues: { analytics: AnalyticsQueue; batch: BatchQueue; webhook: WebhookQueue };
  logger: QueueLogger;
  registry?: Registry;
  settings: BatchSettings;
}

export interface BatchRole {
  /** The batch and webhook consumers; closing them is the caller's (the queues are the caller's too). */
  workers: RegisteredWorker[];
}

interface ItemOutcome {
  index: number;
  passed: boolean;
  result: Record<string, unknown>;
  record: ExecutionRecord;
}

/**
 * The definition a batch was pinned to: the stored version, or the in-code built-in for a user whose
 * provisioning had not run when the batch was created. Undefined when it no longer exists.
 */
async function pinnedDefinition(db: Db, batch: BatchRecord): Promise<ProfileGuardrails | undefined> {
  const stored = await getProfileVersion(db, batch.userId, batch.profileId, batch.profileVersion);
  if (stored) return stored.definition;
  const builtIn = BUILTIN_PROFILES.find((p) => p.id === batch.profileId);
  return builtIn && batch.profileVersion === UNPROVISIONED_BUILTIN_VERSION ? builtIn : undefined;
}

/** Runs `fn` over `items` with at most `limit` in flight; results in input order. */
async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The `batch` worker role: one BullMQ job per batch (job id `batch-<id>`). The job walks the batch's
 * pending items in index order, chunk by chunk: run the engine in-process, hand the chunk's analytics
 * records (ids `batch-<batch>-<index>`) to the analytics queue, then store the outcomes in Postgres
 * (only items still without a result count). A worker that dies mid-batch loses its lock; BullMQ gives
 * the job to another worker, which resumes from the items still pending. See docs/batches.md.
 */
export async function startBatchRole(options: BatchRoleOptions): Promise<BatchRole> {
  const { db, logger, settings, redis, queues } = options;
  const queueName = QUEUES.batch;

  const enqueueWebhook = async (batch: BatchRecord) => {
    if (!batch.webhookUrl || (batch.status !== 'completed' && batch.status !== 'failed')) return;
    await enqueueBatchWebhook(queues.webhook, batch.id);
  };

  const fail = async (batchId: string, message: string) => {
    const ended = await finishBatch(db, batchId, 'failed', message);
    if (ended) {
      logger.warn({ batchId, reason: message }, 'batch failed');
      await enqueueWebhook(ended);
    }
  };

  const runChunk = async (
    batch: BatchRecord,
    guardrails: readonly CompiledGuardrail[],
    items: readonly PendingBatchItem[],
  ): Promise<ItemOutcome[]> => {
    const stage = batch.validationType as Stage;
    return mapBounded(items, settings.itemConcurrency, async (item): Promise<ItemOutcome> => {
      const started = performance.now();
      const toolCall = stage === 'tool' ? parseToolCallText(item.text) : undefined;
      const outcome = await runGuardrails(guardrails, {
        text: item.text,
        stage,
        context: {},
        ...(toolCall ? { toolCall } : {}),
        caller: {
          userId: batch.userId,
          ...(batch.apiKeyId ? { apiKeyId: batch.apiKeyId } : {}),
          profileId: batch.profileId,
        },
      });
      const result: Record<string, unknown> = {
        blockedBy: outcome.blockedBy,
        results: outcome.results,
        executionTimeMs: outcome.executionTimeMs,
      };
      if (outcome.sanitizedText !== undefined) result['sanitizedText'] = outcome.sanitizedText;
      return {
        index: item.index,
        passed: outcome.passed,
        result,
        record: toExecutionRecord(
          {
            id: batchRecordId(batch.id, item.index),
            userId: batch.userId,
            apiKeyId: batch.apiKeyId ?? '',
            profileId: batch.profileId,
            profileVersion: batch.profileVersion,
            validationType: stage,
            source: 'batch',
            latencyMs: performance.now() - started,
            textLength: item.text.length,
          },
          outcome,
        ),
      };
    });
  };

  const processBatch = async ({ batchId }: BatchJob, job: JobContext): Promise<void> => {
    const batch = await startBatch(db, batchId);
    if (!batch) {
      // Ended already (or deleted): a redelivery after the batch finished; make sure its webhook went out.
      const ended = await getBatchById(db, batchId);
      if (ended) await enqueueWebhook(ended);
      return;
    }
    const definition = await pinnedDefinition(db, batch);
    if (!definition) {
      await fail(batchId, `profile ${batch.profileId} version ${batch.profileVersion} no longer exists`);
      return;
    }
    const compiled = compileProfile(definition, defaultRegistry, {});
    if (!compiled.ok) {
      await fail(batchId, `profile ${batch.profileId} version ${batch.profileVersion} no longer compiles`);
      return;
    }
    const guardrails = compiled.profile[batch.validationType as Stage];
    logger.info(
      {
        queue: queueName,
        jobId: job.id,
        batchId,
        attempt: job.attempt,
        total: batch.total,
        processed: batch.processed,
      },
      'batch started',
    );

    // Each step stores at least one new result, so total / chunkSize + 1 steps always suffice.
    const maxSteps = Math.ceil(batch.total / settings.chunkSize) + 2;
    for (let step = 0; step < maxSteps; step++) {
      const items = await nextBatchChunk(db, batchId, settings.chunkSize);
      if (items.length === 0) {
        const ended = await finishBatch(db, batchId, 'completed');
        if (ended) {
          logger.info(
            { batchId, total: ended.total, passed: ended.passed, blocked: ended.blocked },
            'batch completed',
          );
          await enqueueWebhook(ended);
        }
        return;
      }
      const outcomes = await runChunk(batch, guardrails, items);
      // 1. analytics first: a crash before step 2 reprocesses the chunk and sends the same record
      //    ids again, which ClickHouse counts once; the other order could lose records.
      const records = outcomes.map((o) => o.record);
      const jobs = [];
      for (let i = 0; i < records.length; i += RECORDS_PER_JOB) {
        const group = records.slice(i, i + RECORDS_PER_JOB);
        jobs.push({
          name: QUEUES.analytics,
          data: { records: group },
          opts: { jobId: analyticsJobId(group) },
        });
      }
      await queues.analytics.addBulk(jobs);
      // 2. outcomes: stored once per item whatever happens before or after.
      const updated = await recordBatchResults(
        db,
        batchId,
        outcomes.map(({ index, passed, result }) => ({ index, passed, result })),
      );
      await job.updateProgress(updated.total === 0 ? 1 : updated.processed / updated.total).catch(() => {});
      if (updated.status === 'cancelled') {
        logger.info({ batchId, processed: updated.processed }, 'batch cancelled; stopping');
        return;
      }
      await yieldToEventLoop(); // lets BullMQ renew the job's lock between chunks
    }
    throw new Error('batch still has pending items after every step; retrying');
  };

  const batchWorker = registerWorker({
    connection: redis,
    prefix: options.prefix,
    queue: 'batch',
    schema: batchJobSchema,
    logger,
    ...(options.registry ? { registry: options.registry } : {}),
    concurrency: settings.jobConcurrency,
    lock: {
      durationMs: settings.lockDurationMs,
      stalledIntervalMs: settings.stalledIntervalMs,
      maxStalledCount: BATCH_MAX_STALLED_COUNT,
    },
    process: processBatch,
    // Out of attempts: the batch ends as failed rather than staying `running`.
    onFailed: ({ payload, final }) => (final ? fail(payload.batchId, 'batch processing failed') : undefined),
  });

  const deliverWebhook = async (payload: BatchWebhookJob, job: JobContext): Promise<void> => {
    const batch = await getBatchById(db, payload.batchId);
    if (!batch?.webhookUrl) return;
    const secret = await getWebhookSecret(db, batch.userId);
    if (!secret) throw new UnrecoverableError('user has no webhook secret');
    const body = JSON.stringify({ type: 'batch.completed', batch: batchView(batch) });
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await deliver(
        batch.webhookUrl,
        body,
        {
          'user-agent': 'Parapet-Webhook/1',
          'parapet-event': 'batch.completed',
          'parapet-delivery': batchWebhookJobId(batch.id),
          [SIGNATURE_HEADER]: signatureHeader(secret, body, timestamp),
        },
        { allowPrivate: settings.webhookAllowPrivate, timeoutMs: settings.webhookTimeoutMs },
      );
      logger.info({ batchId: batch.id, status: res.status, attempt: job.attempt }, 'webhook delivered');
    } catch (err) {
      if (err instanceof BlockedTargetError) {
        logger.warn({ batchId: batch.id, reason: err.message }, 'webhook target refused');
        throw new UnrecoverableError('webhook target refused');
      }
      throw err;
    }
  };

  const webhookWorker = registerWorker({
    connection: redis,
    prefix: options.prefix,
    queue: 'webhook',
    schema: batchWebhookJobSchema,
    logger,
    ...(options.registry ? { registry: options.registry } : {}),
    process: deliverWebhook,
  });

  const workers = [batchWorker, webhookWorker];
  try {
    await Promise.all(workers.map((w) => w.worker.waitUntilReady()));
    // A batch whose job was lost (the API died between storing it and queueing it) is queued again;
    // the deterministic job id makes this a no-op for every batch whose job still exists.
    await enqueueBatches(queues.batch, await listUnfinishedBatchIds(db));
  } catch (err) {
    await Promise.allSettled(workers.map((w) => w.close()));
    throw err;
  }
  return { workers };
}
