import { Redis, type RedisOptions } from 'ioredis';

export type RedisConnection = Redis;
export type RedisRole = 'worker' | 'producer';

export interface RedisConnectionOptions {
  /** Connection name shown by CLIENT LIST. */
  name?: string;
  /** Extra ioredis options (tests); the role's policy wins on the keys it sets. */
  overrides?: RedisOptions;
}

/**
 * Redis connection policy, in one place.
 *
 * - `worker`: BullMQ workers block on Redis; `maxRetriesPerRequest: null` (required by BullMQ) so a
 *   blip never fails a blocking command, and reconnects are retried forever with a capped delay.
 * - `producer`: the API's hot path. Fails fast: no offline queue (a command while disconnected rejects
 *   at once instead of piling up), one retry per request, a short connect timeout. Callers keep their
 *   own data (the analytics buffer) and retry later.
 */
export function createRedisConnection(
  url: string,
  role: RedisRole,
  options: RedisConnectionOptions = {},
): RedisConnection {
  const retryStrategy = (times: number) => Math.min(100 * 2 ** Math.min(times, 5), 2_000);
  const policy: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true, retryStrategy }
      : {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2_000,
          commandTimeout: 5_000,
          retryStrategy,
        };
  const connection = new Redis(url, {
    ...options.overrides,
    ...policy,
    ...(options.name ? { connectionName: options.name } : {}),
  });
  // Without a listener ioredis prints every reconnect failure; owners attach their own logging.
  connection.on('error', () => {});
  return connection;
}

/** Closes a connection: QUIT when connected, otherwise disconnect without waiting. Never throws. */
export async function closeRedisConnection(connection: RedisConnection): Promise<void> {
  try {
    if (connection.status === 'ready') await connection.quit();
    else connection.disconnect();
  } catch {
    connection.disconnect();
  }
}
