import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { ConflictError, isUniqueViolation, NotFoundError, VersionMismatchError } from '../errors.ts';
import type { ProfileDefinition, ProfileRow } from '../types.ts';

export interface ProfileRecord {
  userId: string;
  id: string;
  name: string;
  description: string;
  isBuiltIn: boolean;
  version: number;
  definition: ProfileDefinition;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProfileVersionRecord {
  profileId: string;
  version: number;
  definition: ProfileDefinition;
  createdAt: Date;
}

export interface NewProfile {
  id: string;
  name: string;
  description: string;
  isBuiltIn: boolean;
  definition: ProfileDefinition;
}

/** An entry as the engine writes it: `config` may be omitted (the guardrail's defaults apply). */
interface BuiltInEntry {
  name: string;
  config?: Record<string, unknown>;
}

/** A built-in profile as the engine ships it (BuiltInProfile from @parapet/engine fits). */
export interface BuiltInProfileInput {
  id: string;
  name: string;
  description: string;
  inputGuardrails: readonly BuiltInEntry[];
  outputGuardrails: readonly BuiltInEntry[];
  toolGuardrails: readonly BuiltInEntry[];
}

/** Stored entries always carry a config (empty = the guardrail's defaults). */
const storedEntries = (entries: readonly BuiltInEntry[]) =>
  entries.map((e) => ({ name: e.name, config: e.config ?? {} }));

const columns = [
  'user_id',
  'id',
  'name',
  'description',
  'is_built_in',
  'version',
  'definition',
  'created_at',
  'updated_at',
] as const;

const toRecord = (row: Omit<ProfileRow, 'deleted_at'>): ProfileRecord => ({
  userId: row.user_id,
  id: row.id,
  name: row.name,
  description: row.description,
  isBuiltIn: row.is_built_in,
  version: row.version,
  definition: row.definition,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const json = (definition: ProfileDefinition) => JSON.stringify(definition);

/** Postgres NOTIFY channel carrying the user id whose profiles changed (see `listen`). */
export const PROFILES_CHANGED_CHANNEL = 'parapet_profiles_changed';

/**
 * Every write below notifies inside its transaction, so API processes drop their cached profiles
 * for that user whoever made the change (an API replica, the provisioning worker, a script), and
 * only once the change is committed.
 */
const notifyChanged = (trx: Db, userId: string) =>
  sql`SELECT pg_notify(${PROFILES_CHANGED_CHANNEL}, ${userId})`.execute(trx);

const conflict = (err: unknown, what: string): never => {
  if (isUniqueViolation(err))
    throw new ConflictError(`a profile with this ${what} already exists`, { cause: err });
  throw err;
};

/** Live profiles of a user: built-ins first, then by name (case-insensitive). */
export async function listProfiles(db: Db, userId: string): Promise<ProfileRecord[]> {
  const rows = await db
    .selectFrom('profiles')
    .select(columns)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('is_built_in', 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function countProfiles(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function getProfile(db: Db, userId: string, id: string): Promise<ProfileRecord | undefined> {
  const row = await db
    .selectFrom('profiles')
    .select(columns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Id exact match first, otherwise name case-insensitively; one query. */
export async function findProfileByIdOrName(
  db: Db,
  userId: string,
  idOrName: string,
): Promise<ProfileRecord | undefined> {
  const row = await db
    .selectFrom('profiles')
    .select(columns)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('id', '=', idOrName), eb(sql`lower(name)`, '=', sql`lower(${idOrName})`)]))
    .orderBy(sql`(id = ${idOrName})`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Creates the profile and its version 1 atomically. ConflictError on a taken id or name. */
export async function createProfile(db: Db, userId: string, profile: NewProfile): Promise<ProfileRecord> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('profiles')
        .values({
          user_id: userId,
          id: profile.id,
          name: profile.name,
          description: profile.description,
          is_built_in: profile.isBuiltIn,
          version: 1,
          definition: json(profile.definition),
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('profile_versions')
        .values({ user_id: userId, profile_id: profile.id, version: 1, definition: json(profile.definition) })
        .execute();
      await notifyChanged(trx, userId);
      return toRecord(row);
    });
  } catch (err) {
    return conflict(err, 'id or name');
  }
}

export interface ProfileUpdate {
  name: string;
  description: string;
  definition: ProfileDefinition;
  /** Optimistic concurrency (If-Match): VersionMismatchError when the stored version differs. */
  expectedVersion?: number;
}

/**
 * Writes a new immutable version (version + 1) of a live profile. NotFoundError when it does not
 * exist, VersionMismatchError on a stale expectedVersion, ConflictError on a taken name. Whether
 * built-ins may be changed is the caller's rule, not the repository's.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  id: string,
  update: ProfileUpdate,
): Promise<ProfileRecord> {
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('profiles')
        .select(['version'])
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new NotFoundError(`profile "${id}" not found`);
      if (update.expectedVersion !== undefined && update.expectedVersion !== current.version) {
        throw new VersionMismatchError(current.version);
      }
      const version = current.version + 1;
      const row = await trx
        .updateTable('profiles')
        .set({
          name: update.name,
          description: update.description,
          definition: json(update.definition),
          version,
          updated_at: sql<Date>`now()`,
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('profile_versions')
        .values({ user_id: userId, profile_id: id, version, definition: json(update.definition) })
        .execute();
      await notifyChanged(trx, userId);
      return toRecord(row);
    });
  } catch (err) {
    return conflict(err, 'name');
  }
}

/** Soft delete (versions are kept for analytics and audit). NotFoundError when not live. */
export async function deleteProfile(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('profiles')
      .set({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new NotFoundError(`profile "${id}" not found`);
    await notifyChanged(trx, userId);
  });
}

/** Versions of a live profile, newest first; undefined when the profile is not live. */
export async function listProfileVersions(
  db: Db,
  userId: string,
  id: string,
): Promise<ProfileVersionRecord[] | undefined> {
  if (!(await getProfile(db, userId, id))) return undefined;
  const rows = await db
    .selectFrom('profile_versions')
    .select(['profile_id', 'version', 'definition', 'created_at'])
    .where('user_id', '=', userId)
    .where('profile_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({
    profileId: row.profile_id,
    version: row.version,
    definition: row.definition,
    createdAt: row.created_at,
  }));
}

/** One version of a live profile (for `name@N` pins and rollbacks). */
export async function getProfileVersion(
  db: Db,
  userId: string,
  id: string,
  version: number,
): Promise<ProfileVersionRecord | undefined> {
  const row = await db
    .selectFrom('profile_versions as v')
    .innerJoin('profiles as p', (join) =>
      join.onRef('p.user_id', '=', 'v.user_id').onRef('p.id', '=', 'v.profile_id'),
    )
    .select(['v.profile_id', 'v.version', 'v.definition', 'v.created_at'])
    .where('v.user_id', '=', userId)
    .where('v.profile_id', '=', id)
    .where('v.version', '=', version)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      profileId: row.profile_id,
      version: row.version,
      definition: row.definition,
      createdAt: row.created_at,
    }
  );
}

export interface UpsertBuiltInsResult {
  inserted: string[];
  updated: string[];
  builtinsVersion: number;
}

/**
 * Provisions the built-in profiles of a user. Idempotent and safe to re-run or run concurrently (the
 * user row is locked): inserts missing built-ins (skipping any id or name the user already holds),
 * and when `definitionsVersion` is newer than users.builtins_version writes a new version of every
 * built-in whose definition changed, then records the version. Never touches non-built-ins.
 */
export async function upsertBuiltInProfiles(
  db: Db,
  userId: string,
  builtins: readonly BuiltInProfileInput[],
  definitionsVersion: number,
): Promise<UpsertBuiltInsResult> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['builtins_version'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new NotFoundError('user not found');

    const inserted: string[] = [];
    const updated: string[] = [];
    const upgrade = definitionsVersion > user.builtins_version;

    for (const builtin of builtins) {
      const definition: ProfileDefinition = {
        name: builtin.name,
        description: builtin.description,
        inputGuardrails: storedEntries(builtin.inputGuardrails),
        outputGuardrails: storedEntries(builtin.outputGuardrails),
        toolGuardrails: storedEntries(builtin.toolGuardrails),
      };
      const row = await trx
        .insertInto('profiles')
        .values({
          user_id: userId,
          id: builtin.id,
          name: builtin.name,
          description: builtin.description,
          is_built_in: true,
          version: 1,
          definition: json(definition),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) {
        await trx
          .insertInto('profile_versions')
          .values({ user_id: userId, profile_id: builtin.id, version: 1, definition: json(definition) })
          .onConflict((oc) => oc.doNothing())
          .execute();
        inserted.push(builtin.id);
        continue;
      }
      if (!upgrade) continue;
      // jsonb equality is semantic (key order and whitespace do not matter).
      const changed = await trx
        .updateTable('profiles')
        .set({
          name: builtin.name,
          description: builtin.description,
          definition: json(definition),
          version: sql<number>`version + 1`,
          updated_at: sql<Date>`now()`,
        })
        .where('user_id', '=', userId)
        .where('id', '=', builtin.id)
        .where('is_built_in', '=', true)
        .where(sql<boolean>`definition <> ${json(definition)}::jsonb`)
        .returning(['version'])
        .executeTakeFirst();
      if (changed) {
        await trx
          .insertInto('profile_versions')
          .values({
            user_id: userId,
            profile_id: builtin.id,
            version: changed.version,
            definition: json(definition),
          })
          .execute();
        updated.push(builtin.id);
      }
    }

    const builtinsVersion = Math.max(user.builtins_version, definitionsVersion);
    if (builtinsVersion !== user.builtins_version) {
      await trx
        .updateTable('users')
        .set({ builtins_version: builtinsVersion })
        .where('id', '=', userId)
        .execute();
    }
    if (inserted.length || updated.length) await notifyChanged(trx, userId);
    return { inserted, updated, builtinsVersion };
  });
}
