import Router from '@koa/router';
import type { SummaryParams } from '@parapet/analytics';
import {
  type AnalyticsGuardrails,
  type AnalyticsSummary,
  type AnalyticsTimeseries,
  type AnalyticsUsage,
  analyticsGuardrailsQuerySchema,
  analyticsSummaryQuerySchema,
  analyticsTimeseriesQuerySchema,
  analyticsUsageQuerySchema,
  type ExecutionRecord,
} from '@parapet/contracts';
import type { Caller } from '../auth/keys.ts';
import { ApiError } from '../http/errors.ts';
import { parseQuery } from '../http/middleware.ts';

const DAY_MS = 86_400_000;
/** Longest range one query may cover, so a query stays bounded (the library enforces it too). */
const MAX_RANGE_DAYS = 400;
const MAX_RANGE_MS = MAX_RANGE_DAYS * DAY_MS;
/** Longest range of a minute series: 7 days = 10 080 buckets (the library's bucket cap). */
const MAX_MINUTE_RANGE_MS = 7 * DAY_MS;

/** The caller's tenant, the window and the optional filters, as the query functions take them. */
export type AnalyticsFilterParams = SummaryParams;

export interface AnalyticsQueries {
  summary(query: AnalyticsFilterParams): Promise<AnalyticsSummary>;
  timeseries(
    query: AnalyticsFilterParams & { interval: AnalyticsTimeseries['interval'] },
  ): Promise<AnalyticsTimeseries>;
  guardrails(query: AnalyticsFilterParams): Promise<AnalyticsGuardrails>;
  usage(query: Pick<AnalyticsFilterParams, 'userId' | 'from' | 'to' | 'apiKeyId'>): Promise<AnalyticsUsage>;
}

function invalid(path: string, message: string, detail: string): never {
  throw new ApiError(400, 'validation_failed', message, [{ path, message: detail }]);
}

/** `[from, to)`: `to` defaults to now, `from` to 24 hours before `to`; at most 400 days. */
function window(q: { from?: string | undefined; to?: string | undefined }): { from: Date; to: Date } {
  const to = q.to ? new Date(q.to) : new Date();
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - DAY_MS);
  if (from.getTime() < 0) invalid('from', '`from` must not be before 1970', 'before 1970');
  if (from > to) invalid('from', '`from` must be before `to`', 'after `to`');
  if (to.getTime() - from.getTime() > MAX_RANGE_MS)
    invalid('from', `the range may cover at most ${MAX_RANGE_DAYS} days`, 'range too long');
  return { from, to };
}

type FilterQuery = {
  from?: string | undefined;
  to?: string | undefined;
  profile?: string | undefined;
  validationType?: ExecutionRecord['validationType'] | undefined;
  source?: ExecutionRecord['source'] | undefined;
  apiKeyId?: string | undefined;
};

/** Maps validated query parameters to the query functions' parameters; the tenant is always the caller. */
function filterParams(userId: string, q: FilterQuery): AnalyticsFilterParams {
  return {
    userId,
    ...window(q),
    ...(q.profile !== undefined ? { profileId: q.profile } : {}),
    ...(q.validationType !== undefined ? { validationType: q.validationType } : {}),
    ...(q.source !== undefined ? { source: q.source } : {}),
    ...(q.apiKeyId !== undefined ? { apiKeyId: q.apiKeyId.toLowerCase() } : {}),
  };
}

const callerId = (state: unknown): string => (state as { caller: Caller }).caller.userId;

export function analyticsRoutes(queries: AnalyticsQueries): Router {
  const router = new Router();

  router.get('/api/analytics/summary', async (ctx) => {
    const q = parseQuery(analyticsSummaryQuerySchema, ctx.query);
    ctx.body = await queries.summary(filterParams(callerId(ctx.state), q));
  });

  router.get('/api/analytics/timeseries', async (ctx) => {
    const q = parseQuery(analyticsTimeseriesQuerySchema, ctx.query);
    const params = filterParams(callerId(ctx.state), q);
    if (q.interval === 'minute' && params.to.getTime() - params.from.getTime() > MAX_MINUTE_RANGE_MS)
      invalid('interval', 'minute buckets may cover at most 7 days', 'range too long for minute buckets');
    ctx.body = await queries.timeseries({ ...params, interval: q.interval });
  });

  router.get('/api/analytics/guardrails', async (ctx) => {
    const q = parseQuery(analyticsGuardrailsQuerySchema, ctx.query);
    ctx.body = await queries.guardrails(filterParams(callerId(ctx.state), q));
  });

  router.get('/api/analytics/usage', async (ctx) => {
    const q = parseQuery(analyticsUsageQuerySchema, ctx.query);
    ctx.body = await queries.usage(filterParams(callerId(ctx.state), q));
  });

  return router;
}
