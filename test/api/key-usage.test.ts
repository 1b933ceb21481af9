import { createApiKey, listApiKeys } from '@parapet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/index.ts';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ keyUsageFlushMs: 100 });
});
afterAll(async () => {
  await api?.close();
});

describe('API key use', () => {
  it('records last_used_at for the key that authenticated, and only for it', async () => {
    const tenant = await api.newTenant();
    const idle = await createApiKey(api.db, tenant.userId, { name: 'idle' });
    const before = Date.now();
    for (let i = 0; i < 3; i++) {
      const res = await api.request('/api/profiles', { key: tenant.key });
      expect(res.status).toBe(200);
    }
    const keys = await waitFor(async () => {
      const all = await listApiKeys(api.db, tenant.userId);
      return all.some((k) => k.lastUsedAt) ? all : undefined;
    });
    const used = keys.filter((k) => k.lastUsedAt);
    expect(used).toHaveLength(1);
    expect(used[0]!.id).not.toBe(idle.record.id);
    expect(used[0]!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(keys.find((k) => k.id === idle.record.id)?.lastUsedAt).toBeNull();
  });
});
