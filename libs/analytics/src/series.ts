import type { AnalyticsClient } from './client.ts';
import { uintLiteral } from './sql.ts';
import { type SummaryParams, summaryWhere } from './summary.ts';
import { EXECUTIONS_TABLE } from './writer.ts';

export interface SeriesPoint {
  /** ISO start of the bucket. */
  start: string;
  total: number;
  passed: number;
  blocked: number;
}

export interface KeyUsage {
  apiKeyId: string;
  total: number;
  passed: number;
  blocked: number;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

/** A bucket width giving at most ~200 points for the window: 1 min, 5 min, 1 h or 1 day. */
export function defaultBucketSeconds(from: Date, to: Date): number {
  const seconds = Math.max(1, (to.getTime() - from.getTime()) / 1000);
  for (const b of [60, 300, 3_600]) if (seconds / b <= 200) return b;
  return 86_400;
}

/**
 * Executions per time bucket over [from, to), deduplicated by id. Buckets are
 * `intDiv(ts_ms, bucket) * bucket` (18.16 has no toStartOfInterval); empty buckets are omitted.
 */
export async function timeSeries(
  client: AnalyticsClient,
  params: SummaryParams & { bucketSeconds?: number },
): Promise<SeriesPoint[]> {
  const bucketMs = (params.bucketSeconds ?? defaultBucketSeconds(params.from, params.to)) * 1000;
  const b = uintLiteral(bucketMs);
  if (bucketMs === 0) throw new RangeError('bucketSeconds must be positive');
  const rs = await client.query({
    query: `SELECT intDiv(t, ${b}) * ${b} AS bucket, count() AS total, sum(p) AS passed
FROM (SELECT id, any(ts_ms) AS t, any(passed) AS p FROM ${EXECUTIONS_TABLE} WHERE ${summaryWhere(params)} GROUP BY id)
GROUP BY bucket ORDER BY bucket`,
    format: 'JSONEachRow',
  });
  return (await rs.json<{ bucket: string | number; total: string | number; passed: string | number }>()).map(
    (r) => {
      const total = num(r.total);
      const passed = num(r.passed);
      return { start: new Date(num(r.bucket)).toISOString(), total, passed, blocked: total - passed };
    },
  );
}

/** Executions per API key over [from, to), deduplicated by id, busiest first. */
export async function usageByKey(client: AnalyticsClient, params: SummaryParams): Promise<KeyUsage[]> {
  const rs = await client.query({
    query: `SELECT key_id, count() AS total, sum(p) AS passed
FROM (SELECT id, any(api_key_id) AS key_id, any(passed) AS p FROM ${EXECUTIONS_TABLE} WHERE ${summaryWhere(params)} GROUP BY id)
GROUP BY key_id ORDER BY total DESC, key_id ASC`,
    format: 'JSONEachRow',
  });
  return (await rs.json<{ key_id: string; total: string | number; passed: string | number }>()).map((r) => {
    const total = num(r.total);
    const passed = num(r.passed);
    return { apiKeyId: r.key_id, total, passed, blocked: total - passed };
  });
}
