import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { revokeApiKeyByPrefix } from '@parapet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { spawnApi } from './processes.ts';

let control: TestApi;
let replicas: Array<{ url: string; child: ChildProcess }> = [];

beforeAll(async () => {
  control = await startTestApi();
  replicas = await Promise.all([spawnApi(), spawnApi()]);
}, 60_000);

afterAll(async () => {
  for (const r of replicas) r.child.kill('SIGTERM');
  await Promise.all(replicas.map((r) => once(r.child, 'exit')));
  await control?.close();
});

const call = async (
  url: string,
  path: string,
  key: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) => {
  const res = await fetch(url + path, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> };
};

/** Polls until `done` or the deadline; returns how long it took (or Infinity). */
async function timeUntil(done: () => Promise<boolean>, deadlineMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < deadlineMs) {
    if (await done()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Number.POSITIVE_INFINITY;
}

describe('caches across API processes', () => {
  it('an update made through one process is seen by the other within one second', async () => {
    const [a, b] = replicas as unknown as [{ url: string }, { url: string }];
    const tenant = await control.newTenant();
    const definition = (maxChars: number) => ({
      name: `replicated-${Date.now()}`,
      description: 'x',
      inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars } }],
      outputGuardrails: [],
      toolGuardrails: [],
    });
    const created = await call(a.url, '/api/profiles', tenant.key, {
      method: 'POST',
      json: definition(1000),
    });
    expect(created.status).toBe(201);
    const validateOnB = () =>
      call(b.url, '/api/validate', tenant.key, {
        method: 'POST',
        json: { text: 'x'.repeat(50), profileName: created.body.id, validationType: 'input' },
      });
    expect((await validateOnB()).body).toMatchObject({ passed: true, profileVersion: 1 }); // B caches version 1

    const updated = await call(a.url, `/api/profiles/${created.body.id}`, tenant.key, {
      method: 'PUT',
      json: { ...definition(10), name: created.body.name },
      headers: { 'if-match': '"1"' },
    });
    expect(updated.status).toBe(200);
    const ms = await timeUntil(async () => (await validateOnB()).body.profileVersion === 2, 1_000);
    expect(ms).toBeLessThan(1_000);
    expect((await validateOnB()).body).toMatchObject({
      passed: false,
      profileVersion: 2,
      blockedBy: 'InputSize',
    });
  });

  it('a key revoked elsewhere stops working on both processes within one second', async () => {
    const tenant = await control.newTenant();
    const { createApiKey } = await import('@parapet/db');
    const { key, record } = await createApiKey(control.db, tenant.userId, { name: 'replicated' });
    const ok = (url: string) => call(url, '/api/profiles', key);
    for (const r of replicas) expect((await ok(r.url)).status).toBe(200); // cached as valid on both
    await revokeApiKeyByPrefix(control.db, record.prefix);
    for (const r of replicas) {
      const ms = await timeUntil(async () => (await ok(r.url)).status === 401, 1_000);
      expect(ms).toBeLessThan(1_000);
    }
  });
});
