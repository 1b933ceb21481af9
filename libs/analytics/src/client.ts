import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { isValidIdentifier } from './sql.ts';

export type AnalyticsClient = ClickHouseClient;

export interface AnalyticsClientOptions {
  /** HTTP(S) URL of the server, e.g. http://127.0.0.1:8123 (credentials may be embedded). */
  url: string;
  database: string;
  /** Per-request timeout; default 30 s. */
  requestTimeoutMs?: number;
  /** Maximum open sockets; default 10. */
  maxOpenConnections?: number;
}

/**
 * Creates a ClickHouse HTTP client. Only settings understood by 18.16 and current releases are sent;
 * compression of requests is off (18.16 accepts it, but JSONEachRow batches are small and CPU is scarce).
 */
export function createAnalyticsClient(options: AnalyticsClientOptions): AnalyticsClient {
  if (!isValidIdentifier(options.database))
    throw new RangeError(`invalid ClickHouse database name: ${options.database}`);
  return createClient({
    url: options.url,
    database: options.database,
    request_timeout: options.requestTimeoutMs ?? 30_000,
    max_open_connections: options.maxOpenConnections ?? 10,
    compression: { request: false, response: false },
    application: 'parapet',
  });
}

/** Resolves true when the server answers /ping within the client's timeout. */
export async function pingAnalytics(client: AnalyticsClient): Promise<boolean> {
  try {
    const res = await client.ping();
    return res.success;
  } catch {
    return false;
  }
}
