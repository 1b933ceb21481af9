import { z } from 'zod';

/** Filters shared by the analytics queries; every one is optional. */
const filters = {
  /** ISO 8601 date-time, inclusive; default: 24 hours before `to`. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** ISO 8601 date-time, exclusive; default: now. */
  to: z.iso.datetime({ offset: true }).optional(),
  /** Profile id to restrict to. */
  profile: z.string().min(1).max(200).optional(),
  validationType: z.enum(['input', 'output', 'tool']).optional(),
  /** `sync` (POST /api/validate) or `batch`. */
  source: z.enum(['sync', 'batch']).optional(),
  /** One of the caller's API keys. */
  apiKeyId: z.uuid().optional(),
};

export const analyticsSummaryQuerySchema = z.object(filters).strict();
export type AnalyticsSummaryQuery = z.infer<typeof analyticsSummaryQuerySchema>;

export const analyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  passed: z.number().int(),
  blocked: z.number().int(),
  /** passed / total, or null when there were no executions. */
  passRate: z.number().nullable(),
  latencyMs: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() }),
  guardrails: z.array(
    z.object({
      guardrail: z.string(),
      runs: z.number().int(),
      failures: z.number().int(),
      blocks: z.number().int(),
    }),
  ),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const analyticsTimeseriesQuerySchema = z
  .object({ ...filters, interval: z.enum(['minute', 'hour', 'day']).default('hour') })
  .strict();

export type AnalyticsTimeseriesQuery = z.infer<typeof analyticsTimeseriesQuerySchema>;

export const analyticsTimeseriesSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(['minute', 'hour', 'day']),
  buckets: z.array(
    z.object({
      start: z.string(),
      total: z.number().int(),
      passed: z.number().int(),
      blocked: z.number().int(),
      latencyMs: z.object({
        p50: z.number().nullable(),
        p95: z.number().nullable(),
        p99: z.number().nullable(),
      }),
    }),
  ),
});

export type AnalyticsTimeseries = z.infer<typeof analyticsTimeseriesSchema>;

export const analyticsGuardrailsQuerySchema = z.object(filters).strict();
export type AnalyticsGuardrailsQuery = z.infer<typeof analyticsGuardrailsQuerySchema>;

export const analyticsGuardrailsSchema = z.object({
  from: z.string(),
  to: z.string(),
  guardrails: z.array(
    z.object({
      guardrail: z.string(),
      runs: z.number().int(),
      failures: z.number().int(),
      blocks: z.number().int(),
      blockRate: z.number().nullable(),
      meanDurationMs: z.number().nullable(),
      p95DurationMs: z.number().nullable(),
      topFindingTypes: z.array(z.object({ type: z.string(), count: z.number().int() })),
    }),
  ),
});

export type AnalyticsGuardrails = z.infer<typeof analyticsGuardrailsSchema>;

export const analyticsUsageQuerySchema = z
  .object({ from: filters.from, to: filters.to, apiKeyId: filters.apiKeyId })
  .strict();
export type AnalyticsUsageQuery = z.infer<typeof analyticsUsageQuerySchema>;

export const analyticsUsageSchema = z.object({
  from: z.string(),
  to: z.string(),
  usage: z.array(
    z.object({
      apiKeyId: z.string(),
      day: z.string(),
      total: z.number().int(),
      passed: z.number().int(),
      blocked: z.number().int(),
    }),
  ),
  /** True when the row limit cut the list (narrow the range or filter by key). */
  truncated: z.boolean(),
});
export type AnalyticsUsage = z.infer<typeof analyticsUsageSchema>;
