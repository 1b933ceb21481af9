import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';

export const rateLimit = defineGuardrail({
  name: 'RateLimit',
  stages: ['input', 'output'],
  category: 'operational',
  description:
    'Limits requests per account, API key or end user (`context.endUserId`) over a window, counting in the shared rate limiter (Redis); warns (passing) when few requests remain. Without a limiter it follows `whenUnavailable`.',
  defaultSeverity: 'high',
  config: {
    limit: z.number().int().positive().max(10_000_000).default(100).describe('Requests allowed per window.'),
    windowSeconds: z
      .number()
      .int()
      .positive()
      .max(86_400 * 31)
      .default(60)
      .describe('Window length in seconds.'),
    keyBy: z
      .enum(['user', 'apiKey', 'endUser'])
      .default('user')
      .describe(
        'Who is counted: the account, the API key, or `context.endUserId` (falling back to the API key, then the account, when absent).',
      ),
    warnRemaining: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(0)
      .describe(
        'Pass with a warning message when at most this many requests remain in the window (0: never).',
      ),
    whenUnavailable: z
      .enum(['pass', 'fail'])
      .default('pass')
      .describe('What to do when the engine runs without a rate limiter (no shared counters).'),
  },
  example: { limit: 60, windowSeconds: 60, keyBy: 'endUser', warnRemaining: 5 },
  create(config, services) {
    return async ({ caller, context, stage }) => {
      const limiter = services.rateLimiter;
      if (!limiter) {
        return {
          passed: config.whenUnavailable === 'pass',
          message: `No rate limiter is configured, so requests cannot be counted (whenUnavailable: ${config.whenUnavailable})`,
          details: { limiter: 'unavailable' },
        };
      }
      let subject: string;
      let keyedBy: string = config.keyBy;
      if (config.keyBy === 'endUser' && context.endUserId)
        subject = `end:${caller.userId}:${context.endUserId}`;
      else if (config.keyBy !== 'user' && caller.apiKeyId) {
        subject = `key:${caller.apiKeyId}`;
        keyedBy = 'apiKey';
      } else {
        subject = `user:${caller.userId}`;
        keyedBy = 'user';
      }
      // Stage is part of the key: an entry in both lists counts input and output separately.
      const key = `ratelimit:${caller.profileId ?? '-'}:${stage}:${subject}:${config.windowSeconds}`;
      const r = await limiter.consume(key, config.limit, config.windowSeconds);
      const details = {
        keyedBy,
        limit: config.limit,
        windowSeconds: config.windowSeconds,
        remaining: r.remaining,
        retryAfterMs: r.retryAfterMs,
      };
      if (!r.allowed) {
        return {
          passed: false,
          message: `Rate limit exceeded (${config.limit} per ${config.windowSeconds}s, by ${keyedBy})`,
          details,
        };
      }
      if (config.warnRemaining > 0 && r.remaining <= config.warnRemaining) {
        return {
          passed: true,
          message: `Rate limit nearly reached: ${r.remaining} request(s) left in the window`,
          details,
        };
      }
      return { passed: true, message: 'Within the rate limit', details };
    };
  },
});
