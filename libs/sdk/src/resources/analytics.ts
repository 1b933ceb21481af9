import type { RequestOptions, RouteDef, Transport } from '../transport.ts';
import type {
  AnalyticsGuardrails,
  AnalyticsGuardrailsQuery,
  AnalyticsSummary,
  AnalyticsSummaryQuery,
  AnalyticsTimeseries,
  AnalyticsTimeseriesQuery,
  AnalyticsUsage,
  AnalyticsUsageQuery,
} from '../types.ts';

export const analyticsRoutes = {
  'analytics.summary': { method: 'GET', path: '/api/analytics/summary', retry: 'idempotent' },
  'analytics.timeseries': { method: 'GET', path: '/api/analytics/timeseries', retry: 'idempotent' },
  'analytics.guardrails': { method: 'GET', path: '/api/analytics/guardrails', retry: 'idempotent' },
  'analytics.usage': { method: 'GET', path: '/api/analytics/usage', retry: 'idempotent' },
} as const satisfies Record<string, RouteDef>;

/** `from`/`to` as ISO 8601 strings or Dates. */
export type DateQuery<Q> = { [K in keyof Q]: K extends 'from' | 'to' ? Q[K] | Date : Q[K] };

/** Analytics over the caller's own executions (default range: the last 24 hours). */
export class Analytics {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Totals, pass rate, latency percentiles and per-guardrail counts. */
  async summary(
    query: DateQuery<AnalyticsSummaryQuery> = {},
    options?: RequestOptions,
  ): Promise<AnalyticsSummary> {
    return (await this.#t.request<AnalyticsSummary>(analyticsRoutes['analytics.summary'], { query }, options))
      .data;
  }

  /** Totals and latency percentiles per minute, hour or day bucket. */
  async timeseries(
    query: DateQuery<AnalyticsTimeseriesQuery> = {},
    options?: RequestOptions,
  ): Promise<AnalyticsTimeseries> {
    return (
      await this.#t.request<AnalyticsTimeseries>(analyticsRoutes['analytics.timeseries'], { query }, options)
    ).data;
  }

  /** Per guardrail: runs, failures, blocks, block rate, durations and top finding types. */
  async guardrails(
    query: DateQuery<AnalyticsGuardrailsQuery> = {},
    options?: RequestOptions,
  ): Promise<AnalyticsGuardrails> {
    return (
      await this.#t.request<AnalyticsGuardrails>(analyticsRoutes['analytics.guardrails'], { query }, options)
    ).data;
  }

  /** Requests per API key and UTC day. */
  async usage(query: DateQuery<AnalyticsUsageQuery> = {}, options?: RequestOptions): Promise<AnalyticsUsage> {
    return (await this.#t.request<AnalyticsUsage>(analyticsRoutes['analytics.usage'], { query }, options))
      .data;
  }
}
