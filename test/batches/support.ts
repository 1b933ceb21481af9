import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AnalyticsClient, summary } from '@parapet/analytics';
import type { Config } from '@parapet/config';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import type { BatchSettings } from '../../apps/worker/src/batch/settings.ts';
import { startWorker, type WorkerHandle } from '../../apps/worker/src/worker.ts';
import { waitFor } from '../support/index.ts';

/** Batch role settings for tests: small chunks, a short lock, private webhook targets allowed. */
export const TEST_BATCH_SETTINGS: Partial<BatchSettings> = {
  chunkSize: 200,
  lockDurationMs: 4_000,
  stalledIntervalMs: 1_000,
  webhookAllowPrivate: true,
  webhookBackoffMs: 100,
  webhookAttempts: 4,
};

/** The real worker (analytics + batch roles) in-process. */
export function startBatchWorker(
  config: Config,
  roles: Config['workerRoles'] = ['analytics', 'batch'],
  batch: Partial<BatchSettings> = TEST_BATCH_SETTINGS,
): Promise<WorkerHandle> {
  return startWorker(
    { ...config, workerRoles: roles },
    { logger: pino({ level: 'silent' }), registry: new Registry(), batch, writer: { maxWaitMs: 50 } },
  );
}

/** Executions of `source: batch` ClickHouse holds for a user, each id counted once (as the API reports them). */
export async function batchExecutions(
  clickhouse: AnalyticsClient,
  userId: string,
  since: number,
): Promise<number> {
  const s = await summary(clickhouse, {
    userId,
    from: new Date(since - 60_000),
    to: new Date(Date.now() + 60_000),
    source: 'batch',
  });
  return s.total;
}

/** Raw ClickHouse rows of one batch's records, duplicates (unmerged retries) included. */
export async function rawBatchRows(
  clickhouse: AnalyticsClient,
  userId: string,
  batchId: string,
): Promise<number> {
  if (!/^[0-9a-f-]{36}$/.test(userId) || !/^[0-9a-f-]{36}$/.test(batchId)) throw new Error('bad id');
  const rs = await clickhouse.query({
    query: `SELECT count() AS n FROM executions WHERE user_id = '${userId}' AND startsWith(id, 'batch-${batchId}-')`,
    format: 'JSONEachRow',
  });
  const rows = (await rs.json()) as Array<{ n: string | number }>;
  return Number(rows[0]?.n ?? 0);
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that records every request (answering `status`, default 200). */
export async function startReceiver(
  answer: (n: number) => number = () => 200,
): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answer(received.length);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/parapet`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls GET /api/batches/:id until the batch ended (or the deadline passed). */
export function waitForBatch(
  get: () => Promise<{ status: number; body: { status: string } }>,
  timeoutMs = 30_000,
): Promise<
  { status: string; processed: number; total: number; passed: number; blocked: number } & Record<
    string,
    unknown
  >
> {
  return waitFor(
    async () => {
      const res = await get();
      return ['completed', 'failed', 'cancelled'].includes(res.body?.status)
        ? (res.body as never)
        : undefined;
    },
    { timeoutMs, intervalMs: 100 },
  );
}
