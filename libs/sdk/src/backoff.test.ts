import { describe, expect, it } from 'vitest';
import { backoffDelayMs, parseRetryAfter } from './backoff.ts';

const opts = { baseDelayMs: 100, maxDelayMs: 1_000 };

describe('backoffDelayMs (exponential, full jitter)', () => {
  it('is random·min(max, base·2^attempt)', () => {
    expect(backoffDelayMs(0, opts, () => 0.5)).toBe(50);
    expect(backoffDelayMs(1, opts, () => 0.5)).toBe(100);
    expect(backoffDelayMs(2, opts, () => 0.5)).toBe(200);
    expect(backoffDelayMs(3, opts, () => 0.5)).toBe(400);
  });

  it('is capped at maxDelayMs however many attempts', () => {
    expect(backoffDelayMs(4, opts, () => 0.999_999)).toBe(999);
    expect(backoffDelayMs(50, opts, () => 0.999_999)).toBe(999);
    expect(backoffDelayMs(10_000, opts, () => 0.999_999)).toBe(999);
  });

  it('spans the whole range [0, cap): full jitter, not equal jitter', () => {
    expect(backoffDelayMs(3, opts, () => 0)).toBe(0);
    const samples = Array.from({ length: 2_000 }, () => backoffDelayMs(3, opts));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...samples)).toBeLessThan(800);
    expect(Math.min(...samples)).toBeLessThan(100);
    expect(Math.max(...samples)).toBeGreaterThan(700);
  });

  it('treats a negative attempt as the first', () => {
    expect(backoffDelayMs(-3, opts, () => 0.5)).toBe(50);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1.5);
  });
  it('reads an HTTP date, in the past as 0', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });
  it('is undefined when absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
  });
});
