import type { Logger } from 'pino';

/**
 * Remembers which API keys were used and writes them to `last_used_at` in one UPDATE per interval,
 * so authentication stays off Postgres on the hot path. `last_used_at` is therefore accurate to
 * the interval; the set holds at most one entry per key in use.
 */
export class KeyUsageRecorder {
  readonly #pending = new Set<string>();
  readonly #write: (ids: string[], at: Date) => Promise<void>;
  readonly #logger: Logger;
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();

  constructor(options: {
    write: (ids: string[], at: Date) => Promise<void>;
    intervalMs: number;
    logger: Logger;
  }) {
    this.#write = options.write;
    this.#logger = options.logger;
    this.#timer = setInterval(() => void this.flush(), options.intervalMs);
    this.#timer.unref();
  }

  record(apiKeyId: string): void {
    this.#pending.add(apiKeyId);
  }

  /** Writes what was recorded since the last flush; a failed write is logged and retried next time. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#pending.size === 0) return;
      const ids = [...this.#pending];
      this.#pending.clear();
      try {
        await this.#write(ids, new Date());
      } catch (err) {
        for (const id of ids) this.#pending.add(id);
        this.#logger.warn(
          { err: err instanceof Error ? err.message : String(err), keys: ids.length },
          'could not record API key use; retrying at the next flush',
        );
      }
    });
    return this.#flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
