import Router from '@koa/router';
import {
  type ExecutionRecord,
  parseToolCallText,
  toExecutionRecord,
  type ValidateResponse,
  validateRequestSchema,
} from '@parapet/contracts';
import { runGuardrails, type ToolCall } from '@parapet/engine';
import type { Caller } from '../auth/keys.ts';
import { ApiError } from '../http/errors.ts';
import { parseBody, type RequestState } from '../http/middleware.ts';
import type { ProfileResolver } from '../profiles/resolver.ts';

export interface ValidateDeps {
  profiles: ProfileResolver;
  analytics: { add(record: ExecutionRecord): void };
  textLimitChars: number;
}

export function validateRoutes(deps: ValidateDeps): Router {
  const router = new Router();

  router.post('/api/validate', async (ctx) => {
    const state = ctx.state as RequestState & { caller: Caller };
    const started = performance.now();
    const body = parseBody(validateRequestSchema, ctx.request.body);
    if (body.text.length > deps.textLimitChars) {
      throw new ApiError(
        413,
        'text_too_large',
        `text is ${body.text.length} characters; the limit is ${deps.textLimitChars}`,
      );
    }
    const toolCall =
      body.validationType === 'tool'
        ? readToolCall(body.toolCall ?? body.context?.toolCall, body.text)
        : undefined;

    const profile = await deps.profiles.resolve(state.caller.userId, body.profileName);
    if (!profile) throw new ApiError(404, 'profile_not_found', `profile "${body.profileName}" not found`);

    const outcome = await runGuardrails(profile.compiled[body.validationType], {
      text: body.text,
      stage: body.validationType,
      context: body.context ?? {},
      ...(toolCall ? { toolCall } : {}),
      caller: { userId: state.caller.userId, apiKeyId: state.caller.apiKeyId, profileId: profile.id },
    });

    const response: ValidateResponse = {
      passed: outcome.passed,
      profile: profile.name,
      results: outcome.results,
      executionTimeMs: outcome.executionTimeMs,
      profileId: profile.id,
      profileVersion: profile.version,
      blockedBy: outcome.blockedBy,
      requestId: state.requestId,
    };
    if (outcome.sanitizedText !== undefined) response.sanitizedText = outcome.sanitizedText;
    ctx.body = response;

    deps.analytics.add(
      toExecutionRecord(
        {
          id: state.requestId,
          userId: state.caller.userId,
          apiKeyId: state.caller.apiKeyId,
          profileId: profile.id,
          profileVersion: profile.version,
          validationType: body.validationType,
          source: 'sync',
          latencyMs: performance.now() - started,
          textLength: body.text.length,
        },
        outcome,
      ),
    );
  });

  return router;
}

/** A tool call comes as `toolCall` (or `context.toolCall`), or as JSON `{ name, arguments }` in `text`. */
function readToolCall(given: ToolCall | undefined, text: string): ToolCall {
  const call = given ?? parseToolCallText(text);
  if (call) return call;
  throw new ApiError(
    400,
    'validation_failed',
    'validationType "tool" needs toolCall: { name, arguments }, or that JSON in text',
    [{ path: 'toolCall', message: 'required for validationType "tool"' }],
  );
}
