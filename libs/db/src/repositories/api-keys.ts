import { generateKey } from '@parapet/keys';
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { ConflictError, isUniqueViolation, NotFoundError } from '../errors.ts';
import type { ApiKeyRow } from '../types.ts';
import { isUuid } from '../uuid.ts';

/** Postgres NOTIFY channel carrying the hash of every revoked key (see `listen`). */
export const KEY_REVOKED_CHANNEL = 'parapet_key_revoked';

export interface ApiKeyRecord {
  id: string;
  userId: string;
  prefix: string;
  name: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** Per-key override of the global limit; null = use the global default, 0 = unlimited. */
  perMinute: number | null;
  perDay: number | null;
}

/** What authentication needs, fetched with one indexed query. */
export interface ApiKeyAuth {
  id: string;
  userId: string;
  prefix: string;
  revokedAt: Date | null;
  perMinute: number | null;
  perDay: number | null;
}

export interface CreateApiKeyOptions {
  name?: string | null;
  perMinute?: number | null;
  perDay?: number | null;
  /** KEY_PEPPER, when configured: the stored hash is then an HMAC. */
  pepper?: string;
}

const columns = [
  'id',
  'user_id',
  'prefix',
  'name',
  'created_at',
  'revoked_at',
  'last_used_at',
  'rate_limit_per_minute',
  'rate_limit_per_day',
] as const;

const toRecord = (row: Omit<ApiKeyRow, 'key_hash'>): ApiKeyRecord => ({
  id: row.id,
  userId: row.user_id,
  prefix: row.prefix,
  name: row.name,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  lastUsedAt: row.last_used_at,
  perMinute: row.rate_limit_per_minute,
  perDay: row.rate_limit_per_day,
});

/** Creates a key for the user. The plaintext key is returned here once and never stored. */
export async function createApiKey(
  db: Db,
  userId: string,
  options: CreateApiKeyOptions = {},
): Promise<{ key: string; record: ApiKeyRecord }> {
  for (let attempt = 0; ; attempt++) {
    const generated = generateKey(options.pepper);
    try {
      const row = await db
        .insertInto('api_keys')
        .values({
          user_id: userId,
          key_hash: generated.hash,
          prefix: generated.prefix,
          name: options.name ?? null,
          rate_limit_per_minute: options.perMinute ?? null,
          rate_limit_per_day: options.perDay ?? null,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return { key: generated.key, record: toRecord(row) };
    } catch (err) {
      // A hash collision of 192 random bits does not happen; retrying once costs nothing anyway.
      if (isUniqueViolation(err) && attempt < 2) continue;
      if ((err as { code?: unknown }).code === '23503') throw new NotFoundError('user not found');
      throw err;
    }
  }
}

/** Authentication lookup by hashKey(key): one query on the unique index. */
export async function findApiKeyByHash(db: Db, hash: string): Promise<ApiKeyAuth | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'user_id', 'prefix', 'revoked_at', 'rate_limit_per_minute', 'rate_limit_per_day'])
    .where('key_hash', '=', hash)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      prefix: row.prefix,
      revokedAt: row.revoked_at,
      perMinute: row.rate_limit_per_minute,
      perDay: row.rate_limit_per_day,
    }
  );
}

/**
 * Revokes the key with this display prefix and notifies listeners on KEY_REVOKED_CHANNEL (payload:
 * the key hash) in the same transaction. NotFoundError when no key has the prefix, ConflictError when
 * several live keys share it. Revoking an already revoked key returns it unchanged.
 */
export function revokeApiKeyByPrefix(db: Db, prefix: string): Promise<ApiKeyRecord> {
  return revokeWhere(db, 'prefix', prefix, `no API key with prefix "${prefix}"`);
}

/** As revokeApiKeyByPrefix, by the key's id (what the admin HTTP endpoints list). */
export async function revokeApiKeyById(db: Db, id: string): Promise<ApiKeyRecord> {
  if (!isUuid(id)) throw new NotFoundError('API key not found');
  return revokeWhere(db, 'id', id, 'API key not found');
}

function revokeWhere(
  db: Db,
  column: 'id' | 'prefix',
  value: string,
  notFound: string,
): Promise<ApiKeyRecord> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('api_keys')
      .select([...columns, 'key_hash'])
      .where(column, '=', value)
      .forUpdate()
      .execute();
    if (rows.length === 0) throw new NotFoundError(notFound);
    const live = rows.filter((row) => row.revoked_at === null);
    if (live.length > 1) {
      throw new ConflictError(`prefix "${value}" matches ${live.length} keys; revoke by a longer prefix`);
    }
    const target = live[0];
    if (!target) {
      const { key_hash: _hash, ...row } = rows[0]!;
      return toRecord(row);
    }
    const updated = await trx
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', target.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await sql`SELECT pg_notify(${KEY_REVOKED_CHANNEL}, ${target.key_hash})`.execute(trx);
    return toRecord(updated);
  });
}

/** A user's keys, newest first. Never includes hashes or keys. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** Records use of keys (callers batch this off the hot path). */
export async function touchApiKeys(db: Db, ids: readonly string[], at: Date = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', 'in', [...new Set(ids)])
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}
