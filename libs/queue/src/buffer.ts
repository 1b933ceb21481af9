import { createHash } from 'node:crypto';
import type { AnalyticsJob, ExecutionRecord } from '@parapet/contracts';
import type { Registry } from 'prom-client';
import { describeError, type QueueLogger, silentLogger } from './logger.ts';
import { bufferMetrics } from './metrics.ts';
import { QUEUES } from './names.ts';

/** The one call the buffer makes on its queue (a BullMQ Queue satisfies it). */
export interface AnalyticsBufferQueue {
  addBulk(jobs: Array<{ name: string; data: AnalyticsJob; opts: { jobId: string } }>): Promise<unknown>;
}

export interface AnalyticsBufferOptions {
  queue: AnalyticsBufferQueue;
  /** Records per job (≤ 10 000, the contract's bound). */
  maxBatch: number;
  /** Timer flush interval. */
  flushIntervalMs: number;
  /** Records kept at most while the queue is unreachable; beyond that the oldest are dropped. */
  maxBuffered: number;
  logger?: QueueLogger;
  registry?: Registry;
  /** How long one flush waits for Redis before giving up until the next flush; default 2 000 ms. */
  sendTimeoutMs?: number;
  /** Micro-batches per Redis round trip; default 20. */
  batchesPerCall?: number;
}

export interface AnalyticsBuffer {
  /** Synchronous; never waits on Redis, never throws. Drops the oldest record when full. */
  add(record: ExecutionRecord): void;
  /** Hands every buffered record to the queue; resolves when done or when Redis failed (records stay buffered). Never rejects. */
  flush(): Promise<void>;
  /** Stops the timer and flushes until empty or `timeoutMs` (default 5 000) passed; later adds are dropped. */
  close(timeoutMs?: number): Promise<void>;
  /** Records not yet accepted by the queue. */
  pending(): number;
  /** Records dropped so far (buffer full, or added after close). */
  dropped(): number;
}

interface Batch {
  records: ExecutionRecord[];
  /** Fixed at the first send; the records of a batch are never changed afterwards except by dropping it whole. */
  jobId?: string;
  /** The send in flight (it may outlive a flush that timed out waiting for it). */
  attempt?: Promise<boolean>;
}

/**
 * Job id of a micro-batch, derived from its first record id (and size): a retried send of the same
 * batch — after a timeout whose write did land — is deduplicated by BullMQ. Hashed because record ids
 * are free text and BullMQ forbids ':' and integer-looking ids.
 */
export function analyticsJobId(records: readonly ExecutionRecord[]): string {
  const first = records[0]?.id ?? '';
  return `a-${createHash('sha256').update(first).digest('hex').slice(0, 32)}-${records.length}`;
}

/**
 * In-process bounded buffer between the API hot path and the analytics queue (architecture pattern 2).
 * Records are grouped into micro-batches of ≤ maxBatch; a timer (and a full batch) triggers a flush;
 * flushes never overlap. When Redis is slow or down, records wait (bounded by maxBuffered, oldest
 * dropped first and counted) and go out on a later flush.
 */
export function createAnalyticsBuffer(options: AnalyticsBufferOptions): AnalyticsBuffer {
  const maxBatch = Math.max(1, Math.min(10_000, Math.floor(options.maxBatch)));
  const maxBuffered = Math.max(1, Math.floor(options.maxBuffered));
  const sendTimeoutMs = options.sendTimeoutMs ?? 2_000;
  const batchesPerCall = Math.max(1, options.batchesPerCall ?? 20);
  const logger = options.logger ?? silentLogger;
  const metrics = bufferMetrics(options.registry);

  const batches: Batch[] = [];
  let open: ExecutionRecord[] = [];
  let count = 0;
  let droppedCount = 0;
  let closed = false;
  let chain: Promise<void> = Promise.resolve();
  let queued = 0; // flushes running or waiting on the chain
  let lastFailureLog = 0;

  const changePending = (delta: number) => {
    count += delta;
    metrics.pending.inc(delta);
  };
  const drop = (n: number) => {
    droppedCount += n;
    metrics.dropped.inc(n);
  };
  const seal = () => {
    if (open.length > 0) {
      batches.push({ records: open });
      open = [];
    }
  };
  const removeBatch = (b: Batch): boolean => {
    const i = batches.indexOf(b);
    if (i < 0) return false;
    batches.splice(i, 1);
    changePending(-b.records.length);
    return true;
  };
  const dropOldest = () => {
    const head = batches[0];
    if (head) {
      if (head.attempt) {
        // A send is in flight with these records: the batch can only go whole.
        removeBatch(head);
        drop(head.records.length);
      } else {
        head.records.shift();
        changePending(-1);
        drop(1);
        if (head.records.length === 0) batches.shift();
      }
    } else if (open.length > 0) {
      open.shift();
      changePending(-1);
      drop(1);
    }
  };

  const send = (group: Batch[]): Promise<boolean> => {
    const jobs = group.map((b) => {
      b.jobId ??= analyticsJobId(b.records);
      return { name: QUEUES.analytics, data: { records: b.records }, opts: { jobId: b.jobId } };
    });
    const end = metrics.flushDuration.startTimer();
    let call: Promise<unknown>;
    try {
      call = options.queue.addBulk(jobs);
    } catch (err) {
      call = Promise.reject(err);
    }
    const attempt = call.then(
      () => {
        end();
        let n = 0;
        for (const b of group) if (removeBatch(b)) n += b.records.length;
        metrics.enqueued.inc(n);
        return true;
      },
      (err: unknown) => {
        for (const b of group) b.attempt = undefined;
        metrics.flushFailures.inc();
        const now = Date.now();
        if (now - lastFailureLog > 10_000) {
          lastFailureLog = now;
          logger.warn(
            { queue: QUEUES.analytics, pending: count, err: describeError(err) },
            'analytics flush failed; records kept',
          );
        }
        return false;
      },
    );
    for (const b of group) b.attempt = attempt;
    return attempt;
  };

  const withTimeout = (p: Promise<boolean>): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), sendTimeoutMs);
    });
    return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
  };

  const runOnce = async (): Promise<void> => {
    seal();
    while (batches.length > 0) {
      const head = batches[0]!;
      let ok: boolean;
      if (head.attempt) {
        ok = await withTimeout(head.attempt);
      } else {
        const group: Batch[] = [];
        for (const b of batches) {
          if (b.attempt || group.length >= batchesPerCall) break;
          group.push(b);
        }
        ok = await withTimeout(send(group));
      }
      if (!ok) {
        const now = Date.now();
        if (now - lastFailureLog > 10_000) {
          lastFailureLog = now;
          logger.warn(
            { queue: QUEUES.analytics, pending: count },
            'analytics queue unreachable; records kept',
          );
        }
        return;
      }
    }
  };

  const flush = (): Promise<void> => {
    queued++;
    const run = chain.then(runOnce).catch((err: unknown) => {
      logger.error({ err: describeError(err) }, 'analytics flush crashed');
    });
    chain = run.finally(() => {
      queued--;
    });
    return chain;
  };

  const timer = setInterval(
    () => {
      if (queued === 0 && count > 0) void flush();
    },
    Math.max(1, options.flushIntervalMs),
  );
  timer.unref();

  return {
    add(record) {
      try {
        if (closed) {
          drop(1);
          return;
        }
        while (count >= maxBuffered && count > 0) dropOldest();
        open.push(record);
        changePending(1);
        if (open.length >= maxBatch) {
          seal();
          if (queued === 0) setImmediate(() => void flush());
        }
      } catch {
        // Analytics must never break a validation.
      }
    },
    flush,
    async close(timeoutMs = 5_000) {
      closed = true;
      clearInterval(timer);
      const deadline = Date.now() + timeoutMs;
      while (count > 0 && Date.now() < deadline) {
        await flush();
        if (count > 0)
          await new Promise((r) => setTimeout(r, Math.min(100, Math.max(0, deadline - Date.now()))));
      }
      if (count > 0) {
        logger.error(
          { queue: QUEUES.analytics, pending: count },
          'analytics buffer closed with records not enqueued',
        );
        drop(count);
        changePending(-count);
        batches.length = 0;
        open = [];
      }
    },
    pending: () => count,
    dropped: () => droppedCount,
  };
}
