import { AbortError, TimeoutError } from '../errors.ts';
import type { RequestOptions, RouteDef, Transport } from '../transport.ts';
import type {
  Batch,
  BatchAccepted,
  BatchCreateRequest,
  BatchList,
  BatchListQuery,
  BatchResultItem,
  BatchResultsPage,
  BatchResultsQuery,
} from '../types.ts';

export const batchRoutes = {
  'batches.create': { method: 'POST', path: '/api/batches', retry: 'unsafe' },
  'batches.list': { method: 'GET', path: '/api/batches', retry: 'idempotent' },
  'batches.get': { method: 'GET', path: '/api/batches/{id}', retry: 'idempotent' },
  'batches.results': { method: 'GET', path: '/api/batches/{id}/results', retry: 'idempotent' },
  'batches.cancel': { method: 'DELETE', path: '/api/batches/{id}', retry: 'idempotent' },
} as const satisfies Record<string, RouteDef>;

const ENDED: readonly Batch['status'][] = ['completed', 'failed', 'cancelled'];

export interface WaitOptions extends RequestOptions {
  /** Give up after this many ms (default 10 minutes): rejects with TimeoutError. */
  deadlineMs?: number | undefined;
  /** Pause between polls (default 1 000 ms). */
  intervalMs?: number | undefined;
}

/** Asynchronous batch validation: submit up to 10 000 texts, then poll, page the results, or cancel. */
export class Batches {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Submits a batch (202). `webhookSecret` is in the answer only the first time a webhook is asked
   * for: keep it to verify webhook signatures. Not retried unless the server certainly did not apply it.
   */
  async create(request: BatchCreateRequest, options?: RequestOptions): Promise<BatchAccepted> {
    return (await this.#t.request<BatchAccepted>(batchRoutes['batches.create'], { body: request }, options))
      .data;
  }

  /** Status, counts, progress and timestamps. */
  async get(id: string, options?: RequestOptions): Promise<Batch> {
    return (await this.#t.request<Batch>(batchRoutes['batches.get'], { params: { id } }, options)).data;
  }

  /** The caller's batches, newest first; pass `nextCursor` back as `cursor`. */
  async list(query: BatchListQuery = {}, options?: RequestOptions): Promise<BatchList> {
    return (await this.#t.request<BatchList>(batchRoutes['batches.list'], { query }, options)).data;
  }

  /** One page of results in item order (items processed so far); pass `nextCursor` back as `cursor`. */
  async results(
    id: string,
    query: BatchResultsQuery = {},
    options?: RequestOptions,
  ): Promise<BatchResultsPage> {
    return (
      await this.#t.request<BatchResultsPage>(
        batchRoutes['batches.results'],
        { params: { id }, query },
        options,
      )
    ).data;
  }

  /** Cancels the items not yet processed; an ended batch is returned unchanged. */
  async cancel(id: string, options?: RequestOptions): Promise<Batch> {
    return (await this.#t.request<Batch>(batchRoutes['batches.cancel'], { params: { id } }, options)).data;
  }

  /** Polls until the batch ended (completed, failed or cancelled) and returns it; TimeoutError after `deadlineMs`. */
  async wait(id: string, options: WaitOptions = {}): Promise<Batch> {
    const { deadlineMs = 600_000, intervalMs = 1_000, ...requestOptions } = options;
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const batch = await this.get(id, requestOptions);
      if (ENDED.includes(batch.status)) return batch;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new TimeoutError(`batch ${id} did not end within ${deadlineMs} ms (status ${batch.status})`, {
          code: 'timeout',
        });
      }
      await sleep(Math.min(intervalMs, remaining), requestOptions.signal);
    }
  }

  /** Every stored result in item order, page by page (`pageSize` default 1 000). */
  async *allResults(
    id: string,
    options: RequestOptions & { pageSize?: number | undefined } = {},
  ): AsyncGenerator<BatchResultItem, void, undefined> {
    const { pageSize = 1_000, ...requestOptions } = options;
    let cursor: string | undefined;
    do {
      const page = await this.results(id, { limit: pageSize, ...(cursor ? { cursor } : {}) }, requestOptions);
      yield* page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError('aborted', { code: 'aborted', cause: signal.reason }));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError('aborted', { code: 'aborted', cause: signal?.reason }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
