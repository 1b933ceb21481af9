import { hashKey, parseKey } from '@parapet/keys';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, createTestUser, randomName, waitFor } from '../../../test/support/index.ts';
import {
  ConflictError,
  createApiKey,
  createProfile,
  createUser,
  deleteProfile,
  findApiKeyByHash,
  findProfileByIdOrName,
  findUserById,
  findUserByName,
  getProfile,
  getProfileVersion,
  KEY_REVOKED_CHANNEL,
  listApiKeys,
  listen,
  listProfiles,
  listProfileVersions,
  migrateToLatest,
  NotFoundError,
  type ProfileDefinition,
  revokeApiKeyByPrefix,
  touchApiKeys,
  updateProfile,
  upsertBuiltInProfiles,
  VersionMismatchError,
} from './index.ts';

const db = createTestDb();
afterAll(() => db.destroy());

const definition = (name: string, severity = 'high'): ProfileDefinition => ({
  name,
  description: `${name} profile`,
  inputGuardrails: [{ name: 'InputSize', config: { severity, maxChars: 10 } }],
  outputGuardrails: [],
  toolGuardrails: [],
});

const newProfile = (id: string, name: string, isBuiltIn = false) => ({
  id,
  name,
  description: `${name} profile`,
  isBuiltIn,
  definition: definition(name),
});

describe('migrations', () => {
  it('are idempotent', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
  });
});

describe('users', () => {
  it('creates, finds and rejects duplicates with ConflictError', async () => {
    const name = randomName('u');
    const user = await createUser(db, name);
    expect(user).toMatchObject({ name, builtinsVersion: 0 });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await findUserByName(db, name)).toEqual(user);
    expect(await findUserById(db, user.id)).toEqual(user);
    expect(await findUserByName(db, randomName('missing'))).toBeUndefined();
    await expect(createUser(db, name)).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('api keys', () => {
  it('stores only the hash and finds the key by it', async () => {
    const { user, key, apiKey } = await createTestUser(db, { perMinute: 5, perDay: 0 });
    expect(parseKey(key)).toBeDefined();
    expect(apiKey.prefix).toBe(key.slice(0, 12));
    const found = await findApiKeyByHash(db, hashKey(key));
    expect(found).toEqual({
      id: apiKey.id,
      userId: user.id,
      prefix: apiKey.prefix,
      revokedAt: null,
      perMinute: 5,
      perDay: 0,
    });
    const stored = await db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', apiKey.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(await findApiKeyByHash(db, hashKey(`${key}x`))).toBeUndefined();
  });

  it('hashes with the pepper when one is given', async () => {
    const user = await createUser(db, randomName('u'));
    const pepper = 'a-long-server-side-pepper';
    const { key } = await createApiKey(db, user.id, { pepper });
    expect(await findApiKeyByHash(db, hashKey(key))).toBeUndefined();
    expect(await findApiKeyByHash(db, hashKey(key, pepper))).toMatchObject({ userId: user.id });
  });

  it('lists a user’s keys without secrets and records use', async () => {
    const { user, apiKey } = await createTestUser(db);
    const second = await createApiKey(db, user.id, { name: 'ci' });
    const keys = await listApiKeys(db, user.id);
    expect(keys.map((k) => k.id).sort()).toEqual([apiKey.id, second.record.id].sort());
    expect(JSON.stringify(keys)).not.toContain(second.key);
    await touchApiKeys(db, [apiKey.id]);
    const touched = (await listApiKeys(db, user.id)).find((k) => k.id === apiKey.id);
    expect(touched?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('rejects a key for an unknown user', async () => {
    await expect(createApiKey(db, '00000000-0000-0000-0000-000000000000')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('revokes by prefix, notifies listeners, and is idempotent', async () => {
    const { key, apiKey } = await createTestUser(db);
    const received: string[] = [];
    const listener = await listen(
      process.env['DATABASE_URL']!,
      [KEY_REVOKED_CHANNEL],
      (_channel, payload) => {
        received.push(payload);
      },
    );
    try {
      const revoked = await revokeApiKeyByPrefix(db, apiKey.prefix);
      expect(revoked.revokedAt).toBeInstanceOf(Date);
      expect((await findApiKeyByHash(db, hashKey(key)))?.revokedAt).toBeInstanceOf(Date);
      await waitFor(() => received.includes(hashKey(key)), { timeoutMs: 5_000 });
      const again = await revokeApiKeyByPrefix(db, apiKey.prefix);
      expect(again.revokedAt).toEqual(revoked.revokedAt);
    } finally {
      await listener.close();
    }
    await expect(revokeApiKeyByPrefix(db, 'ppt_notthere')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('keeps listening after its connection is killed', async () => {
    const received: string[] = [];
    let connects = 0;
    const channel = `parapet_test_${Date.now()}`;
    const listener = await listen(
      process.env['DATABASE_URL']!,
      [channel],
      (_c, payload) => received.push(payload),
      {
        onConnect: () => {
          connects++;
        },
      },
    );
    try {
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'parapet-listen' AND query LIKE ${`LISTEN%${channel}%`}`.execute(
        db,
      );
      await waitFor(() => connects >= 2, { timeoutMs: 15_000 });
      await sql`SELECT pg_notify(${channel}, 'after-reconnect')`.execute(db);
      await waitFor(() => received.includes('after-reconnect'), { timeoutMs: 5_000 });
    } finally {
      await listener.close();
    }
  });

  it('refuses an ambiguous prefix', async () => {
    const { user } = await createTestUser(db);
    const prefix = `ppt_${randomName('dup').slice(-8)}`;
    for (const hash of [randomName('h1'), randomName('h2')]) {
      await db.insertInto('api_keys').values({ user_id: user.id, key_hash: hash, prefix }).execute();
    }
    await expect(revokeApiKeyByPrefix(db, prefix)).rejects.toBeInstanceOf(ConflictError);
  });

  it('cascades when the user is deleted', async () => {
    const { user, key } = await createTestUser(db);
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await findApiKeyByHash(db, hashKey(key))).toBeUndefined();
  });
});

describe('profiles', () => {
  it('creates a profile with version 1 and rejects duplicate ids and names (any case)', async () => {
    const { user } = await createTestUser(db);
    const created = await createProfile(db, user.id, newProfile('p1', 'Support Bot'));
    expect(created).toMatchObject({ id: 'p1', name: 'Support Bot', version: 1, isBuiltIn: false });
    expect(created.definition).toEqual(definition('Support Bot'));
    expect(await listProfileVersions(db, user.id, 'p1')).toMatchObject([{ version: 1 }]);
    await expect(createProfile(db, user.id, newProfile('p1', 'Other'))).rejects.toBeInstanceOf(ConflictError);
    await expect(createProfile(db, user.id, newProfile('p2', 'support bot'))).rejects.toBeInstanceOf(
      ConflictError,
    );
    // The failed transaction left nothing behind.
    expect(await getProfile(db, user.id, 'p2')).toBeUndefined();
    expect(await listProfileVersions(db, user.id, 'p2')).toBeUndefined();
  });

  it('scopes everything to the owner', async () => {
    const a = await createTestUser(db);
    const b = await createTestUser(db);
    await createProfile(db, a.user.id, newProfile('shared-id', 'Mine'));
    expect(await getProfile(db, b.user.id, 'shared-id')).toBeUndefined();
    expect(await findProfileByIdOrName(db, b.user.id, 'Mine')).toBeUndefined();
    await createProfile(db, b.user.id, newProfile('shared-id', 'Mine'));
    expect(await listProfiles(db, b.user.id)).toHaveLength(1);
  });

  it('lists built-ins first, then by name, and resolves id before name', async () => {
    const { user } = await createTestUser(db);
    await createProfile(db, user.id, newProfile('zeta', 'alpha'));
    await createProfile(db, user.id, newProfile('alpha', 'Beta'));
    await createProfile(db, user.id, newProfile('builtin', 'Zed', true));
    expect((await listProfiles(db, user.id)).map((p) => p.id)).toEqual(['builtin', 'zeta', 'alpha']);
    expect((await findProfileByIdOrName(db, user.id, 'alpha'))?.id).toBe('alpha');
    expect((await findProfileByIdOrName(db, user.id, 'ALPHA'))?.id).toBe('zeta');
    expect((await findProfileByIdOrName(db, user.id, 'beta'))?.id).toBe('alpha');
    expect(await findProfileByIdOrName(db, user.id, 'nope')).toBeUndefined();
  });

  it('updates into new immutable versions with optimistic concurrency', async () => {
    const { user } = await createTestUser(db);
    await createProfile(db, user.id, newProfile('p', 'P'));
    await createProfile(db, user.id, newProfile('q', 'Q'));
    const v2 = await updateProfile(db, user.id, 'p', {
      name: 'P2',
      description: 'second',
      definition: definition('P2', 'low'),
      expectedVersion: 1,
    });
    expect(v2).toMatchObject({ version: 2, name: 'P2', description: 'second' });
    await expect(
      updateProfile(db, user.id, 'p', {
        name: 'P3',
        description: '',
        definition: definition('P3'),
        expectedVersion: 1,
      }),
    ).rejects.toBeInstanceOf(VersionMismatchError);
    await expect(
      updateProfile(db, user.id, 'p', { name: 'q', description: '', definition: definition('q') }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      updateProfile(db, user.id, 'missing', { name: 'x', description: '', definition: definition('x') }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await listProfileVersions(db, user.id, 'p'))?.map((v) => v.version)).toEqual([2, 1]);
    expect((await getProfileVersion(db, user.id, 'p', 1))?.definition).toEqual(definition('P'));
    expect(await getProfileVersion(db, user.id, 'p', 3)).toBeUndefined();
  });

  it('soft-deletes, freeing the name', async () => {
    const { user } = await createTestUser(db);
    await createProfile(db, user.id, newProfile('gone', 'Gone'));
    await deleteProfile(db, user.id, 'gone');
    expect(await getProfile(db, user.id, 'gone')).toBeUndefined();
    expect(await listProfiles(db, user.id)).toEqual([]);
    await expect(deleteProfile(db, user.id, 'gone')).rejects.toBeInstanceOf(NotFoundError);
    await createProfile(db, user.id, newProfile('again', 'gone'));
  });
});

describe('upsertBuiltInProfiles', () => {
  const builtin = (id: string, name: string, maxChars: number) => ({
    id,
    name,
    description: `${name} built-in`,
    inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars } }],
    outputGuardrails: [],
    toolGuardrails: [],
  });

  it('inserts missing built-ins idempotently and upgrades only changed ones', async () => {
    const { user } = await createTestUser(db);
    const v1 = [builtin('default', 'Default', 100), builtin('minimal', 'Minimal', 200)];
    expect(await upsertBuiltInProfiles(db, user.id, v1, 1)).toEqual({
      inserted: ['default', 'minimal'],
      updated: [],
      builtinsVersion: 1,
    });
    expect(await upsertBuiltInProfiles(db, user.id, v1, 1)).toEqual({
      inserted: [],
      updated: [],
      builtinsVersion: 1,
    });
    expect((await findUserById(db, user.id))?.builtinsVersion).toBe(1);

    const v2 = [
      builtin('default', 'Default', 150),
      builtin('minimal', 'Minimal', 200),
      builtin('financial', 'Financial', 9),
    ];
    expect(await upsertBuiltInProfiles(db, user.id, v2, 2)).toEqual({
      inserted: ['financial'],
      updated: ['default'],
      builtinsVersion: 2,
    });
    const stored = await getProfile(db, user.id, 'default');
    expect(stored).toMatchObject({ version: 2, isBuiltIn: true });
    expect(stored?.definition.inputGuardrails[0]?.config).toEqual({ severity: 'high', maxChars: 150 });
    expect((await getProfile(db, user.id, 'minimal'))?.version).toBe(1);
    expect((await listProfileVersions(db, user.id, 'default'))?.map((v) => v.version)).toEqual([2, 1]);

    // An older definitions version never downgrades.
    expect(await upsertBuiltInProfiles(db, user.id, v1, 1)).toEqual({
      inserted: [],
      updated: [],
      builtinsVersion: 2,
    });
    expect((await getProfile(db, user.id, 'default'))?.version).toBe(2);
  });

  it('never touches the user’s own profiles, even with a clashing id or name', async () => {
    const { user } = await createTestUser(db);
    await createProfile(db, user.id, newProfile('default', 'My default'));
    await createProfile(db, user.id, newProfile('mine', 'Minimal'));
    const result = await upsertBuiltInProfiles(
      db,
      user.id,
      [
        builtin('default', 'Default', 1),
        builtin('minimal', 'Minimal', 2),
        builtin('healthcare', 'Healthcare', 3),
      ],
      5,
    );
    expect(result).toEqual({ inserted: ['healthcare'], updated: [], builtinsVersion: 5 });
    expect(await getProfile(db, user.id, 'default')).toMatchObject({
      name: 'My default',
      isBuiltIn: false,
      version: 1,
    });
    expect(await getProfile(db, user.id, 'minimal')).toBeUndefined();
  });

  it('is safe to run concurrently', async () => {
    const { user } = await createTestUser(db);
    const list = [builtin('default', 'Default', 1), builtin('minimal', 'Minimal', 2)];
    await Promise.all([1, 2, 3].map(() => upsertBuiltInProfiles(db, user.id, list, 1)));
    expect((await listProfiles(db, user.id)).map((p) => p.id)).toEqual(['default', 'minimal']);
  });

  it('throws NotFoundError for an unknown user', async () => {
    await expect(
      upsertBuiltInProfiles(
        db,
        '00000000-0000-0000-0000-000000000000',
        [builtin('default', 'Default', 1)],
        1,
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
