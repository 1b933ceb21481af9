import type { Config } from '@parapet/config';

/**
 * Enqueues provisioning of a user's built-in profiles (deterministic job id: enqueuing twice
 * provisions once). Bounded in time so that a CLI never hangs on an unreachable Redis.
 */
export async function provisionUser(config: Config, userId: string, timeoutMs = 15_000): Promise<string> {
  // Loaded on demand: BullMQ takes seconds to import on a busy machine and most commands never need it.
  const { closeRedisConnection, createRedisConnection, enqueueProvisioning } = await import('@parapet/queue');
  const connection = createRedisConnection(config.redisUrl, 'worker', { name: 'parapet-admin' });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      enqueueProvisioning(connection, config.queuePrefix, userId),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis did not accept the provisioning job within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    await closeRedisConnection(connection);
  }
}
