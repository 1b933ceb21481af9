import type { AnalyticsSummary, ExecutionRecord } from '@parapet/contracts';
import type { AnalyticsClient } from './client.ts';
import { enumLiteral, quoteString, uintLiteral, uuidLiteral } from './sql.ts';
import { EXECUTIONS_TABLE } from './writer.ts';

export interface SummaryParams {
  /** Tenant; must be a uuid. */
  userId: string;
  /** Inclusive lower bound. */
  from: Date;
  /** Exclusive upper bound. */
  to: Date;
  /** Restrict to one profile id (free text; escaped). */
  profileId?: string;
  /** Restrict to one validation type. */
  validationType?: ExecutionRecord['validationType'];
  /** Restrict to sync or batch executions. */
  source?: ExecutionRecord['source'];
  /** Restrict to one API key; must be a uuid. */
  apiKeyId?: string;
}

const VALIDATION_TYPES: readonly ExecutionRecord['validationType'][] = ['input', 'output', 'tool'];
const SOURCES: readonly ExecutionRecord['source'][] = ['sync', 'batch'];

export const DAY_MS = 86_400_000;
/** Longest window any analytics query may cover, so every query reads a bounded number of partitions. */
export const MAX_RANGE_DAYS = 400;
export const MAX_RANGE_MS = MAX_RANGE_DAYS * DAY_MS;

function epochMs(d: Date, name: string): number {
  const ms = d instanceof Date ? d.getTime() : Number.NaN;
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`${name} is not a valid date`);
  return ms;
}

/**
 * The WHERE clause shared by the summary queries. Every caller value is a validated literal: the user
 * id a uuid, times integers, the profile id an escaped string, the validation type one of a fixed set.
 * The `ts` (DateTime, partition key) bounds only let the server skip partitions; `ts_ms` is exact.
 */
export function summaryWhere(p: SummaryParams): string {
  const fromMs = epochMs(p.from, 'from');
  const toMs = epochMs(p.to, 'to');
  if (fromMs > toMs) throw new RangeError('from is after to');
  if (toMs - fromMs > MAX_RANGE_MS)
    throw new RangeError(`the window may cover at most ${MAX_RANGE_DAYS} days`);
  const parts = [
    `user_id = ${uuidLiteral(p.userId)}`,
    `ts_ms >= ${uintLiteral(fromMs)}`,
    `ts_ms < ${uintLiteral(toMs)}`,
    `ts >= toDateTime(${uintLiteral(Math.floor(fromMs / 1000))})`,
    `ts <= toDateTime(${uintLiteral(Math.floor(toMs / 1000))})`,
  ];
  if (p.profileId !== undefined) parts.push(`profile_id = ${quoteString(p.profileId)}`);
  if (p.validationType !== undefined)
    parts.push(`validation_type = ${enumLiteral(p.validationType, VALIDATION_TYPES)}`);
  if (p.source !== undefined) parts.push(`source = ${enumLiteral(p.source, SOURCES)}`);
  if (p.apiKeyId !== undefined) parts.push(`api_key_id = ${uuidLiteral(p.apiKeyId)}`);
  return parts.join(' AND ');
}

/** Totals over executions deduplicated by id (unmerged ReplacingMergeTree duplicates count once). */
export function totalsQuery(p: SummaryParams): string {
  return `SELECT count() AS total, sum(p) AS passed, quantiles(0.5, 0.95, 0.99)(l) AS latency
FROM (SELECT id, any(passed) AS p, any(latency_ms) AS l
      FROM ${EXECUTIONS_TABLE} WHERE ${summaryWhere(p)} GROUP BY id)`;
}

/** Per-guardrail runs/failures/blocks over executions deduplicated by id. */
export function guardrailsQuery(p: SummaryParams): string {
  return `SELECT guardrail, count() AS runs, countIf(ok = 0) AS failures, countIf(ok = 0 AND act = 'block') AS blocks
FROM (SELECT id, any(results.guardrail) AS gs, any(results.passed) AS ps, any(results.action) AS acts
      FROM ${EXECUTIONS_TABLE} WHERE ${summaryWhere(p)} GROUP BY id)
ARRAY JOIN gs AS guardrail, ps AS ok, acts AS act
GROUP BY guardrail
ORDER BY runs DESC, guardrail ASC`;
}

export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

/** A finite number, or null (ClickHouse writes avg/quantiles of nothing as nan, or null in JSON). */
export const finiteOrNull = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = num(v);
  return Number.isFinite(n) ? n : null;
};

/** Analytics summary for one user over [from, to). */
export async function summary(client: AnalyticsClient, params: SummaryParams): Promise<AnalyticsSummary> {
  const [totalsRs, guardrailsRs] = await Promise.all([
    client.query({ query: totalsQuery(params), format: 'JSONEachRow' }),
    client.query({ query: guardrailsQuery(params), format: 'JSONEachRow' }),
  ]);
  const totals = (
    await totalsRs.json<{ total: string | number; passed: string | number; latency: number[] }>()
  )[0];
  const guardrails = await guardrailsRs.json<{
    guardrail: string;
    runs: string | number;
    failures: string | number;
    blocks: string | number;
  }>();
  const total = totals ? num(totals.total) : 0;
  const passed = totals && total > 0 ? num(totals.passed) : 0;
  const q = total > 0 && totals ? totals.latency : [];
  const pct = (i: number): number | null => finiteOrNull(q[i]);
  return {
    from: params.from.toISOString(),
    to: params.to.toISOString(),
    total,
    passed,
    blocked: total - passed,
    passRate: total > 0 ? passed / total : null,
    latencyMs: { p50: pct(0), p95: pct(1), p99: pct(2) },
    guardrails: guardrails.map((g) => ({
      guardrail: g.guardrail,
      runs: num(g.runs),
      failures: num(g.failures),
      blocks: num(g.blocks),
    })),
  };
}
