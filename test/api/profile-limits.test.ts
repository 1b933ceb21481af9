import { BUILTIN_PROFILES } from '@parapet/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ maxGuardrailsPerProfile: 2, maxProfilesPerUser: BUILTIN_PROFILES.length + 2 });
});
afterAll(async () => api?.close());

const definition = (name: string, inputGuardrails: unknown[] = []) => ({
  name,
  description: 'limits',
  inputGuardrails,
  outputGuardrails: [],
  toolGuardrails: [],
});

describe('profile limits', () => {
  it('400 naming the list when it holds more guardrails than allowed', async () => {
    const tenant = await api.newTenant();
    const three = [{ name: 'InputSize' }, { name: 'InputSize' }, { name: 'InputSize' }];
    const res = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition('too-many', three),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'inputGuardrails', message: 'at most 2 guardrails per list' },
    ]);
    const ok = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition('two', three.slice(1)),
    });
    expect(ok.status).toBe(201);
  });

  it('409 once a user holds the maximum number of profiles', async () => {
    const tenant = await api.newTenant();
    // Built-ins count once they are stored; store them as provisioning would.
    const { upsertBuiltInProfiles } = await import('@parapet/db');
    await upsertBuiltInProfiles(api.db, tenant.userId, BUILTIN_PROFILES, 1);
    for (const name of ['one', 'two']) {
      expect(
        (await api.request('/api/profiles', { method: 'POST', key: tenant.key, json: definition(name) }))
          .status,
      ).toBe(201);
    }
    const third = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition('three'),
    });
    expect(third.status).toBe(409);
    expect(third.body.error.message).toContain(`at most ${BUILTIN_PROFILES.length + 2} profiles`);
    const clone = await api.request('/api/profiles/default/clone', { method: 'POST', key: tenant.key });
    expect(clone.status).toBe(409);
  });
});
