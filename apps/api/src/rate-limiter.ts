import type { RateLimiterPort } from '@parapet/engine';
import { RateLimiterRedis } from 'rate-limiter-flexible';

/**
 * Shared counters for the RateLimit and ApiRateLimit guardrails: rate-limiter-flexible's atomic
 * Redis algorithm, so the limit holds across API replicas. One limiter per (limit, window) pair.
 */
export function createRedisRateLimiter(redis: unknown, keyPrefix: string): RateLimiterPort {
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = (limit: number, windowSeconds: number) => {
    const id = `${limit}/${windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}:grl:${id}`,
        points: limit,
        duration: windowSeconds,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async consume(key, limit, windowSeconds) {
      try {
        const res = await limiterFor(limit, windowSeconds).consume(key, 1);
        return { allowed: true, remaining: res.remainingPoints, retryAfterMs: 0 };
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection; // Redis failure, not a limit
        const res = rejection as { remainingPoints: number; msBeforeNext: number };
        return { allowed: false, remaining: res.remainingPoints, retryAfterMs: res.msBeforeNext };
      }
    },
  };
}
