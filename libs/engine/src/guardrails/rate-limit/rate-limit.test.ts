import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import type { RateLimiterPort } from '../../core/types.ts';
import { rateLimit as g } from './rate-limit.ts';

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
  return { port, advance: (ms: number) => (now += ms) };
}
const make = (config: Record<string, unknown>, limiter?: RateLimiterPort) =>
  g.create(g.configSchema.parse(config), limiter ? { rateLimiter: limiter } : {});
const req = (
  check: ReturnType<typeof make>,
  caller: { userId: string; apiKeyId?: string } = { userId: 'u1' },
  context: CallContext = {},
) => check({ text: 'hi', stage: 'input', context, caller });

describe('RateLimit', () => {
  it('allows up to the limit, then blocks with retryAfterMs, then resets', async () => {
    const l = fakeLimiter();
    const check = make({ limit: 3, windowSeconds: 10 }, l.port);
    for (let i = 0; i < 3; i++) expect((await req(check)).passed).toBe(true);
    const r = await req(check);
    expect(r.passed).toBe(false);
    expect(r.details?.retryAfterMs).toBeGreaterThan(0);
    l.advance(10_000);
    expect((await req(check)).passed).toBe(true);
  });
  it('warns while passing when few requests remain', async () => {
    const check = make({ limit: 5, warnRemaining: 1 }, fakeLimiter().port);
    for (let i = 0; i < 3; i++) await req(check);
    expect((await req(check)).message).toContain('nearly reached');
  });
  it('counts per API key and per end user', async () => {
    const l = fakeLimiter();
    const byKey = make({ limit: 1, keyBy: 'apiKey' }, l.port);
    expect((await req(byKey, { userId: 'u', apiKeyId: 'k1' })).passed).toBe(true);
    expect((await req(byKey, { userId: 'u', apiKeyId: 'k2' })).passed).toBe(true);
    expect((await req(byKey, { userId: 'u', apiKeyId: 'k1' })).passed).toBe(false);
    const byEnd = make({ limit: 1, keyBy: 'endUser' }, l.port);
    expect((await req(byEnd, { userId: 'u' }, { endUserId: 'a' })).passed).toBe(true);
    expect((await req(byEnd, { userId: 'u' }, { endUserId: 'b' })).passed).toBe(true);
    expect((await req(byEnd, { userId: 'u' }, { endUserId: 'a' })).passed).toBe(false);
    expect((await req(byEnd, { userId: 'u' })).details?.keyedBy).toBe('user');
  });
  it('says plainly when no limiter is configured', async () => {
    expect(await req(make({}))).toMatchObject({ passed: true, details: { limiter: 'unavailable' } });
    expect((await req(make({ whenUnavailable: 'fail' }))).passed).toBe(false);
  });
});
