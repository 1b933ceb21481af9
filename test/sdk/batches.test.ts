import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerHandle } from '../../apps/worker/src/worker.ts';
import { NotFoundError, ParapetClient, TimeoutError, ValidationError } from '../../libs/sdk/src/index.ts';
import { startTestApi, type TestApi } from '../api/harness.ts';
import { startBatchWorker } from '../batches/support.ts';

let api: TestApi;
let worker: WorkerHandle | undefined;
let client: ParapetClient;
let other: ParapetClient;

beforeAll(async () => {
  api = await startTestApi();
  client = new ParapetClient({ apiKey: (await api.newTenant()).key, baseUrl: api.url });
  other = new ParapetClient({ apiKey: (await api.newTenant()).key, baseUrl: api.url });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
});

describe('SDK batches against the real server', () => {
  it('wait() gives up at its deadline while no worker runs the batch', async () => {
    const created = await client.batches.create({
      profileName: 'minimal',
      validationType: 'input',
      items: [{ text: 'queued until a worker starts' }],
    });
    expect(created).toEqual({ id: expect.any(String), status: 'queued', total: 1 });
    await expect(client.batches.wait(created.id, { deadlineMs: 300, intervalMs: 50 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    worker = await startBatchWorker(api.config, ['batch']);
    expect((await client.batches.wait(created.id, { deadlineMs: 30_000, intervalMs: 50 })).status).toBe(
      'completed',
    );
  });

  it('create, get, wait, list, results page by page, the async iterator, and cancel', async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ id: `q${i}`, text: `question ${i}` }));
    const { id, total } = await client.batches.create({
      profileName: 'default',
      validationType: 'input',
      items,
    });
    expect(total).toBe(30);
    expect((await client.batches.get(id)).id).toBe(id);
    const done = await client.batches.wait(id, { deadlineMs: 30_000, intervalMs: 50 });
    expect(done).toMatchObject({ status: 'completed', processed: 30, progress: 1 });

    const page = await client.batches.results(id, { limit: 7 });
    expect(page.items.map((i) => i.id)).toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    expect(page.nextCursor).toEqual(expect.any(String));
    const all = [];
    for await (const item of client.batches.allResults(id, { pageSize: 8 })) all.push(item.id);
    expect(all).toEqual(items.map((i) => i.id));

    const listed = await client.batches.list({ status: 'completed', limit: 100 });
    expect(listed.batches.map((b) => b.id)).toContain(id);
    expect((await client.batches.cancel(id)).status).toBe('completed');
  });

  it('maps errors: 404 for another tenant, 400 for a bad body', async () => {
    const { id } = await client.batches.create({
      profileName: 'minimal',
      validationType: 'input',
      items: [{ text: 'x' }],
    });
    await expect(other.batches.get(id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(other.batches.cancel(id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(other.batches.results(id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      client.batches.create({ profileName: 'minimal', validationType: 'input', items: [] }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
