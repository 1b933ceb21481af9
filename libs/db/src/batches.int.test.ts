import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, createTestUser } from '../../../test/support/index.ts';
import {
  cancelBatch,
  createBatch,
  finishBatch,
  getBatch,
  getBatchById,
  listBatches,
  listBatchResults,
  NotFoundError,
  pendingBatchItems,
  recordBatchResults,
  startBatch,
} from './index.ts';

const db = createTestDb();
afterAll(() => db.destroy());

const newBatch = (count: number) => ({
  profileId: 'default',
  profileVersion: 1,
  validationType: 'input',
  items: Array.from({ length: count }, (_, i) => ({
    id: i % 2 ? `item-${i}` : undefined,
    text: `text ${i}`,
  })),
  webhookUrl: null,
});

describe('batches', () => {
  it('runs a batch through its lifecycle, idempotently, clearing texts as results land', async () => {
    const { user, apiKey } = await createTestUser(db);
    const batch = await createBatch(db, user.id, { ...newBatch(5), apiKeyId: apiKey.id });
    expect(batch).toMatchObject({
      status: 'queued',
      total: 5,
      processed: 0,
      apiKeyId: apiKey.id,
      startedAt: null,
    });
    expect(await getBatch(db, user.id, batch.id)).toEqual(batch);
    expect(await getBatchById(db, batch.id)).toEqual(batch);

    const running = await startBatch(db, batch.id);
    expect(running?.status).toBe('running');
    expect(running?.startedAt).toBeInstanceOf(Date);
    expect((await startBatch(db, batch.id))?.startedAt).toEqual(running?.startedAt);

    const first = await pendingBatchItems(db, batch.id, 3);
    expect(first).toEqual([
      { index: 0, itemId: null, text: 'text 0' },
      { index: 1, itemId: 'item-1', text: 'text 1' },
      { index: 2, itemId: null, text: 'text 2' },
    ]);
    const chunk = first.map((item) => ({
      index: item.index,
      passed: item.index !== 1,
      result: { n: item.index },
    }));
    expect(await recordBatchResults(db, batch.id, chunk)).toMatchObject({
      processed: 3,
      passed: 2,
      blocked: 1,
    });
    // A retried chunk changes nothing.
    expect(await recordBatchResults(db, batch.id, chunk)).toMatchObject({
      processed: 3,
      passed: 2,
      blocked: 1,
    });
    const texts = await db
      .selectFrom('batch_items')
      .select(['idx', 'text'])
      .where('batch_id', '=', batch.id)
      .orderBy('idx')
      .execute();
    expect(texts.map((row) => row.text)).toEqual([null, null, null, 'text 3', 'text 4']);

    expect((await pendingBatchItems(db, batch.id)).map((item) => item.index)).toEqual([3, 4]);
    await recordBatchResults(db, batch.id, [
      { index: 3, passed: true, result: { n: 3 } },
      { index: 4, passed: true, result: { n: 4 } },
    ]);
    const done = await finishBatch(db, batch.id, 'completed');
    expect(done).toMatchObject({ status: 'completed', processed: 5, passed: 4, blocked: 1 });
    expect(done?.completedAt).toBeInstanceOf(Date);
    expect(await finishBatch(db, batch.id, 'failed', 'late')).toBeUndefined();
    expect(await startBatch(db, batch.id)).toBeUndefined();

    const page1 = await listBatchResults(db, user.id, batch.id, { limit: 2 });
    expect(page1?.items.map((item) => [item.index, item.itemId, item.passed, item.result])).toEqual([
      [0, null, true, { n: 0 }],
      [1, 'item-1', false, { n: 1 }],
    ]);
    expect(page1?.nextAfterIndex).toBe(1);
    const page2 = await listBatchResults(db, user.id, batch.id, { afterIndex: 1, limit: 10 });
    expect(page2?.items.map((item) => item.index)).toEqual([2, 3, 4]);
    expect(page2?.nextAfterIndex).toBeNull();
  });

  it('scopes batches to their owner and tolerates malformed ids', async () => {
    const a = await createTestUser(db);
    const b = await createTestUser(db);
    const batch = await createBatch(db, a.user.id, newBatch(1));
    expect(await getBatch(db, b.user.id, batch.id)).toBeUndefined();
    expect(await listBatchResults(db, b.user.id, batch.id)).toBeUndefined();
    await expect(cancelBatch(db, b.user.id, batch.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await getBatch(db, a.user.id, 'not-a-uuid')).toBeUndefined();
    expect((await listBatches(db, b.user.id)).batches).toEqual([]);
  });

  it('cancels, clearing pending texts, and stops later starts', async () => {
    const { user } = await createTestUser(db);
    const batch = await createBatch(db, user.id, newBatch(3));
    const cancelled = await cancelBatch(db, user.id, batch.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await startBatch(db, batch.id)).toBeUndefined();
    expect(await pendingBatchItems(db, batch.id)).toEqual([
      { index: 0, itemId: null, text: '' },
      { index: 1, itemId: 'item-1', text: '' },
      { index: 2, itemId: null, text: '' },
    ]);
    expect((await cancelBatch(db, user.id, batch.id)).status).toBe('cancelled');
  });

  it('lists newest first with a keyset cursor and a status filter', async () => {
    const { user } = await createTestUser(db);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createBatch(db, user.id, newBatch(1))).id);
    await finishBatch(db, ids[0]!, 'failed', 'boom');
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await listBatches(db, user.id, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...result.batches.map((b) => b.id));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(seen).toEqual([...ids].reverse());
    const failed = await listBatches(db, user.id, { status: 'failed' });
    expect(failed.batches.map((b) => [b.id, b.error])).toEqual([[ids[0], 'boom']]);
  });

  it('stores large batches in chunks', async () => {
    const { user } = await createTestUser(db);
    const batch = await createBatch(db, user.id, newBatch(4_500));
    expect(batch.total).toBe(4_500);
    const count = await db
      .selectFrom('batch_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('batch_id', '=', batch.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4_500);
  });
});
