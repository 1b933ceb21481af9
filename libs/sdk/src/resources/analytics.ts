import type { RequestOptions, RouteDef, Transport } from '../transport.ts';
import type { AnalyticsSummary, AnalyticsSummaryQuery } from '../types.ts';

export const analyticsRoutes = {
  'analytics.summary': { method: 'GET', path: '/api/analytics/summary', retry: 'idempotent' },
} as const satisfies Record<string, RouteDef>;

/** `from`/`to` as ISO 8601 strings or Dates. */
export type DateQuery<Q> = { [K in keyof Q]: K extends 'from' | 'to' ? Q[K] | Date : Q[K] };

/** Analytics over the caller's own executions. */
export class Analytics {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Totals, pass rate, latency percentiles and per-guardrail counts (default: the last 24 hours). */
  async summary(
    query: DateQuery<AnalyticsSummaryQuery> = {},
    options?: RequestOptions,
  ): Promise<AnalyticsSummary> {
    return (await this.#t.request<AnalyticsSummary>(analyticsRoutes['analytics.summary'], { query }, options))
      .data;
  }
}
