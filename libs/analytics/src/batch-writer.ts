import type { ExecutionRecord } from '@parapet/contracts';

export interface BatchedWriterOptions {
  /** Performs one insert (insertExecutions bound to a client). */
  insert: (records: ExecutionRecord[]) => Promise<void>;
  /** Flush as soon as this many rows wait; default 20 000. */
  maxRows?: number;
  /** Flush at the latest this long after the first waiting row; default 100 ms. */
  maxWaitMs?: number;
  /** Called after every insert attempt (metrics). */
  onFlush?: (info: { rows: number; seconds: number; ok: boolean }) => void;
}

export interface BatchedWriter {
  /** Resolves once these records are in ClickHouse (in an insert with others); rejects if that insert failed. */
  write(records: readonly ExecutionRecord[]): Promise<void>;
  /** Rows waiting for an insert. */
  pending(): number;
  /** Inserts everything waiting, then refuses further writes. */
  shutdown(): Promise<void>;
}

interface Group {
  records: ExecutionRecord[];
  waiters: Array<{ resolve: () => void; reject: (err: unknown) => void }>;
}

/**
 * Coalesces the records of concurrently processed jobs into fewer, larger ClickHouse inserts (size and
 * interval triggers, one insert at a time). Each caller learns the outcome of the insert that carried its
 * records, so a queue job is acknowledged only after its rows are durable, and fails (to be retried)
 * otherwise — retries are harmless because the table deduplicates by execution id.
 */
export function createBatchedWriter(options: BatchedWriterOptions): BatchedWriter {
  const maxRows = options.maxRows ?? 20_000;
  const maxWaitMs = options.maxWaitMs ?? 100;
  let current: Group = { records: [], waiters: [] };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = async (): Promise<void> => {
    while (current.records.length > 0) {
      const group = current;
      current = { records: [], waiters: [] };
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      const started = performance.now();
      try {
        await options.insert(group.records);
        options.onFlush?.({
          rows: group.records.length,
          seconds: (performance.now() - started) / 1000,
          ok: true,
        });
        for (const w of group.waiters) w.resolve();
      } catch (err) {
        options.onFlush?.({
          rows: group.records.length,
          seconds: (performance.now() - started) / 1000,
          ok: false,
        });
        for (const w of group.waiters) w.reject(err);
      }
    }
  };

  const kick = () => {
    if (running) return;
    running = run().finally(() => {
      running = undefined;
      // Rows that arrived during the last insert but below maxRows wait for the timer.
      if (current.records.length > 0 && !timer) timer = setTimeout(kick, maxWaitMs);
    });
  };

  return {
    write(records) {
      if (stopped) return Promise.reject(new Error('analytics writer is shut down'));
      if (records.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        for (const r of records) current.records.push(r);
        current.waiters.push({ resolve, reject });
        if (current.records.length >= maxRows) kick();
        else if (!timer && !running) timer = setTimeout(kick, maxWaitMs);
      });
    },
    pending: () => current.records.length,
    async shutdown() {
      stopped = true;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      while (running || current.records.length > 0) {
        kick();
        await running;
      }
    },
  };
}
