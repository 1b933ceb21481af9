import { LOCAL } from '../../infra/local/services.ts';

/**
 * Environment of a test run: whatever is configured wins, the rest points at the local test
 * resources (database parapet_test in Postgres and ClickHouse) and a BullMQ prefix of its own.
 */
export function applyTestEnv(env: NodeJS.ProcessEnv = process.env): void {
  const defaults: Record<string, string> = {
    DATABASE_URL: LOCAL.testDatabaseUrl,
    REDIS_URL: LOCAL.redisUrl,
    CLICKHOUSE_URL: LOCAL.clickhouseUrl,
    CLICKHOUSE_DATABASE: LOCAL.testClickhouseDatabase,
    QUEUE_PREFIX: `parapet-test-${process.pid}`,
    LOG_LEVEL: 'silent',
  };
  for (const [name, value] of Object.entries(defaults)) {
    if (!env[name]?.trim()) env[name] = value;
  }
}

/**
 * The database `npm test` drops and recreates: `parapet_test` on the configured server (or the local
 * one), never the configured database itself.
 */
export function testDatabaseUrl(configured: string | undefined): string {
  if (!configured?.trim()) return LOCAL.testDatabaseUrl;
  const url = new URL(configured.trim());
  url.pathname = '/parapet_test';
  return url.toString();
}
