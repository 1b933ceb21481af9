import { z } from 'zod';

export const analyticsSummaryQuerySchema = z
  .object({
    /** ISO 8601 date-time; default: 24 hours before `to`. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** ISO 8601 date-time; default: now. */
    to: z.iso.datetime({ offset: true }).optional(),
    /** Profile id to restrict to. */
    profile: z.string().min(1).max(200).optional(),
  })
  .strict();
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

const filters = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  profile: z.string().min(1).max(200).optional(),
  validationType: z.enum(['input', 'output', 'tool']).optional(),
  source: z.enum(['sync', 'batch']).optional(),
  apiKeyId: z.uuid().optional(),
};

export const analyticsTimeseriesQuerySchema = z
  .object({ ...filters, interval: z.enum(['minute', 'hour', 'day']).default('hour') })
  .strict();

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

export const analyticsGuardrailsQuerySchema = z.object(filters).strict();

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

export const analyticsUsageQuerySchema = z
  .object({ from: filters.from, to: filters.to, apiKeyId: filters.apiKeyId })
  .strict();

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
});
