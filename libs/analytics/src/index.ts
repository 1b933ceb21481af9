export { type BatchedWriter, type BatchedWriterOptions, createBatchedWriter } from './batch-writer.ts';
export {
  type AnalyticsClient,
  type AnalyticsClientOptions,
  createAnalyticsClient,
  pingAnalytics,
} from './client.ts';
export {
  CLICKHOUSE_MIGRATIONS_DIR,
  loadMigrations,
  type MigrateResult,
  migrateClickHouse,
  splitStatements,
} from './migrate.ts';
export { dropExpiredPartitions, yyyymmdd } from './retention.ts';
export {
  bucketStarts,
  findingTypesQuery,
  guardrailStats,
  guardrailStatsQuery,
  INTERVAL_MS,
  type Interval,
  MAX_BUCKETS,
  MAX_GUARDRAILS,
  MAX_USAGE_ROWS,
  type TimeseriesParams,
  TOP_FINDING_TYPES,
  timeseries,
  timeseriesQuery,
  type UsageParams,
  usage,
  usageQuery,
} from './series.ts';
export {
  enumLiteral,
  isValidIdentifier,
  quoteIdentifier,
  quoteString,
  uintLiteral,
  uuidLiteral,
} from './sql.ts';
export {
  DAY_MS,
  guardrailsQuery,
  MAX_RANGE_DAYS,
  MAX_RANGE_MS,
  type SummaryParams,
  summary,
  summaryWhere,
  totalsQuery,
} from './summary.ts';
export {
  EXECUTION_COLUMNS,
  EXECUTIONS_TABLE,
  type ExecutionRow,
  insertExecutions,
  toExecutionRow,
} from './writer.ts';
