import type { ExecutionRecord } from '@parapet/contracts';
import type { AnalyticsClient } from './client.ts';

export const EXECUTIONS_TABLE = 'executions';

/** Explicit column list of every insert; the order matches `toExecutionRow`. */
export const EXECUTION_COLUMNS = [
  'id',
  'ts_ms',
  'user_id',
  'api_key_id',
  'profile_id',
  'profile_version',
  'validation_type',
  'source',
  'passed',
  'blocked_by',
  'latency_ms',
  'text_length',
  'results.guardrail',
  'results.passed',
  'results.action',
  'results.severity',
  'results.duration_ms',
  'results.finding_types',
] as const;

export type ExecutionRow = Record<(typeof EXECUTION_COLUMNS)[number], unknown>;

/** Maps a record to its row: booleans as 0/1 (18.16's JSON reader wants numbers), `blockedBy: null` as ''. */
export function toExecutionRow(r: ExecutionRecord): ExecutionRow {
  const n = r.results.length;
  const guardrail = new Array<string>(n);
  const passed = new Array<number>(n);
  const action = new Array<string>(n);
  const severity = new Array<string>(n);
  const duration = new Array<number>(n);
  const findings = new Array<string[]>(n);
  for (let i = 0; i < n; i++) {
    const g = r.results[i]!;
    guardrail[i] = g.guardrail;
    passed[i] = g.passed ? 1 : 0;
    action[i] = g.action;
    severity[i] = g.severity;
    duration[i] = g.durationMs;
    findings[i] = g.findingTypes;
  }
  return {
    id: r.id,
    ts_ms: r.ts,
    user_id: r.userId,
    api_key_id: r.apiKeyId,
    profile_id: r.profileId,
    profile_version: r.profileVersion,
    validation_type: r.validationType,
    source: r.source,
    passed: r.passed ? 1 : 0,
    blocked_by: r.blockedBy ?? '',
    latency_ms: r.latencyMs,
    text_length: r.textLength,
    'results.guardrail': guardrail,
    'results.passed': passed,
    'results.action': action,
    'results.severity': severity,
    'results.duration_ms': duration,
    'results.finding_types': findings,
  };
}

const QUOTED_COLUMNS = EXECUTION_COLUMNS.map((c) => '`' + c + '`');

/**
 * Inserts records in one JSONEachRow request with an explicit column list. Idempotent by record id:
 * the table is a ReplacingMergeTree on (user_id, id) and every query deduplicates by id, so inserting
 * the same records again (a retried job) never double counts. Resolves only once the server has
 * acknowledged the insert.
 */
export async function insertExecutions(
  client: AnalyticsClient,
  records: readonly ExecutionRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await client.insert({
    table: EXECUTIONS_TABLE,
    format: 'JSONEachRow',
    columns: QUOTED_COLUMNS as unknown as [string, ...string[]],
    values: records.map(toExecutionRow),
  });
}
