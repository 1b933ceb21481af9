import { ensureServices, LOCAL, prepareResources } from '../../infra/local/services.ts';
import { applyTestEnv } from './env.ts';

/**
 * Integration project setup (vitest globalSetup). Under `npm test` the environment is already set
 * and the databases fresh; run directly (`npx vitest run --project integration`) it starts the local
 * services that are not configured, points the run at the test resources and applies migrations.
 * Workers inherit process.env as it is after this runs.
 */
export default async function setup(): Promise<void> {
  await ensureServices(process.env, LOCAL.testDatabaseUrl);
  applyTestEnv(process.env);
  await prepareResources({
    databaseUrl: process.env['DATABASE_URL']!,
    clickhouseUrl: process.env['CLICKHOUSE_URL']!,
    clickhouseDatabase: process.env['CLICKHOUSE_DATABASE']!,
  });
}
