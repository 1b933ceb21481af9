import type { Db } from '../db.ts';
import { ConflictError, isUniqueViolation } from '../errors.ts';
import { isUuid } from '../uuid.ts';

export interface UserRecord {
  id: string;
  name: string;
  createdAt: Date;
  builtinsVersion: number;
}

const columns = ['id', 'name', 'created_at', 'builtins_version'] as const;

const toUser = (row: {
  id: string;
  name: string;
  created_at: Date;
  builtins_version: number;
}): UserRecord => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  builtinsVersion: row.builtins_version,
});

/** Creates a user; ConflictError when the name is taken. */
export async function createUser(db: Db, name: string): Promise<UserRecord> {
  try {
    const row = await db.insertInto('users').values({ name }).returning(columns).executeTakeFirstOrThrow();
    return toUser(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`user "${name}" already exists`, { cause: err });
    throw err;
  }
}

export async function findUserByName(db: Db, name: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(columns).where('name', '=', name).executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function listUsers(db: Db): Promise<UserRecord[]> {
  const rows = await db.selectFrom('users').select(columns).orderBy('name').execute();
  return rows.map(toUser);
}

/**
 * Users whose stored built-ins are older than `definitionsVersion`, in id order after `afterId`
 * (keyset paging, so a sweep over many users is bounded per query and resumable).
 */
export async function listUsersWithOutdatedBuiltIns(
  db: Db,
  definitionsVersion: number,
  options: { afterId?: string; limit?: number } = {},
): Promise<UserRecord[]> {
  let query = db
    .selectFrom('users')
    .select(columns)
    .where('builtins_version', '<', definitionsVersion)
    .orderBy('id')
    .limit(options.limit ?? 500);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  return (await query.execute()).map(toUser);
}
