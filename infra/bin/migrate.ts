/**
 * Applies the Postgres and ClickHouse migrations for the configured environment, then exits:
 * `node infra/bin/migrate.ts`. Deployments run it once before starting API replicas and workers
 * (the docker-compose `migrate` service); `npm start` and `npm test` run the same steps themselves.
 * Safe to run concurrently: kysely holds an advisory lock and ClickHouse DDL is IF NOT EXISTS.
 */
import { migrateClickHouse } from '@parapet/analytics';
import { ConfigError, loadConfig } from '@parapet/config';
import { createDb, migrateToLatest } from '@parapet/db';

try {
  const config = loadConfig();
  const db = createDb(config.databaseUrl, { max: 1, applicationName: 'parapet-migrate' });
  try {
    const applied = await migrateToLatest(db);
    process.stderr.write(`Postgres: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}\n`);
  } finally {
    await db.destroy();
  }
  const { applied } = await migrateClickHouse(config.clickhouseUrl, config.clickhouseDatabase);
  process.stderr.write(`ClickHouse: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}\n`);
} catch (err) {
  const message = err instanceof ConfigError ? err.message : (err as Error).message;
  const cause = (err as { cause?: Error }).cause;
  process.stderr.write(`migration failed: ${message}${cause ? ` (${cause.message})` : ''}\n`);
  process.exitCode = 1;
}
