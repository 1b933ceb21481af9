import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Caller } from '../auth/keys.ts';
import { ApiError } from './errors.ts';

export interface RateLimitSettings {
  keyPerMinute: number;
  keyPerDay: number;
  userPerMinute: number;
  userPerDay: number;
}

interface Window {
  scope: 'key' | 'user';
  seconds: number;
  limit: number;
  id: string;
}

/**
 * Per-key and per-user request limits, shared by every API process through Redis with
 * rate-limiter-flexible's atomic counters. Each request consumes one point from each enabled window,
 * once. A key's own limits (set with the admin CLI) override the global per-key defaults; 0 disables
 * a window. When Redis is unreachable an in-process limiter stands in (each process then enforces
 * its share) so an outage never turns validations into errors.
 */
export function rateLimits(options: {
  redis: unknown;
  prefix: string;
  settings: RateLimitSettings;
  processes: number;
  logger: Logger;
}) {
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = (w: Window) => {
    const name = `${w.scope}:${w.seconds}:${w.limit}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: options.redis,
        keyPrefix: `${options.prefix}:rl:${name}`,
        points: w.limit,
        duration: w.seconds,
        insuranceLimiter: new RateLimiterMemory({
          points: Math.max(1, Math.ceil(w.limit / options.processes)),
          duration: w.seconds,
        }),
      });
      limiters.set(name, limiter);
    }
    return limiter;
  };

  return async (ctx: Context, next: Next) => {
    const caller = (ctx.state as { caller: Caller }).caller;
    const s = options.settings;
    const windows: Window[] = [
      { scope: 'key' as const, seconds: 60, limit: caller.perMinute ?? s.keyPerMinute, id: caller.apiKeyId },
      { scope: 'key' as const, seconds: 86_400, limit: caller.perDay ?? s.keyPerDay, id: caller.apiKeyId },
      { scope: 'user' as const, seconds: 60, limit: s.userPerMinute, id: caller.userId },
      { scope: 'user' as const, seconds: 86_400, limit: s.userPerDay, id: caller.userId },
    ].filter((w) => w.limit > 0);
    if (windows.length === 0) return next();

    const outcomes = await Promise.all(
      windows.map(async (w) => {
        try {
          return { w, res: await limiterFor(w).consume(w.id, 1), allowed: true };
        } catch (rejection) {
          if (rejection instanceof Error) {
            options.logger.warn({ err: rejection.message }, 'rate limiter unavailable; request allowed');
            return undefined;
          }
          return { w, res: rejection as RateLimiterRes, allowed: false };
        }
      }),
    );
    const known = outcomes.filter((o) => o !== undefined);
    if (known.length === 0) return next();
    // Report the window closest to its limit.
    const tightest = known.reduce((a, b) =>
      b.res.remainingPoints / b.w.limit < a.res.remainingPoints / a.w.limit ? b : a,
    );
    ctx.set('RateLimit-Limit', String(tightest.w.limit));
    ctx.set('RateLimit-Remaining', String(Math.max(0, tightest.res.remainingPoints)));
    ctx.set('RateLimit-Reset', String(Math.ceil(tightest.res.msBeforeNext / 1000)));
    ctx.set('RateLimit-Policy', known.map((o) => `${o.w.limit};w=${o.w.seconds}`).join(', '));

    const rejected = known.filter((o) => !o.allowed);
    if (rejected.length > 0) {
      const waitMs = Math.max(...rejected.map((o) => o.res.msBeforeNext));
      const first = rejected[0]!.w;
      throw new ApiError(
        429,
        'rate_limited',
        `rate limit of ${first.limit} requests per ${first.seconds === 60 ? 'minute' : 'day'} per ${first.scope === 'key' ? 'API key' : 'user'} exceeded`,
        undefined,
        { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
      );
    }
    await next();
  };
}
