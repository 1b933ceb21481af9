/**
 * A worker killed with SIGKILL mid-batch: another worker process finishes the batch, every item has
 * exactly one result and ClickHouse counts every item exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type AnalyticsClient, createAnalyticsClient } from '@parapet/analytics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WorkerHandle } from '../../apps/worker/src/worker.ts';
import { startTestApi, type TestApi } from '../api/harness.ts';
import { waitFor } from '../support/index.ts';
import { batchExecutions, rawBatchRows, startBatchWorker, waitForBatch } from './support.ts';

const root = new URL('../../', import.meta.url).pathname;
let api: TestApi;
let analyticsWorker: WorkerHandle;
let clickhouse: AnalyticsClient;
const children: ChildProcess[] = [];

/** Starts apps/worker/src/main.ts (batch role only) as its own process; resolves once it is started. */
async function spawnBatchWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/worker/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      WORKER_ROLES: 'batch',
      LOG_LEVEL: 'info',
      BATCH_CHUNK_SIZE: '100',
      BATCH_LOCK_DURATION_MS: '3000',
      BATCH_STALLED_INTERVAL_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker process did not start within 30 s')), 30_000);
    lines.on('line', (line) => {
      let msg: string | undefined;
      try {
        msg = (JSON.parse(line) as { msg?: string }).msg;
      } catch {
        return;
      }
      if (msg === 'worker started') {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`worker process exited early (${code ?? signal})`));
    });
  });
  return child;
}

beforeAll(async () => {
  api = await startTestApi({ analyticsFlushMs: 50 });
  analyticsWorker = await startBatchWorker(api.config, ['analytics']);
  clickhouse = createAnalyticsClient({
    url: api.config.clickhouseUrl,
    database: api.config.clickhouseDatabase,
  });
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await analyticsWorker?.close();
  await api?.close();
  await clickhouse?.close();
});

it('SIGKILL mid-batch: a new worker completes it; each item has one result and counts once', async () => {
  const { key, userId } = await api.newTenant();
  const since = Date.now();
  const total = 4_000;
  const items = Array.from({ length: total }, (_, i) => ({
    id: `item-${i}`,
    text: `Message ${i}: please summarise the attached quarterly report for the board, ${'and more context '.repeat(5)}`,
  }));
  const first = await spawnBatchWorker();
  const res = await api.request('/api/batches', {
    method: 'POST',
    key,
    json: { profileName: 'default', validationType: 'input', items },
  });
  expect(res.status).toBe(202);
  const get = () => api.request(`/api/batches/${res.body.id}`, { key });

  const before = await waitFor(
    async () => {
      const b = (await get()).body;
      return b.processed > 0 ? b : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 10 },
  );
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const atKill = (await get()).body;
  expect(before.processed).toBeGreaterThan(0);
  expect(atKill.processed, 'the batch must still have pending items when the worker dies').toBeLessThan(
    total,
  );
  expect(atKill.status).toBe('running');

  const second = await spawnBatchWorker();
  const done = await waitForBatch(get, 90_000);
  expect(done).toMatchObject({ status: 'completed', total, processed: total });
  expect(done.passed + done.blocked).toBe(total);

  // Results: every index exactly once, in order, with the caller's ids.
  const indexes: number[] = [];
  const ids = new Set<string>();
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const q: string = cursor ? `?limit=1000&cursor=${cursor}` : '?limit=1000';
    const page = await api.request(`/api/batches/${res.body.id}/results${q}`, { key });
    for (const item of page.body.items as Array<{ index: number; id: string }>) {
      indexes.push(item.index);
      ids.add(item.id);
    }
    cursor = page.body.nextCursor;
    if (!cursor) break;
  }
  expect(indexes).toEqual(Array.from({ length: total }, (_, i) => i));
  expect(ids.size).toBe(total);

  // Analytics: the user's batch executions as the API counts them (by record id) = total.
  await waitFor(async () => (await batchExecutions(clickhouse, userId, since)) >= total, {
    timeoutMs: 30_000,
  });
  expect(await batchExecutions(clickhouse, userId, since)).toBe(total);
  // Rows may include a re-sent chunk (killed between its analytics enqueue and its results write).
  expect(await rawBatchRows(clickhouse, userId, res.body.id)).toBeGreaterThanOrEqual(total);

  second.kill('SIGTERM');
  await new Promise((resolve) => second.once('exit', resolve));
}, 180_000);
