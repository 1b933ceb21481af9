import { type AnalyticsClient, createAnalyticsClient } from '@parapet/analytics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WorkerHandle } from '../../apps/worker/src/worker.ts';
import { startTestApi, type TestApi } from '../api/harness.ts';
import { waitFor } from '../support/index.ts';
import { batchExecutions, startBatchWorker, waitForBatch } from './support.ts';

let api: TestApi;
let worker: WorkerHandle;
let clickhouse: AnalyticsClient;

beforeAll(async () => {
  api = await startTestApi({ analyticsFlushMs: 50 });
  worker = await startBatchWorker(api.config, ['analytics', 'batch'], { chunkSize: 500 });
  clickhouse = createAnalyticsClient({
    url: api.config.clickhouseUrl,
    database: api.config.clickhouseDatabase,
  });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await clickhouse?.close();
});

it('a 10 000-item batch completes end to end: 10 000 results in order, 10 000 analytics records', async () => {
  const { key, userId } = await api.newTenant();
  const since = Date.now();
  const total = 10_000;
  const items = Array.from({ length: total }, (_, i) =>
    i % 100 === 7
      ? { text: `deploy with AKIAZ7Q3XK2LMNOP4RST please (${i})` }
      : { text: `A normal question number ${i} about the weather in Paris.` },
  );
  const res = await api.request('/api/batches', {
    method: 'POST',
    key,
    json: { profileName: 'default', validationType: 'input', items },
  });
  expect(res.status).toBe(202);
  const done = await waitForBatch(() => api.request(`/api/batches/${res.body.id}`, { key }), 120_000);
  expect(done).toMatchObject({
    status: 'completed',
    total,
    processed: total,
    blocked: 100,
    passed: total - 100,
  });

  let count = 0;
  let last = -1;
  let cursor: string | null = null;
  for (let pages = 0; pages < 11; pages++) {
    const q: string = cursor ? `?limit=1000&cursor=${cursor}` : '?limit=1000';
    const page = await api.request(`/api/batches/${res.body.id}/results${q}`, { key });
    for (const item of page.body.items as Array<{ index: number }>) {
      expect(item.index).toBe(last + 1);
      last = item.index;
      count++;
    }
    cursor = page.body.nextCursor;
    if (!cursor) break;
  }
  expect(count).toBe(total);
  await waitFor(async () => (await batchExecutions(clickhouse, userId, since)) >= total, {
    timeoutMs: 30_000,
  });
  expect(await batchExecutions(clickhouse, userId, since)).toBe(total);
}, 180_000);
