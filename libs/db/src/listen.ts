import pg from 'pg';

export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called when the dedicated connection fails; the listener reconnects by itself (bounded backoff). */
  onError?: (err: Error) => void;
  /** Called after every (re)connection: missed notifications should be made up for (e.g. flush caches). */
  onConnect?: () => void;
}

/**
 * Subscribes to Postgres NOTIFY channels on a dedicated connection (pooled connections cannot LISTEN),
 * reconnecting with capped exponential backoff until closed.
 */
export async function listen(
  url: string,
  channels: readonly string[],
  onNotification: (channel: string, payload: string) => void,
  options: ListenOptions = {},
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: 'parapet-listen' });
    next.on('notification', (message) => onNotification(message.channel, message.payload ?? ''));
    next.on('error', (err) => {
      options.onError?.(err);
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    await next.connect();
    for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    options.onConnect?.();
  };

  const scheduleReconnect = (failed: pg.Client) => {
    if (closed || retryTimer || (client && client !== failed)) return;
    client = undefined;
    failed.end().catch(() => {});
    const delay = Math.min(30_000, 250 * 2 ** attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((err: Error) => {
        options.onError?.(err);
        scheduleReconnect(failed);
      });
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
