import { randomUUID } from 'node:crypto';
import type { ErrorEnvelope } from '@parapet/contracts';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ApiError, zodIssues } from './errors.ts';

export interface RequestState {
  requestId: string;
  auth?: { userId: string; apiKeyId: string };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Uses the caller's x-request-id when it is well-formed, otherwise a new UUID. */
export function requestId() {
  return async (ctx: Context, next: Next) => {
    const given = ctx.get('x-request-id');
    const id = REQUEST_ID.test(given) ? given : randomUUID();
    (ctx.state as RequestState).requestId = id;
    ctx.set('x-request-id', id);
    await next();
  };
}

/** One log line per request: method, route, status, duration, ids. Never bodies or query text. */
export function requestLogger(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const state = ctx.state as RequestState;
      const line = {
        requestId: state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 100) / 100,
        userId: state.auth?.userId,
      };
      if (ctx.status >= 500) logger.error(line, 'request failed');
      else logger.debug(line, 'request');
    }
  };
}

/** Maps every error to the one envelope; 500s never echo internal messages. */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined)
        throw new ApiError(404, 'not_found', `no route for ${ctx.method} ${ctx.path}`);
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.status >= 500) {
        logger.error(
          { err: serializeError(err), requestId: (ctx.state as RequestState).requestId },
          'unhandled error',
        );
      }
      const body: ErrorEnvelope = {
        error: { code: apiError.code, message: apiError.message },
        requestId: (ctx.state as RequestState).requestId,
      };
      if (apiError.details) body.error.details = apiError.details;
      ctx.status = apiError.status;
      ctx.body = body;
      for (const [k, v] of Object.entries(apiError.headers ?? {})) ctx.set(k, v);
    }
  };
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { status?: number; type?: string; expose?: boolean; headers?: Record<string, string> };
  if (e?.status === 413 || e?.type === 'entity.too.large') {
    return new ApiError(413, 'payload_too_large', 'request body is larger than the limit');
  }
  if (e?.status === 400 && (err instanceof SyntaxError || e.type === 'entity.parse.failed')) {
    return new ApiError(400, 'invalid_json', 'request body is not valid JSON');
  }
  if (e?.status === 405)
    return new ApiError(405, 'method_not_allowed', 'method not allowed on this route', undefined, e.headers);
  if (e?.status === 501) return new ApiError(405, 'method_not_allowed', 'method not allowed');
  if (e?.status && e.status >= 400 && e.status < 500 && e.expose) {
    return new ApiError(e.status, 'validation_failed', 'bad request');
  }
  return new ApiError(500, 'internal_error', 'internal error');
}

function serializeError(err: unknown) {
  return err instanceof Error
    ? { name: err.name, message: err.message, stack: err.stack }
    : { value: String(err) };
}

/** Bodies must be JSON: anything else is 415 before parsing. */
export function requireJson() {
  return async (ctx: Context, next: Next) => {
    const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('transfer-encoding') !== '';
    if (['POST', 'PUT', 'PATCH'].includes(ctx.method) && hasBody) {
      if (!ctx.is('application/json')) {
        throw new ApiError(415, 'unsupported_media_type', 'send the body as application/json');
      }
    }
    await next();
  };
}

/** Parses a value with a zod schema or throws a 400 naming every offending field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      400,
      'validation_failed',
      'request body is invalid',
      zodIssues(parsed.error.issues as never),
    );
  }
  return parsed.data;
}

export function parseQuery<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw new ApiError(
      400,
      'validation_failed',
      'query parameters are invalid',
      zodIssues(parsed.error.issues as never),
    );
  }
  return parsed.data;
}
