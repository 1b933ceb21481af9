import Router from '@koa/router';
import {
  type Batch,
  batchListQuerySchema,
  batchResultsQuerySchema,
  batchView,
  createBatchRequestSchema,
  parseToolCallText,
} from '@parapet/contracts';
import {
  cancelBatch,
  createBatch,
  type Db,
  ensureWebhookSecret,
  finishBatch,
  getBatch,
  isBatchListCursor,
  listBatches,
  listBatchResults,
  NotFoundError,
} from '@parapet/db';
import type Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import type { Caller } from '../auth/keys.ts';
import { ApiError, type FieldIssue } from '../http/errors.ts';
import { parseBody, parseQuery, type RequestState } from '../http/middleware.ts';
import type { ProfileResolver } from '../profiles/resolver.ts';

/**
 * Limits of one batch (BATCH_MAX_ITEMS, BATCH_MAX_TOTAL_CHARS, BATCH_BODY_LIMIT_BYTES in libs/config);
 * each item's text is also held to the validate text limit (TEXT_LIMIT_CHARS).
 */
export interface BatchLimits {
  /** Items per batch; more is a 400. */
  maxItems: number;
  /** Sum of the items' text lengths (UTF-16 code units, as `text.length`); more is a 413. */
  maxTotalChars: number;
  /**
   * Body limit of POST /api/batches, in place of BODY_LIMIT_BYTES: the global parser skips this route
   * (parsesOwnBody) and the route parses the body itself, after authentication and rate limiting.
   */
  bodyLimitBytes: number;
}

/** Hands a stored batch to the workers (enqueueBatch on the API's producer connection). */
export interface BatchQueue {
  enqueue(batchId: string): Promise<unknown>;
}

export interface BatchDeps {
  db: Db;
  profiles: ProfileResolver;
  queue: BatchQueue;
  textLimitChars: number;
  limits: BatchLimits;
}

/** True for the request whose body the batch route parses itself (so the app's parser leaves it). */
export const parsesOwnBody = (ctx: Koa.Context): boolean =>
  ctx.method === 'POST' && /^\/api\/batches\/?$/.test(ctx.path);

const notFound = () => new ApiError(404, 'not_found', 'batch not found');

/** Results cursors are opaque: the last index of the page before, encoded. */
const encodeResultsCursor = (index: number) => Buffer.from(`i${index}`).toString('base64url');
function decodeResultsCursor(cursor: string): number {
  const m = /^i(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw invalidCursor();
  return Number(m[1]);
}
const invalidCursor = () =>
  new ApiError(400, 'validation_failed', 'query parameters are invalid', [
    { path: 'cursor', message: 'not a cursor this endpoint handed out' },
  ]);

export function batchRoutes(deps: BatchDeps): Router {
  const { limits } = deps;
  const router = new Router();
  const parseJson = bodyParser({
    enableTypes: ['json'],
    jsonLimit: `${limits.bodyLimitBytes}b`,
    strict: true,
  });
  const caller = (state: unknown) => (state as RequestState & { caller: Caller }).caller;

  router.post('/api/batches', parseJson, async (ctx) => {
    const { userId, apiKeyId } = caller(ctx.state);
    const body = parseBody(createBatchRequestSchema, ctx.request.body);
    if (body.items.length > limits.maxItems) {
      throw new ApiError(
        400,
        'validation_failed',
        `a batch holds at most ${limits.maxItems} items; this one has ${body.items.length}`,
        [{ path: 'items', message: `at most ${limits.maxItems} items` }],
      );
    }
    let totalChars = 0;
    const seen = new Set<string>();
    const issues: FieldIssue[] = [];
    for (const [i, item] of body.items.entries()) {
      if (item.text.length > deps.textLimitChars) {
        throw new ApiError(
          413,
          'text_too_large',
          `items[${i}].text is ${item.text.length} characters; the limit is ${deps.textLimitChars}`,
          [{ path: `items[${i}].text`, message: `longer than ${deps.textLimitChars} characters` }],
        );
      }
      totalChars += item.text.length;
      if (item.id !== undefined) {
        if (seen.has(item.id)) issues.push({ path: `items[${i}].id`, message: 'duplicate item id' });
        seen.add(item.id);
      }
      if (body.validationType === 'tool' && !parseToolCallText(item.text)) {
        issues.push({ path: `items[${i}].text`, message: 'a tool item is JSON { name, arguments }' });
      }
      if (issues.length >= 20) break;
    }
    if (totalChars > limits.maxTotalChars) {
      throw new ApiError(
        413,
        'payload_too_large',
        `the items hold ${totalChars} characters in all; the limit is ${limits.maxTotalChars}`,
      );
    }
    if (issues.length > 0) throw new ApiError(400, 'validation_failed', 'request body is invalid', issues);

    // Pinned now: the batch runs with the profile version current at creation, whatever changes later.
    const profile = await deps.profiles.resolve(userId, body.profileName);
    if (!profile) throw new ApiError(404, 'profile_not_found', `profile "${body.profileName}" not found`);

    const secret = body.webhookUrl ? await ensureWebhookSecret(deps.db, userId) : undefined;
    const batch = await createBatch(deps.db, userId, {
      apiKeyId,
      profileId: profile.id,
      profileVersion: profile.version,
      validationType: body.validationType,
      items: body.items,
      webhookUrl: body.webhookUrl ?? null,
    });
    try {
      await deps.queue.enqueue(batch.id);
    } catch {
      await finishBatch(deps.db, batch.id, 'failed', 'the batch could not be queued').catch(() => {});
      throw new ApiError(
        503,
        'service_unavailable',
        'the batch queue is unavailable; retry later',
        undefined,
        {
          'retry-after': '5',
        },
      );
    }
    ctx.status = 202;
    ctx.set('location', `/api/batches/${batch.id}`);
    ctx.body = {
      id: batch.id,
      status: batch.status,
      total: batch.total,
      ...(secret?.created ? { webhookSecret: secret.secret } : {}),
    };
  });

  router.get('/api/batches', async (ctx) => {
    const { userId } = caller(ctx.state);
    const query = parseQuery(batchListQuerySchema, ctx.query);
    if (query.cursor !== undefined && !isBatchListCursor(query.cursor)) throw invalidCursor();
    const page = await listBatches(deps.db, userId, {
      ...(query.status ? { status: query.status } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.limit ? { limit: query.limit } : {}),
    });
    ctx.body = { batches: page.batches.map(batchView), nextCursor: page.nextCursor };
  });

  router.get('/api/batches/:id', async (ctx) => {
    const batch = await getBatch(deps.db, caller(ctx.state).userId, ctx.params['id'] ?? '');
    if (!batch) throw notFound();
    ctx.body = batchView(batch) satisfies Batch;
  });

  router.get('/api/batches/:id/results', async (ctx) => {
    const id = ctx.params['id'] ?? '';
    const query = parseQuery(batchResultsQuerySchema, ctx.query);
    const afterIndex = query.cursor !== undefined ? decodeResultsCursor(query.cursor) : undefined;
    const page = await listBatchResults(deps.db, caller(ctx.state).userId, id, {
      ...(afterIndex !== undefined ? { afterIndex } : {}),
      ...(query.limit ? { limit: query.limit } : {}),
    });
    if (!page) throw notFound();
    ctx.body = {
      batchId: id,
      items: page.items.map((item) => {
        const r = item.result as {
          blockedBy?: string | null;
          results?: unknown[];
          sanitizedText?: string;
          executionTimeMs?: number;
        };
        return {
          index: item.index,
          id: item.itemId ?? String(item.index),
          passed: item.passed,
          blockedBy: r.blockedBy ?? null,
          results: r.results ?? [],
          ...(r.sanitizedText !== undefined ? { sanitizedText: r.sanitizedText } : {}),
          executionTimeMs: r.executionTimeMs ?? 0,
        };
      }),
      nextCursor: page.nextAfterIndex !== null ? encodeResultsCursor(page.nextAfterIndex) : null,
    };
  });

  router.delete('/api/batches/:id', async (ctx) => {
    try {
      ctx.body = batchView(await cancelBatch(deps.db, caller(ctx.state).userId, ctx.params['id'] ?? ''));
    } catch (err) {
      if (err instanceof NotFoundError) throw notFound();
      throw err;
    }
  });

  return router;
}
