import Router from '@koa/router';
import { type AnalyticsSummary, analyticsSummaryQuerySchema } from '@parapet/contracts';
import type { Caller } from '../auth/keys.ts';
import { ApiError } from '../http/errors.ts';
import { parseQuery } from '../http/middleware.ts';

const DAY_MS = 86_400_000;
/** Longest range one summary may cover, so a query stays bounded. */
const MAX_RANGE_MS = 400 * DAY_MS;

export interface AnalyticsQueries {
  summary(query: { userId: string; from: Date; to: Date; profileId?: string }): Promise<AnalyticsSummary>;
}

export function analyticsRoutes(queries: AnalyticsQueries): Router {
  const router = new Router();

  router.get('/api/analytics/summary', async (ctx) => {
    const { userId } = (ctx.state as { caller: Caller }).caller;
    const q = parseQuery(analyticsSummaryQuerySchema, ctx.query);
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - DAY_MS);
    if (from > to)
      throw new ApiError(400, 'validation_failed', '`from` must be before `to`', [
        { path: 'from', message: 'after `to`' },
      ]);
    if (to.getTime() - from.getTime() > MAX_RANGE_MS) {
      throw new ApiError(400, 'validation_failed', 'the range may cover at most 400 days', [
        { path: 'from', message: 'range too long' },
      ]);
    }
    ctx.body = await queries.summary({ userId, from, to, ...(q.profile ? { profileId: q.profile } : {}) });
  });

  return router;
}
