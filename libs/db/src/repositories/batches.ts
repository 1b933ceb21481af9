import { randomBytes } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import type { BatchesTable, BatchStatus } from '../types.ts';
import { isUuid } from '../uuid.ts';

export type { BatchStatus } from '../types.ts';

export interface BatchRecord {
  id: string;
  userId: string;
  apiKeyId: string | null;
  profileId: string;
  profileVersion: number;
  validationType: string;
  status: BatchStatus;
  total: number;
  processed: number;
  passed: number;
  blocked: number;
  webhookUrl: string | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

export interface NewBatch {
  apiKeyId?: string | null;
  profileId: string;
  profileVersion: number;
  validationType: string;
  items: ReadonlyArray<{ id?: string | undefined; text: string }>;
  webhookUrl?: string | null;
}

/** A pending item, as the worker needs it. */
export interface PendingBatchItem {
  index: number;
  itemId: string | null;
  text: string;
}

/** An item's stored outcome: `result` is whatever the worker serialises (see the batch contracts). */
export interface BatchItemResult {
  index: number;
  passed: boolean;
  result: Record<string, unknown>;
}

export interface StoredBatchItem {
  index: number;
  itemId: string | null;
  passed: boolean;
  result: Record<string, unknown>;
  processedAt: Date;
}

const TERMINAL: readonly BatchStatus[] = ['completed', 'failed', 'cancelled'];
/** Rows per INSERT: 4 parameters each, well under Postgres' 65 535-parameter limit. */
const INSERT_CHUNK = 2_000;

const columns = [
  'id',
  'user_id',
  'api_key_id',
  'profile_id',
  'profile_version',
  'validation_type',
  'status',
  'total',
  'processed',
  'passed',
  'blocked',
  'webhook_url',
  'error',
  'created_at',
  'started_at',
  'completed_at',
] as const;

type BatchRow = Selectable<BatchesTable>;

const toBatch = (row: BatchRow): BatchRecord => ({
  id: row.id,
  userId: row.user_id,
  apiKeyId: row.api_key_id,
  profileId: row.profile_id,
  profileVersion: row.profile_version,
  validationType: row.validation_type,
  status: row.status,
  total: row.total,
  processed: row.processed,
  passed: row.passed,
  blocked: row.blocked,
  webhookUrl: row.webhook_url,
  error: row.error,
  createdAt: row.created_at,
  startedAt: row.started_at,
  completedAt: row.completed_at,
});

/** Stores a batch and its items atomically (status `queued`). Enqueue its job after this resolves. */
export async function createBatch(db: Db, userId: string, batch: NewBatch): Promise<BatchRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('batches')
      .values({
        user_id: userId,
        api_key_id: batch.apiKeyId ?? null,
        profile_id: batch.profileId,
        profile_version: batch.profileVersion,
        validation_type: batch.validationType,
        total: batch.items.length,
        webhook_url: batch.webhookUrl ?? null,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    for (let start = 0; start < batch.items.length; start += INSERT_CHUNK) {
      const chunk = batch.items.slice(start, start + INSERT_CHUNK);
      await trx
        .insertInto('batch_items')
        .values(
          chunk.map((item, offset) => ({
            batch_id: row.id,
            idx: start + offset,
            item_id: item.id ?? null,
            text: item.text,
          })),
        )
        .execute();
    }
    return toBatch(row);
  });
}

/** A user's batch; undefined for another user's or a malformed id (callers answer 404 alike). */
export async function getBatch(db: Db, userId: string, id: string): Promise<BatchRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom('batches')
    .select(columns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toBatch(row);
}

/** Any batch by id (workers, which act for every user). */
export async function getBatchById(db: Db, id: string): Promise<BatchRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db.selectFrom('batches').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toBatch(row);
}

/** Whether `cursor` is one listBatches handed out (the API answers 400 for anything else). */
export const isBatchListCursor = (cursor: string): boolean => decodeCursor(cursor) !== undefined;

const encodeCursor = (row: { created_at: Date; id: string }) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } | undefined {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  return id && isUuid(id) && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : undefined;
}

/** A user's batches, newest first, keyset-paginated. An unreadable cursor starts from the top. */
export async function listBatches(
  db: Db,
  userId: string,
  options: { status?: BatchStatus; cursor?: string; limit?: number } = {},
): Promise<{ batches: BatchRecord[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  let query = db.selectFrom('batches').select(columns).where('user_id', '=', userId);
  if (options.status) query = query.where('status', '=', options.status);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { batches: page.map(toBatch), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/**
 * Marks a batch running (first start sets started_at). Undefined when it is finished or cancelled,
 * so a redelivered job does nothing.
 */
export async function startBatch(db: Db, id: string): Promise<BatchRecord | undefined> {
  const row = await db
    .updateTable('batches')
    .set({ status: 'running', started_at: sql<Date>`coalesce(started_at, now())` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning(columns)
    .executeTakeFirst();
  return row && toBatch(row);
}

/** The next items without a result, in order (resumes where a crashed worker stopped). */
export async function pendingBatchItems(db: Db, batchId: string, limit = 500): Promise<PendingBatchItem[]> {
  const rows = await db
    .selectFrom('batch_items')
    .select(['idx', 'item_id', 'text'])
    .where('batch_id', '=', batchId)
    .where('result', 'is', null)
    .orderBy('idx')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ index: row.idx, itemId: row.item_id, text: row.text ?? '' }));
}

/**
 * What a worker runs next: pending items of a batch that is still queued or running, with their
 * texts. Empty once the batch is cancelled or ended, even mid-way (their texts are cleared then), so
 * a worker never runs an item whose text is gone.
 */
export async function nextBatchChunk(db: Db, batchId: string, limit = 500): Promise<PendingBatchItem[]> {
  const rows = await db
    .selectFrom('batch_items as i')
    .innerJoin('batches as b', 'b.id', 'i.batch_id')
    .select(['i.idx', 'i.item_id', 'i.text'])
    .where('i.batch_id', '=', batchId)
    .where('b.status', 'in', ['queued', 'running'])
    .where('i.result', 'is', null)
    .where('i.text', 'is not', null)
    .orderBy('i.idx')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ index: row.idx, itemId: row.item_id, text: row.text ?? '' }));
}

/**
 * Stores item outcomes and clears their texts; counters move only for items that had no result yet,
 * so a retried chunk never double counts (two workers racing on one chunk: the second UPDATE waits
 * for the first's row locks, re-checks `result IS NULL` and skips). One statement per chunk.
 * Returns the updated batch.
 */
export async function recordBatchResults(
  db: Db,
  batchId: string,
  results: readonly BatchItemResult[],
): Promise<BatchRecord> {
  const input = JSON.stringify(
    results.map((item) => ({ idx: item.index, passed: item.passed, result: item.result })),
  );
  return db.transaction().execute(async (trx) => {
    const counted = await sql<{ passed: number; blocked: number }>`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS t(idx integer, passed boolean, result jsonb)
      ), updated AS (
        UPDATE batch_items AS b
        SET passed = input.passed, result = input.result, text = NULL, processed_at = now()
        FROM input
        WHERE b.batch_id = ${batchId} AND b.idx = input.idx AND b.result IS NULL
        RETURNING b.passed
      )
      SELECT (count(*) FILTER (WHERE passed))::int AS passed,
             (count(*) FILTER (WHERE NOT passed))::int AS blocked
      FROM updated`.execute(trx);
    const passed = counted.rows[0]?.passed ?? 0;
    const blocked = counted.rows[0]?.blocked ?? 0;
    const row = await trx
      .updateTable('batches')
      .set({
        processed: sql<number>`processed + ${passed + blocked}`,
        passed: sql<number>`passed + ${passed}`,
        blocked: sql<number>`blocked + ${blocked}`,
      })
      .where('id', '=', batchId)
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('batch not found');
    return toBatch(row);
  });
}

/**
 * Ends a batch as `completed` or `failed` (with a message safe to show the user). Undefined when it
 * had already ended (e.g. cancelled meanwhile). Pending texts are cleared either way.
 */
export async function finishBatch(
  db: Db,
  id: string,
  status: 'completed' | 'failed',
  error: string | null = null,
): Promise<BatchRecord | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('batches')
      .set({ status, error, completed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .returning(columns)
      .executeTakeFirst();
    if (row) await trx.updateTable('batch_items').set({ text: null }).where('batch_id', '=', id).execute();
    return row && toBatch(row);
  });
}

/**
 * Cancels a queued or running batch and clears its pending texts. A batch that already ended is
 * returned unchanged; NotFoundError when the user has no such batch.
 */
export async function cancelBatch(db: Db, userId: string, id: string): Promise<BatchRecord> {
  const current = await getBatch(db, userId, id);
  if (!current) throw new NotFoundError('batch not found');
  if (TERMINAL.includes(current.status)) return current;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('batches')
      .set({ status: 'cancelled', completed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .returning(columns)
      .executeTakeFirst();
    await trx.updateTable('batch_items').set({ text: null }).where('batch_id', '=', id).execute();
    if (row) return toBatch(row);
    // Finished between the read and the update.
    const latest = await trx
      .selectFrom('batches')
      .select(columns)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return toBatch(latest);
  });
}

/** Stored outcomes in item order, from `afterIndex` (exclusive), for the paged results endpoint. */
export async function listBatchResults(
  db: Db,
  userId: string,
  batchId: string,
  options: { afterIndex?: number; limit?: number } = {},
): Promise<{ items: StoredBatchItem[]; nextAfterIndex: number | null } | undefined> {
  if (!(await getBatch(db, userId, batchId))) return undefined;
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000);
  const rows = await db
    .selectFrom('batch_items')
    .select(['idx', 'item_id', 'passed', 'result', 'processed_at'])
    .where('batch_id', '=', batchId)
    .where('result', 'is not', null)
    .where('idx', '>', options.afterIndex ?? -1)
    .orderBy('idx')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => ({
      index: row.idx,
      itemId: row.item_id,
      passed: row.passed ?? false,
      result: row.result ?? {},
      processedAt: row.processed_at ?? new Date(0),
    })),
    nextAfterIndex: rows.length > limit ? (page.at(-1)?.idx ?? null) : null,
  };
}

/** Batches not yet ended, oldest first (a starting worker re-queues them: their jobs may be lost). */
export async function listUnfinishedBatchIds(db: Db, limit = 1_000): Promise<string[]> {
  const rows = await db
    .selectFrom('batches')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The user's webhook signing secret, created on first use. `created` is true only for the call that
 * stored it (concurrent first uses agree on one secret: the row lock serialises them and the second
 * keeps the first's value). NotFoundError when the user does not exist.
 */
export async function ensureWebhookSecret(
  db: Db,
  userId: string,
): Promise<{ secret: string; created: boolean }> {
  const candidate = `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await db
    .updateTable('users')
    .set({ webhook_secret: sql<string>`coalesce(webhook_secret, ${candidate})` })
    .where('id', '=', userId)
    .returning('webhook_secret')
    .executeTakeFirst();
  if (!row?.webhook_secret) throw new NotFoundError('user not found');
  return { secret: row.webhook_secret, created: row.webhook_secret === candidate };
}

/** The user's webhook signing secret, undefined when none was created yet. */
export async function getWebhookSecret(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('webhook_secret')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.webhook_secret ?? undefined;
}
