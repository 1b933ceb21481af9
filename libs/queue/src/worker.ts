import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Registry } from 'prom-client';
import type { RedisConnection } from './connection.ts';
import { describeError, type QueueLogger } from './logger.ts';
import { queueMetrics } from './metrics.ts';
import { bullPrefix, QUEUES, type QueueKey } from './names.ts';
import { type LockSettings, WORKER_CONCURRENCY } from './options.ts';

const INVALID_PAYLOAD = 'invalid job payload';

/** The part of a zod schema used here (so this lib needs no zod import). */
export interface PayloadSchema<T> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; code: string }> } };
}

export interface JobContext {
  id: string | undefined;
  queue: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Configured attempts (1 when no retries). */
  maxAttempts: number;
  /** Reports progress (0–1) of a long-running job; readers see it on the job. */
  updateProgress(progress: number): Promise<void>;
}

/** A failed attempt of a job whose payload parsed (an invalid payload is logged and counted instead). */
export interface JobFailure<T> {
  payload: T;
  id: string | undefined;
  /** Attempts made so far. */
  attempt: number;
  /** True when the job will not run again (out of attempts, or unrecoverable). */
  final: boolean;
  err: Error;
}

export interface RegisterWorkerOptions<T> {
  /** A `worker` connection (maxRetriesPerRequest: null); BullMQ duplicates it for its blocking client. */
  connection: RedisConnection;
  prefix: string;
  queue: QueueKey;
  schema: PayloadSchema<T>;
  /** Resolve only once the work is durable: the job is acknowledged when this resolves. */
  process: (payload: T, ctx: JobContext) => Promise<void>;
  logger: QueueLogger;
  concurrency?: number;
  registry?: Registry;
  /**
   * For long-running jobs (a batch): the lock the worker holds and renews while a job runs. A worker
   * that dies loses it after `durationMs`; the next stalled check gives the job to another worker,
   * whose processor must resume (not restart) the work. Without it, BullMQ's defaults apply.
   */
  lock?: LockSettings;
  /** Called after each failed attempt (errors it throws or rejects with are logged). */
  onFailed?: (failure: JobFailure<T>) => void | Promise<void>;
}

export interface RegisteredWorker {
  queue: string;
  worker: Worker;
  /** Stops taking jobs, waits for in-flight ones to finish, closes the worker's connections. */
  close(): Promise<void>;
}

/**
 * Starts a BullMQ worker for one queue. The payload is parsed with the contract's schema first; a bad
 * payload can never succeed, so it fails the job with UnrecoverableError (no retries). Logs queue, job
 * id and attempt — never the payload — and records prom-client metrics.
 */
export function registerWorker<T>(options: RegisterWorkerOptions<T>): RegisteredWorker {
  const queueName = QUEUES[options.queue];
  const { logger } = options;
  const metrics = queueMetrics(options.registry);

  const processor = async (job: Job): Promise<void> => {
    const ctx: JobContext = {
      id: job.id,
      queue: queueName,
      attempt: job.attemptsMade + 1,
      maxAttempts: job.opts.attempts ?? 1,
      updateProgress: (progress) => job.updateProgress(progress),
    };
    const parsed = options.schema.safeParse(job.data);
    if (!parsed.success) {
      metrics.jobs.inc({ queue: queueName, status: 'invalid' });
      const issues = parsed.error.issues
        .slice(0, 10)
        .map((i) => ({ path: i.path.map(String).join('.'), code: i.code }));
      logger.error({ queue: queueName, jobId: job.id, attempt: ctx.attempt, issues }, 'invalid job payload');
      throw new UnrecoverableError(INVALID_PAYLOAD);
    }
    const end = metrics.jobDuration.startTimer({ queue: queueName });
    try {
      await options.process(parsed.data, ctx);
    } finally {
      end();
    }
  };

  const worker = new Worker(queueName, processor, {
    connection: options.connection,
    prefix: bullPrefix(options.prefix),
    concurrency: options.concurrency ?? WORKER_CONCURRENCY[options.queue],
    ...(options.lock
      ? {
          lockDuration: options.lock.durationMs,
          stalledInterval: options.lock.stalledIntervalMs,
          maxStalledCount: options.lock.maxStalledCount,
        }
      : {}),
  });

  worker.on('active', (job) => {
    logger.debug({ queue: queueName, jobId: job.id, attempt: job.attemptsMade + 1 }, 'job started');
  });
  worker.on('completed', (job) => {
    metrics.jobs.inc({ queue: queueName, status: 'completed' });
    logger.debug({ queue: queueName, jobId: job.id, attempt: job.attemptsMade }, 'job completed');
  });
  worker.on('failed', (job, err) => {
    if (job && options.onFailed) notifyFailure(job, err);
    if (err instanceof UnrecoverableError && err.message === INVALID_PAYLOAD) return; // counted and logged as invalid
    metrics.jobs.inc({ queue: queueName, status: 'failed' });
    const attempt = job ? job.attemptsMade : undefined;
    const maxAttempts = job?.opts.attempts ?? 1;
    const willRetry =
      !(err instanceof UnrecoverableError) &&
      job !== undefined &&
      attempt !== undefined &&
      attempt < maxAttempts;
    logger[willRetry ? 'warn' : 'error'](
      { queue: queueName, jobId: job?.id, attempt, maxAttempts, willRetry, err: describeError(err) },
      willRetry ? 'job failed, will retry' : 'job failed permanently',
    );
  });
  function notifyFailure(job: Job, err: Error): void {
    const onFailed = options.onFailed!;
    const parsed = options.schema.safeParse(job.data);
    if (!parsed.success) return;
    job
      .getState()
      .then((state) =>
        onFailed({
          payload: parsed.data,
          id: job.id,
          attempt: job.attemptsMade,
          final: state === 'failed',
          err,
        }),
      )
      .catch((e: unknown) =>
        logger.error({ queue: queueName, jobId: job.id, err: describeError(e) }, 'failure handler failed'),
      );
  }

  worker.on('stalled', (jobId) => {
    logger.warn({ queue: queueName, jobId }, 'job stalled, will be reprocessed');
  });
  let lastError = 0;
  worker.on('error', (err) => {
    const now = Date.now();
    if (now - lastError < 10_000) return;
    lastError = now;
    logger.error({ queue: queueName, err: describeError(err) }, 'worker error');
  });

  return {
    queue: queueName,
    worker,
    close: () => worker.close(),
  };
}
