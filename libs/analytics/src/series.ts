import type { AnalyticsGuardrails, AnalyticsTimeseries, AnalyticsUsage } from '@parapet/contracts';
import type { AnalyticsClient } from './client.ts';
import { uintLiteral } from './sql.ts';
import { DAY_MS, finiteOrNull, num, type SummaryParams, summaryWhere } from './summary.ts';
import { EXECUTIONS_TABLE } from './writer.ts';

/*
 * Dashboard queries: time series, per-guardrail statistics, per-key daily usage. Like the summary they
 * read executions deduplicated by id (`SELECT id, any(…) … GROUP BY id` in a subquery), so unmerged
 * ReplacingMergeTree duplicates count once; the WHERE clause is `summaryWhere` (validated literals only,
 * window ≤ MAX_RANGE_DAYS); every query ends in a LIMIT. Only features of ClickHouse 18.16 that current
 * releases still have: buckets are `intDiv(ms, N) * N` (no toStartOfInterval), no WITH FILL (empty
 * buckets are filled in here), no query parameters.
 */

export type Interval = AnalyticsTimeseries['interval'];

export const INTERVAL_MS: Readonly<Record<Interval, number>> = {
  minute: 60_000,
  hour: 3_600_000,
  day: DAY_MS,
};

/**
 * Most buckets one time series may have: 7 days of minutes, plus one for a window whose start is not on
 * a minute boundary (400 days of hours is 9 601 at most).
 */
export const MAX_BUCKETS = 7 * 1_440 + 1;
/** Most guardrails listed (the registry has far fewer). */
export const MAX_GUARDRAILS = 1_000;
/** Finding types listed per guardrail, most frequent first. */
export const TOP_FINDING_TYPES = 5;
/** Most (key, day) rows one usage answer carries. */
export const MAX_USAGE_ROWS = 10_000;

export interface TimeseriesParams extends SummaryParams {
  interval: Interval;
}

/**
 * Start (epoch ms) of every bucket overlapping [from, to): from `floor(from / N) * N` on, UTC-aligned.
 * Throws a RangeError when there would be more than MAX_BUCKETS.
 */
export function bucketStarts(from: Date, to: Date, interval: Interval): number[] {
  const n = INTERVAL_MS[interval];
  if (n === undefined) throw new RangeError(`unknown interval: ${String(interval)}`);
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (!Number.isSafeInteger(fromMs) || !Number.isSafeInteger(toMs) || fromMs > toMs)
    throw new RangeError('invalid window');
  const first = Math.floor(fromMs / n) * n;
  const count = toMs > fromMs ? Math.ceil((toMs - first) / n) : 0;
  if (count > MAX_BUCKETS)
    throw new RangeError(`${count} ${interval} buckets; at most ${MAX_BUCKETS} (choose a wider interval)`);
  return Array.from({ length: count }, (_, i) => first + i * n);
}

/** Per-bucket totals and latency percentiles over executions deduplicated by id. */
export function timeseriesQuery(p: TimeseriesParams): string {
  const buckets = bucketStarts(p.from, p.to, p.interval);
  const n = uintLiteral(INTERVAL_MS[p.interval]);
  return `SELECT intDiv(t, ${n}) * ${n} AS bucket, count() AS total, sum(ok) AS passed, quantiles(0.5, 0.95, 0.99)(l) AS latency
FROM (SELECT id, any(ts_ms) AS t, any(passed) AS ok, any(latency_ms) AS l
      FROM ${EXECUTIONS_TABLE} WHERE ${summaryWhere(p)} GROUP BY id)
GROUP BY bucket
ORDER BY bucket ASC
LIMIT ${uintLiteral(buckets.length + 1)}`;
}

/**
 * Time series over [from, to). Every bucket overlapping the window is returned, empty ones with zeros
 * and null percentiles, so a chart needs no gap handling; the first bucket may start before `from`.
 */
export async function timeseries(client: AnalyticsClient, p: TimeseriesParams): Promise<AnalyticsTimeseries> {
  const starts = bucketStarts(p.from, p.to, p.interval);
  const rs = await client.query({ query: timeseriesQuery(p), format: 'JSONEachRow' });
  const rows = await rs.json<{
    bucket: string | number;
    total: string | number;
    passed: string | number;
    latency: unknown[];
  }>();
  const byStart = new Map(rows.map((r) => [num(r.bucket), r]));
  return {
    from: p.from.toISOString(),
    to: p.to.toISOString(),
    interval: p.interval,
    buckets: starts.map((start) => {
      const r = byStart.get(start);
      const total = r ? num(r.total) : 0;
      const passed = r ? num(r.passed) : 0;
      const q = r && total > 0 ? r.latency : [];
      return {
        start: new Date(start).toISOString(),
        total,
        passed,
        blocked: total - passed,
        latencyMs: { p50: finiteOrNull(q[0]), p95: finiteOrNull(q[1]), p99: finiteOrNull(q[2]) },
      };
    }),
  };
}

/** Per guardrail: runs, failures, blocks, mean and p95 duration, over executions deduplicated by id. */
export function guardrailStatsQuery(p: SummaryParams): string {
  return `SELECT guardrail, count() AS runs, countIf(ok = 0) AS failures, countIf(ok = 0 AND act = 'block') AS blocks,
       avg(dur) AS mean_ms, quantile(0.95)(dur) AS p95_ms
FROM (SELECT id, any(results.guardrail) AS gs, any(results.passed) AS ps, any(results.action) AS acts,
             any(results.duration_ms) AS ds
      FROM ${EXECUTIONS_TABLE} WHERE ${summaryWhere(p)} GROUP BY id)
ARRAY JOIN gs AS guardrail, ps AS ok, acts AS act, ds AS dur
GROUP BY guardrail
ORDER BY runs DESC, guardrail ASC
LIMIT ${uintLiteral(MAX_GUARDRAILS)}`;
}

/**
 * The most frequent finding types per guardrail: the number of runs (deduplicated executions) whose
 * findings included the type. Two ARRAY JOINs, one per subquery level (guardrails, then their types);
 * `LIMIT n BY` keeps the top ones of each guardrail.
 */
export function findingTypesQuery(p: SummaryParams): string {
  return `SELECT guardrail, ftype, count() AS n
FROM (SELECT guardrail, fts
      FROM (SELECT id, any(results.guardrail) AS gs, any(results.finding_types) AS ftss
            FROM ${EXECUTIONS_TABLE} WHERE ${summaryWhere(p)} GROUP BY id)
      ARRAY JOIN gs AS guardrail, ftss AS fts)
ARRAY JOIN fts AS ftype
GROUP BY guardrail, ftype
ORDER BY guardrail ASC, n DESC, ftype ASC
LIMIT ${uintLiteral(TOP_FINDING_TYPES)} BY guardrail
LIMIT ${uintLiteral(MAX_GUARDRAILS * TOP_FINDING_TYPES)}`;
}

/** Per-guardrail statistics over [from, to), busiest guardrail first. */
export async function guardrailStats(
  client: AnalyticsClient,
  p: SummaryParams,
): Promise<AnalyticsGuardrails> {
  const [statsRs, typesRs] = await Promise.all([
    client.query({ query: guardrailStatsQuery(p), format: 'JSONEachRow' }),
    client.query({ query: findingTypesQuery(p), format: 'JSONEachRow' }),
  ]);
  const stats = await statsRs.json<{
    guardrail: string;
    runs: string | number;
    failures: string | number;
    blocks: string | number;
    mean_ms: unknown;
    p95_ms: unknown;
  }>();
  const types = await typesRs.json<{ guardrail: string; ftype: string; n: string | number }>();
  const top = new Map<string, { type: string; count: number }[]>();
  for (const t of types) {
    const list = top.get(t.guardrail) ?? [];
    list.push({ type: t.ftype, count: num(t.n) });
    top.set(t.guardrail, list);
  }
  return {
    from: p.from.toISOString(),
    to: p.to.toISOString(),
    guardrails: stats.map((g) => {
      const runs = num(g.runs);
      const blocks = num(g.blocks);
      return {
        guardrail: g.guardrail,
        runs,
        failures: num(g.failures),
        blocks,
        blockRate: runs > 0 ? blocks / runs : null,
        meanDurationMs: finiteOrNull(g.mean_ms),
        p95DurationMs: finiteOrNull(g.p95_ms),
        topFindingTypes: top.get(g.guardrail) ?? [],
      };
    }),
  };
}

export type UsageParams = Pick<SummaryParams, 'userId' | 'from' | 'to' | 'apiKeyId'>;

/** Executions per (API key, UTC day), deduplicated by id; one row more than the limit detects truncation. */
export function usageQuery(p: UsageParams): string {
  const day = uintLiteral(DAY_MS);
  return `SELECT key_id, intDiv(t, ${day}) * ${day} AS d, count() AS total, sum(ok) AS passed
FROM (SELECT id, any(api_key_id) AS key_id, any(ts_ms) AS t, any(passed) AS ok
      FROM ${EXECUTIONS_TABLE} WHERE ${summaryWhere(p)} GROUP BY id)
GROUP BY key_id, d
ORDER BY d ASC, key_id ASC
LIMIT ${uintLiteral(MAX_USAGE_ROWS + 1)}`;
}

/** Usage per API key and UTC day over [from, to); only (key, day) pairs with executions, oldest first. */
export async function usage(client: AnalyticsClient, p: UsageParams): Promise<AnalyticsUsage> {
  const rs = await client.query({ query: usageQuery(p), format: 'JSONEachRow' });
  const rows = await rs.json<{
    key_id: string;
    d: string | number;
    total: string | number;
    passed: string | number;
  }>();
  return {
    from: p.from.toISOString(),
    to: p.to.toISOString(),
    usage: rows.slice(0, MAX_USAGE_ROWS).map((r) => {
      const total = num(r.total);
      const passed = num(r.passed);
      return {
        apiKeyId: r.key_id,
        day: new Date(num(r.d)).toISOString().slice(0, 10),
        total,
        passed,
        blocked: total - passed,
      };
    }),
    truncated: rows.length > MAX_USAGE_ROWS,
  };
}
