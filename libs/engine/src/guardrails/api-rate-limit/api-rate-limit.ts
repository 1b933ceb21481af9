import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';
import { compileGlob } from '../../detectors/glob/glob.ts';
import { resolveToolCall } from '../../detectors/tool-call/resolve.ts';

const limitSchema = z
  .object({
    limit: z.number().int().positive().max(1_000_000).describe('Calls allowed per window.'),
    windowSeconds: z
      .number()
      .int()
      .positive()
      .max(86_400 * 31)
      .describe('Window length in seconds.'),
  })
  .strict();

export const apiRateLimit = defineGuardrail({
  name: 'ApiRateLimit',
  stages: ['tool'],
  category: 'tool',
  description:
    'Limits how often each tool may be called per caller over a window, with per-tool overrides, counting in the shared rate limiter (Redis). Without a limiter it cannot count and follows `whenUnavailable` (pass by default, saying so).',
  defaultSeverity: 'high',
  config: {
    limit: z
      .number()
      .int()
      .positive()
      .max(1_000_000)
      .default(60)
      .describe('Calls per tool per window, for tools without an override.'),
    windowSeconds: z
      .number()
      .int()
      .positive()
      .max(86_400 * 31)
      .default(60)
      .describe('Window length in seconds.'),
    perTool: z
      .record(z.string().min(1).max(200), limitSchema)
      .default({})
      .describe('Tool name (or glob) → its own {limit, windowSeconds}; the first matching entry wins.'),
    keyBy: z
      .enum(['user', 'apiKey', 'endUser', 'agent', 'global'])
      .default('user')
      .describe(
        'Whose calls are counted together: the account, the API key, `context.endUserId`, `context.agent.id`, or everyone.',
      ),
    whenUnavailable: z
      .enum(['pass', 'fail'])
      .default('pass')
      .describe('What to do when the engine runs without a rate limiter (no shared counters).'),
    onMissing: onMissingSchema,
  },
  example: {
    limit: 30,
    windowSeconds: 60,
    perTool: { send_email: { limit: 5, windowSeconds: 3600 } },
    keyBy: 'endUser',
  },
  create(config, services) {
    const overrides = Object.entries(config.perTool).map(([tool, l]) => ({ match: compileGlob(tool), ...l }));
    return async (input) => {
      const call = resolveToolCall(input);
      if (!call) return missingFacts(config.onMissing, 'toolCall');
      const limiter = services.rateLimiter;
      if (!limiter) {
        return {
          passed: config.whenUnavailable === 'pass',
          message: `No rate limiter is configured, so tool calls cannot be counted (whenUnavailable: ${config.whenUnavailable})`,
          details: { limiter: 'unavailable' },
        };
      }
      const subject = subjectKey(config.keyBy, input);
      if (!subject)
        return missingFacts(config.onMissing, config.keyBy === 'endUser' ? 'endUserId' : 'agent.id');
      const o = overrides.find((x) => x.match(call.name));
      const limit = o?.limit ?? config.limit;
      const windowSeconds = o?.windowSeconds ?? config.windowSeconds;
      const key = `apiratelimit:${input.caller.profileId ?? '-'}:${subject}:${call.name.toLowerCase()}:${windowSeconds}`;
      const r = await limiter.consume(key, limit, windowSeconds);
      const details = {
        tool: call.name,
        limit,
        windowSeconds,
        remaining: r.remaining,
        retryAfterMs: r.retryAfterMs,
      };
      if (!r.allowed) {
        return {
          passed: false,
          message: `Tool "${call.name}" rate limit exceeded (${limit} per ${windowSeconds}s)`,
          details,
        };
      }
      return { passed: true, message: `Tool "${call.name}" within its rate limit`, details };
    };
  },
});

function subjectKey(
  keyBy: 'user' | 'apiKey' | 'endUser' | 'agent' | 'global',
  input: {
    caller: { userId: string; apiKeyId?: string };
    context: { endUserId?: string; agent?: { id?: string } };
  },
): string | undefined {
  switch (keyBy) {
    case 'global':
      return `global:${input.caller.userId}`;
    case 'apiKey':
      return `key:${input.caller.apiKeyId ?? input.caller.userId}`;
    case 'endUser':
      return input.context.endUserId ? `end:${input.caller.userId}:${input.context.endUserId}` : undefined;
    case 'agent':
      return input.context.agent?.id ? `agent:${input.caller.userId}:${input.context.agent.id}` : undefined;
    default:
      return `user:${input.caller.userId}`;
  }
}
