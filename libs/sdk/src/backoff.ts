/** Retry timing: exponential backoff with full jitter, and the `Retry-After` header. */

export interface BackoffOptions {
  /** Delay cap of the first retry, in ms (it doubles per attempt). */
  baseDelayMs: number;
  /** Upper bound of any backoff delay, in ms. */
  maxDelayMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseDelayMs: 250, maxDelayMs: 8_000 };

/**
 * Full jitter (a uniformly random delay between 0 and min(max, base·2^attempt)): spreads the retries
 * of many clients that failed together instead of synchronising them. `attempt` counts from 0 for
 * the first retry.
 */
export function backoffDelayMs(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exp = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.floor(random() * exp);
}

/**
 * A `Retry-After` header value in seconds: delay-seconds (`"3"`, `"1.5"`) or an HTTP date. Undefined
 * when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  // An HTTP date names its weekday or month; anything else (`-1`, `2`-ish) is unreadable.
  const at = /[A-Za-z]/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
