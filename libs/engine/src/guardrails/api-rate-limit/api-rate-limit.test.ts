import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import type { RateLimiterPort } from '../../core/types.ts';
import { apiRateLimit as g } from './api-rate-limit.ts';

/** In-memory fixed-window limiter with a controllable clock. */
function fakeLimiter() {
  const counts = new Map<string, { n: number; resetAt: number }>();
  let now = 0;
  const port: RateLimiterPort = {
    async consume(key, limit, windowSeconds) {
      let c = counts.get(key);
      if (!c || now >= c.resetAt) {
        c = { n: 0, resetAt: now + windowSeconds * 1000 };
        counts.set(key, c);
      }
      c.n++;
      return {
        allowed: c.n <= limit,
        remaining: Math.max(0, limit - c.n),
        retryAfterMs: c.n <= limit ? 0 : c.resetAt - now,
      };
    },
  };
  return { port, advance: (ms: number) => (now += ms), keys: () => [...counts.keys()] };
}

const make = (config: Record<string, unknown>, limiter?: RateLimiterPort) =>
  g.create(g.configSchema.parse(config), limiter ? { rateLimiter: limiter } : {});
const call = (check: ReturnType<typeof make>, name: string, userId = 'u1', context: CallContext = {}) =>
  check({ text: '', stage: 'tool', context, toolCall: { name, arguments: {} }, caller: { userId } });

describe('ApiRateLimit', () => {
  it('blocks the call over the limit and recovers after the window', async () => {
    const l = fakeLimiter();
    const check = make({ limit: 2, windowSeconds: 60 }, l.port);
    expect((await call(check, 'search')).passed).toBe(true);
    expect((await call(check, 'search')).passed).toBe(true);
    const third = await call(check, 'search');
    expect(third).toMatchObject({ passed: false, message: expect.stringContaining('rate limit exceeded') });
    expect(third.details?.retryAfterMs).toBeGreaterThan(0);
    expect((await call(check, 'calculator')).passed).toBe(true);
    expect((await call(check, 'search', 'u2')).passed).toBe(true);
    l.advance(61_000);
    expect((await call(check, 'search')).passed).toBe(true);
  });
  it('applies per-tool overrides', async () => {
    const l = fakeLimiter();
    const check = make({ limit: 100, perTool: { 'send_*': { limit: 1, windowSeconds: 3600 } } }, l.port);
    expect((await call(check, 'send_email')).passed).toBe(true);
    expect(await call(check, 'send_email')).toMatchObject({
      passed: false,
      details: { limit: 1, windowSeconds: 3600 },
    });
  });
  it('keys by end user when asked, following onMissing without one', async () => {
    const l = fakeLimiter();
    const check = make({ limit: 1, keyBy: 'endUser' }, l.port);
    expect((await call(check, 'x', 'u1', { endUserId: 'alice' })).passed).toBe(true);
    expect((await call(check, 'x', 'u1', { endUserId: 'alice' })).passed).toBe(false);
    expect((await call(check, 'x', 'u1', { endUserId: 'bob' })).passed).toBe(true);
    expect(await call(check, 'x', 'u1')).toMatchObject({
      passed: true,
      message: expect.stringContaining('No endUserId'),
    });
  });
  it('says plainly when no limiter is configured', async () => {
    expect(await call(make({}), 'x')).toMatchObject({ passed: true, details: { limiter: 'unavailable' } });
    expect((await call(make({ whenUnavailable: 'fail' }), 'x')).passed).toBe(false);
  });
});
