import { randomUUID } from 'node:crypto';
import { createApiKey, createUser, getProfile, listProfiles, upsertBuiltInProfiles } from '@parapet/db';
import { BUILTIN_DEFINITIONS_VERSION, BUILTIN_PROFILES } from '@parapet/engine';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { startTestWorker } from './worker-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('a release that changes the built-in definitions', () => {
  it('rewrites every outdated user’s built-ins when a worker starts, and leaves their clones alone', async () => {
    const user = await createUser(api.db, `upgrade-${randomUUID()}`);
    const { key } = await createApiKey(api.db, user.id, {});
    const stale = BUILTIN_PROFILES.map((b) => ({
      ...b,
      inputGuardrails: [{ name: 'InputSize', config: { maxChars: 10 } }],
    }));
    // As if provisioned by an older release.
    await upsertBuiltInProfiles(api.db, user.id, stale, 0);
    await sql`UPDATE users SET builtins_version = 0 WHERE id = ${user.id}`.execute(api.db);
    const clone = await api.request('/api/profiles/default/clone', {
      method: 'POST',
      key,
      json: { name: 'my-default' },
    });
    expect(clone.status).toBe(201);
    expect(clone.body.inputGuardrails).toEqual([{ name: 'InputSize', config: { maxChars: 10 } }]);

    const worker = await startTestWorker(api.config);
    try {
      const deadline = Date.now() + 20_000;
      let current = await getProfile(api.db, user.id, 'default');
      while (current?.version === 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        current = await getProfile(api.db, user.id, 'default');
      }
      const expected = BUILTIN_PROFILES.find((b) => b.id === 'default')!;
      expect(current?.version).toBe(2);
      expect(current?.definition.inputGuardrails.map((e) => e.name)).toEqual(
        expected.inputGuardrails.map((e) => e.name),
      );
    } finally {
      await worker.close();
    }
    const users = await sql<{
      builtins_version: number;
    }>`SELECT builtins_version FROM users WHERE id = ${user.id}`.execute(api.db);
    expect(users.rows[0]?.builtins_version).toBe(BUILTIN_DEFINITIONS_VERSION);
    const stored = await listProfiles(api.db, user.id);
    const myClone = stored.find((p) => p.id === clone.body.id)!;
    expect(myClone.version).toBe(1);
    expect(myClone.definition.inputGuardrails).toEqual([{ name: 'InputSize', config: { maxChars: 10 } }]);
  });
});
