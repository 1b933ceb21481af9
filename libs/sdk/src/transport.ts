import { type BackoffOptions, backoffDelayMs, DEFAULT_BACKOFF, parseRetryAfter } from './backoff.ts';
import {
  AbortError,
  ConnectionError,
  errorFromResponse,
  ParapetError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from './errors.ts';
import type { ApiPath } from './types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * When a route's request may be sent again after a failure:
 * - `idempotent`: sending it twice has the effect of sending it once (GET, PUT, DELETE, and
 *   POST /api/validate, which changes nothing but an analytics record keyed by the request id the
 *   client repeats on every attempt). Retried on 429, 502, 503, 504 and connection errors.
 * - `if-match`: idempotent when the request carries an If-Match ETag (a second application finds
 *   a newer version and gets 412 instead of applying twice); otherwise as `unsafe`.
 * - `unsafe` (creating POSTs): retried only when the server is known not to have applied it — a 429
 *   (rejected before any handler ran) or a refused connection (the request never reached a server).
 */
export type RetryPolicy = 'idempotent' | 'if-match' | 'unsafe';

export interface RouteDef {
  method: HttpMethod;
  /** The path as in the OpenAPI document; a path the server does not have does not type-check. */
  path: ApiPath;
  retry: RetryPolicy;
}

/** Options every method accepts as its last argument. */
export interface RequestOptions {
  /** Cancels the call (including retries and the waits between them); rejects with AbortError. */
  signal?: AbortSignal | undefined;
  /** Deadline of the whole call, retries included, in ms; overrides the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt; overrides the client's `maxRetries` (0 disables retrying). */
  maxRetries?: number | undefined;
  /** Sent as `x-request-id` on every attempt (default: a new UUID per call). */
  requestId?: string | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
}

export interface TransportOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  /** Longest `Retry-After` the client waits for, in ms; longer ones are thrown as RateLimitError. */
  maxRetryAfterMs: number;
  backoff: BackoffOptions;
  fetch: typeof fetch;
  random: () => number;
}

export interface RequestInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | Date | undefined>;
  body?: unknown;
  headers?: Record<string, string> | undefined;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  requestId: string;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const REFUSED = new Set(['ECONNREFUSED', 'ConnectionRefused']);

export class Transport {
  readonly options: TransportOptions;

  constructor(options: TransportOptions) {
    this.options = options;
  }

  async request<T>(
    route: RouteDef,
    input: RequestInput = {},
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = this.url(route.path, input);
    const requestId = options.requestId ?? newRequestId();
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...input.headers,
      ...options.headers,
      authorization: `Bearer ${this.options.apiKey}`,
      'x-request-id': requestId,
    };
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const ifMatch = Object.entries(headers).find(([k]) => k.toLowerCase() === 'if-match')?.[1];
    const idempotent =
      route.retry === 'idempotent' || (route.retry === 'if-match' && !!ifMatch && ifMatch.trim() !== '*');
    const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? this.options.maxRetries));
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;

    // One controller for the whole call: the caller's signal and the deadline both abort it.
    const controller = new AbortController();
    const userSignal = options.signal;
    if (userSignal?.aborted) throw abortError(userSignal.reason, requestId);
    const onUserAbort = () => controller.abort(userSignal?.reason);
    userSignal?.addEventListener('abort', onUserAbort, { once: true });
    let timedOut = false;
    const deadline = Date.now() + timeoutMs;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    const aborted = (cause: unknown): ParapetError =>
      userSignal?.aborted
        ? abortError(userSignal.reason, requestId)
        : timedOut
          ? new TimeoutError(`no response within ${timeoutMs} ms`, {
              code: 'timeout',
              requestId,
              cause,
            })
          : new ConnectionError('the request was aborted', { code: 'connection_error', requestId, cause });

    try {
      for (let attempt = 0; ; attempt++) {
        let error: ParapetError;
        let mayHaveApplied = false;
        try {
          const res = await this.options.fetch(url, {
            method: route.method,
            headers,
            ...(body !== undefined ? { body } : {}),
            signal: controller.signal,
          });
          const text = await res.text();
          if (res.ok) {
            return {
              data: parseBody<T>(text, res, requestId),
              status: res.status,
              headers: res.headers,
              requestId: res.headers.get('x-request-id') ?? requestId,
            };
          }
          error = errorFromResponse(
            res.status,
            res.headers,
            text,
            parseRetryAfter(res.headers.get('retry-after')),
          );
          if (!RETRYABLE_STATUS.has(res.status)) throw error;
          // A 429 was refused before any handler ran; a 5xx from a proxy may hide an applied request.
          mayHaveApplied = res.status !== 429;
        } catch (err) {
          if (err instanceof ParapetError) throw err;
          if (controller.signal.aborted) throw aborted(err);
          error = new ConnectionError(`could not reach ${this.options.baseUrl}: ${describe(err)}`, {
            code: 'connection_error',
            requestId,
            cause: err,
          });
          mayHaveApplied = !REFUSED.has(causeCode(err) ?? '');
        }

        if (attempt >= maxRetries || (!idempotent && mayHaveApplied)) throw error;
        const delay = this.retryDelay(error, attempt);
        if (delay === undefined || Date.now() + delay >= deadline) throw error;
        try {
          await sleep(delay, controller.signal);
        } catch (cause) {
          throw aborted(cause);
        }
      }
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onUserAbort);
    }
  }

  /** The wait before the next attempt: the server's Retry-After when it sent one, else backoff. */
  private retryDelay(error: ParapetError, attempt: number): number | undefined {
    const retryAfter =
      error instanceof RateLimitError
        ? error.retryAfter
        : error instanceof ServerError
          ? parseRetryAfter(error.headers?.get('retry-after'))
          : undefined;
    if (retryAfter !== undefined) {
      const ms = Math.ceil(retryAfter * 1000);
      return ms > this.options.maxRetryAfterMs ? undefined : ms;
    }
    return backoffDelayMs(attempt, this.options.backoff, this.options.random);
  }

  private url(path: ApiPath, input: RequestInput): string {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = input.params?.[name];
      if (value === undefined || value === '') throw new TypeError(`missing path parameter "${name}"`);
      return encodeURIComponent(String(value));
    });
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(input.query ?? {})) {
      if (v !== undefined) query.set(k, v instanceof Date ? v.toISOString() : String(v));
    }
    const qs = query.toString();
    return `${this.options.baseUrl}${filled}${qs ? `?${qs}` : ''}`;
  }
}

export const DEFAULTS = {
  baseUrl: 'http://127.0.0.1:8080',
  timeoutMs: 30_000,
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  backoff: DEFAULT_BACKOFF,
} as const;

function parseBody<T>(text: string, res: Response, requestId: string): T {
  if (res.status === 204 || text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ParapetError(`the server answered ${res.status} with a body that is not JSON`, {
      status: res.status,
      code: 'invalid_response',
      requestId: res.headers.get('x-request-id') ?? requestId,
      headers: res.headers,
      cause,
    });
  }
}

function abortError(reason: unknown, requestId: string): AbortError {
  return new AbortError('the request was aborted by the caller', {
    code: 'aborted',
    requestId,
    cause: reason,
  });
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function causeCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function describe(err: unknown): string {
  const code = causeCode(err);
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${message} (${code})` : message;
}

function newRequestId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}
