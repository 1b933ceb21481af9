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
