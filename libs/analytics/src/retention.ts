import type { AnalyticsClient } from './client.ts';
import { quoteString, uintLiteral } from './sql.ts';
import { EXECUTIONS_TABLE } from './writer.ts';

/** `YYYYMMDD` of a date in UTC, as an integer (the partition id format of the executions table). */
export function yyyymmdd(date: Date): number {
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/**
 * Retention without TTL (18.16 has none): drops the daily partitions of `executions` older than
 * `retentionDays` whole. Partitions follow the server's time zone; a day of slack keeps the cut
 * conservative. Returns the partition ids dropped.
 */
export async function dropExpiredPartitions(
  client: AnalyticsClient,
  retentionDays: number,
  now = new Date(),
): Promise<string[]> {
  const days = Number(uintLiteral(retentionDays));
  const cutoff = yyyymmdd(new Date(now.getTime() - (days + 1) * 86_400_000));
  const rs = await client.query({
    query: `SELECT DISTINCT partition_id FROM system.parts
WHERE database = currentDatabase() AND table = ${quoteString(EXECUTIONS_TABLE)} AND active`,
    format: 'JSONEachRow',
  });
  const expired = (await rs.json<{ partition_id: string }>())
    .map((r) => r.partition_id)
    .filter((id) => /^\d{8}$/.test(id) && Number(id) < cutoff);
  for (const id of expired) {
    await client.command({ query: `ALTER TABLE ${EXECUTIONS_TABLE} DROP PARTITION ID ${quoteString(id)}` });
  }
  return expired;
}
