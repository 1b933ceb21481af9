import { ensureServices, LOCAL, prepareResources, removeQueueKeys } from '../../infra/local/services.ts';
import { applyTestEnv } from './env.ts';

/**
 * Integration project setup (vitest globalSetup). Under `npm test` the environment is already set
 * and the databases fresh; run directly (`npx vitest run --project integration`) it starts the local
 * services that are not configured, points the run at the test resources and applies migrations.
 * Workers inherit process.env as it is after this runs. When it chose the queue prefix itself, the
 * returned teardown deletes that prefix's Redis keys.
 */
export default async function setup(): Promise<() => Promise<void>> {
  await ensureServices(process.env, LOCAL.testDatabaseUrl);
  const ownPrefix = !process.env['QUEUE_PREFIX']?.trim();
  applyTestEnv(process.env);
  await prepareResources({
    databaseUrl: process.env['DATABASE_URL']!,
    clickhouseUrl: process.env['CLICKHOUSE_URL']!,
    clickhouseDatabase: process.env['CLICKHOUSE_DATABASE']!,
  });
  return async () => {
    if (ownPrefix) await removeQueueKeys(process.env['REDIS_URL']!, process.env['QUEUE_PREFIX']!);
  };
}
