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
export { defaultBucketSeconds, type KeyUsage, type SeriesPoint, timeSeries, usageByKey } from './series.ts';
export {
  enumLiteral,
  isValidIdentifier,
  quoteIdentifier,
  quoteString,
  uintLiteral,
  uuidLiteral,
} from './sql.ts';
export { guardrailsQuery, type SummaryParams, summary, summaryWhere, totalsQuery } from './summary.ts';
export {
  EXECUTION_COLUMNS,
  EXECUTIONS_TABLE,
  type ExecutionRow,
  insertExecutions,
  toExecutionRow,
} from './writer.ts';
