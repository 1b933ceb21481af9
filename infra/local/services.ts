import { migrateClickHouse } from '@parapet/analytics';
import { createDb, ensureDatabase, migrateToLatest, recreateDatabase } from '@parapet/db';
import {
  assertIdentifier,
  clickhouseExec,
  ensureLocalClickHouse,
  stopLocalClickHouse,
} from './clickhouse.ts';
import { ensureLocalPostgres } from './postgres.ts';
import { ensureLocalRedis } from './redis.ts';
import { log } from './util.ts';

/** Local instances on loopback, used whenever the corresponding URL is not configured. */
export const LOCAL = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/parapet',
  testDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/parapet_test',
  redisUrl: 'redis://127.0.0.1:6379',
  clickhouseUrl: 'http://127.0.0.1:18123',
  clickhouseDatabase: 'parapet',
  testClickhouseDatabase: 'parapet_test',
} as const;

type Env = Record<string, string | undefined>;
const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * Starts (installing if needed) the local Postgres, Redis and ClickHouse for every service whose URL
 * is not configured in `env`. Configured services are left alone: they are someone else's.
 */
export async function ensureServices(
  env: Env = process.env,
  postgresUrl: string = LOCAL.databaseUrl,
): Promise<void> {
  // One after the other: two apt-get runs at once would fight over the dpkg lock.
  if (!isSet(env['DATABASE_URL'])) await ensureLocalPostgres(postgresUrl);
  if (!isSet(env['REDIS_URL'])) await ensureLocalRedis(Number(new URL(LOCAL.redisUrl).port));
  if (!isSet(env['CLICKHOUSE_URL'])) await ensureLocalClickHouse();
}

export interface Resources {
  databaseUrl: string;
  clickhouseUrl: string;
  clickhouseDatabase: string;
}

/**
 * Creates the Postgres database and the ClickHouse database when missing (or drops and recreates
 * them with `fresh`, for test runs) and applies both sets of migrations.
 */
export async function prepareResources(resources: Resources, { fresh = false } = {}): Promise<void> {
  if (fresh) await recreateDatabase(resources.databaseUrl);
  else await ensureDatabase(resources.databaseUrl);
  const db = createDb(resources.databaseUrl, { max: 1, applicationName: 'parapet-migrate' });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log(`Postgres migrations applied: ${applied.join(', ')}`);
  } finally {
    await db.destroy();
  }

  const database = assertIdentifier(resources.clickhouseDatabase);
  if (fresh) await clickhouseExec(resources.clickhouseUrl, `DROP DATABASE IF EXISTS ${database}`);
  // Creates the database when missing, then applies the numbered SQL files of infra/clickhouse.
  const { applied: chApplied } = await migrateClickHouse(resources.clickhouseUrl, database);
  if (chApplied.length > 0) log(`ClickHouse migrations applied: ${chApplied.join(', ')}`);
}

/** Deletes this run's BullMQ keys so test runs leave nothing behind in the shared Redis. */
export async function removeQueueKeys(redisUrl: string, prefix: string): Promise<void> {
  const { bullPrefix, closeRedisConnection, createRedisConnection } = await import('@parapet/queue');
  const redis = createRedisConnection(redisUrl, 'worker', { name: 'parapet-test-cleanup' });
  const deadline = Date.now() + 30_000;
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${bullPrefix(prefix)}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) removed += await redis.unlink(...keys);
    } while (cursor !== '0' && Date.now() < deadline);
    if (removed > 0) log(`removed ${removed} Redis keys of queue prefix ${prefix}`);
  } catch (err) {
    log(`could not clean Redis keys of ${prefix}: ${(err as Error).message}`);
  } finally {
    await closeRedisConnection(redis);
  }
}

// `node infra/local/services.ts [up|stop]`: start the local services, or stop the local ClickHouse
// (Postgres and Redis are the machine's system services and are left alone).
if (import.meta.main) {
  const command = process.argv[2] ?? 'up';
  if (command === 'up') {
    await ensureServices({});
    log('Postgres, Redis and ClickHouse are up');
  } else if (command === 'stop') {
    log((await stopLocalClickHouse()) ? 'ClickHouse stopped' : 'ClickHouse was not running');
  } else {
    log(`unknown command "${command}" (expected up or stop)`);
    process.exitCode = 2;
  }
}
