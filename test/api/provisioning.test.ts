import { randomUUID } from 'node:crypto';
import { createApiKey, createUser, listProfiles } from '@parapet/db';
import { BUILTIN_PROFILES } from '@parapet/engine';
import { closeRedisConnection, createRedisConnection, enqueueProvisioning } from '@parapet/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { startTestWorker } from './worker-harness.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('built-in profiles per user', () => {
  it('validates against a built-in before provisioning ran, then the job stores the six built-ins once', async () => {
    const user = await createUser(api.db, `prov-${randomUUID()}`);
    const { key } = await createApiKey(api.db, user.id, {});

    // No worker yet: the built-in is served from code.
    const early = await api.request('/api/validate', {
      method: 'POST',
      key,
      json: { text: 'hello', profileName: 'default', validationType: 'input' },
    });
    expect(early.status).toBe(200);
    expect(early.body.profileId).toBe('default');
    expect(await listProfiles(api.db, user.id)).toEqual([]);

    const redis = createRedisConnection(api.config.redisUrl, 'producer');
    await enqueueProvisioning(redis, api.config.queuePrefix, user.id);
    await enqueueProvisioning(redis, api.config.queuePrefix, user.id); // idempotent
    await closeRedisConnection(redis);

    const worker = await startTestWorker(api.config);
    try {
      const deadline = Date.now() + 20_000;
      let stored = await listProfiles(api.db, user.id);
      while (stored.length < BUILTIN_PROFILES.length && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        stored = await listProfiles(api.db, user.id);
      }
      expect(stored.map((p) => p.id).sort()).toEqual(BUILTIN_PROFILES.map((p) => p.id).sort());
      expect(stored.every((p) => p.isBuiltIn)).toBe(true);
    } finally {
      await worker.close();
    }

    const list = await api.request('/api/profiles', { key });
    expect(list.body.profiles.filter((p: { isBuiltIn: boolean }) => p.isBuiltIn)).toHaveLength(
      BUILTIN_PROFILES.length,
    );
  });

  it('does not let a built-in be changed through the API: its name is reserved', async () => {
    const tenant = await api.newTenant();
    const res = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: {
        name: 'Default',
        description: 'x',
        inputGuardrails: [],
        outputGuardrails: [],
        toolGuardrails: [],
      },
    });
    expect(res.status).toBe(409);
  });
});
