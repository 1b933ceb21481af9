import { randomUUID } from 'node:crypto';
import { listProfiles } from '@parapet/db';
import { BUILTIN_PROFILES } from '@parapet/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/index.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { startTestWorker } from './worker-harness.ts';

const ADMIN_TOKEN = `admin-${randomUUID()}`;
let api: TestApi;
let disabled: TestApi;

beforeAll(async () => {
  [api, disabled] = await Promise.all([
    startTestApi({ adminToken: ADMIN_TOKEN, bodyLimitBytes: 4_096 }),
    startTestApi({ adminToken: undefined }),
  ]);
});
afterAll(async () => {
  await Promise.all([api?.close(), disabled?.close()]);
});

const asAdmin = (path: string, init: Parameters<TestApi['request']>[1] = {}) =>
  api.request(path, { ...init, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...init.headers } });

async function newUser(): Promise<{ id: string; name: string }> {
  const name = `admin-${randomUUID()}`;
  const res = await asAdmin('/admin/users', { method: 'POST', json: { name } });
  expect(res.status).toBe(201);
  return res.body;
}

describe('admin endpoints', () => {
  it('do not exist without ADMIN_TOKEN', async () => {
    const res = await disabled.request('/admin/users', { headers: { authorization: 'Bearer anything' } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('ADMIN_TOKEN');
  });

  it('refuse a missing token, a wrong token and an API key', async () => {
    const tenant = await api.newTenant();
    for (const headers of [
      {},
      { authorization: `Bearer ${ADMIN_TOKEN}x` },
      { authorization: ADMIN_TOKEN },
      { authorization: `Bearer ${tenant.key}` },
      { 'x-api-key': ADMIN_TOKEN },
    ]) {
      const res = await api.request('/admin/users', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
    // and the admin token is not an API key
    expect((await api.request('/api/profiles', { key: ADMIN_TOKEN })).status).toBe(401);
  });

  it('create a user, provision its built-ins and give it a working key', async () => {
    const user = await newUser();
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await asAdmin('/admin/users');
    expect(listed.status).toBe(200);
    expect(listed.body.users).toContainEqual({ id: user.id, name: user.name, createdAt: expect.any(String) });

    const created = await asAdmin(`/admin/users/${user.id}/keys`, {
      method: 'POST',
      json: { name: 'ci', perMinute: 0, perDay: 5000 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: user.id,
      name: 'ci',
      status: 'active',
      perMinute: 0,
      perDay: 5000,
      lastUsedAt: null,
      revokedAt: null,
    });
    const key: string = created.body.key;
    expect(key.startsWith(created.body.prefix)).toBe(true);

    const validated = await api.request('/api/validate', {
      method: 'POST',
      key,
      json: { text: 'hello', profileName: 'default', validationType: 'input' },
    });
    expect(validated.status).toBe(200);

    // The job enqueued by POST /admin/users stores the six built-ins once a worker runs.
    const worker = await startTestWorker(api.config);
    try {
      const stored = await waitFor(
        async () => {
          const profiles = await listProfiles(api.db, user.id);
          return profiles.length === BUILTIN_PROFILES.length ? profiles : undefined;
        },
        { timeoutMs: 20_000 },
      );
      expect(stored.map((p) => p.id).sort()).toEqual(BUILTIN_PROFILES.map((p) => p.id).sort());
    } finally {
      await worker.close();
    }
  });

  it('list keys by prefix without ever showing a key or its hash', async () => {
    const user = await newUser();
    const first = await asAdmin(`/admin/users/${user.id}/keys`, { method: 'POST', json: {} });
    const second = await asAdmin(`/admin/users/${user.id}/keys`, { method: 'POST', json: { name: null } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body).toMatchObject({ name: null, perMinute: null, perDay: null });

    const res = await asAdmin(`/admin/users/${user.id}/keys`);
    expect(res.status).toBe(200);
    expect(res.body.keys.map((k: { id: string }) => k.id).sort()).toEqual(
      [first.body.id, second.body.id].sort(),
    );
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(first.body.key);
    expect(text).not.toContain(second.body.key);
    expect(Object.keys(res.body.keys[0]).sort()).toEqual(
      [
        'createdAt',
        'id',
        'lastUsedAt',
        'name',
        'perDay',
        'perMinute',
        'prefix',
        'revokedAt',
        'status',
        'userId',
      ].sort(),
    );
  });

  it('revoke a key on the API within a second; revoking again answers the same key', async () => {
    const user = await newUser();
    const created = await asAdmin(`/admin/users/${user.id}/keys`, { method: 'POST', json: { name: 'x' } });
    const key: string = created.body.key;
    expect((await api.request('/api/profiles', { key })).status).toBe(200);

    const revoked = await asAdmin(`/admin/keys/${created.body.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.body.id, status: 'revoked' });
    expect(revoked.body.key).toBeUndefined();

    const started = Date.now();
    await waitFor(async () =>
      (await api.request('/api/profiles', { key })).status === 401 ? true : undefined,
    );
    expect(Date.now() - started).toBeLessThan(1_000);

    const again = await asAdmin(`/admin/keys/${created.body.id}`, { method: 'DELETE' });
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
  });

  it('answer 404 for unknown and malformed ids', async () => {
    for (const [method, path] of [
      ['GET', `/admin/users/${randomUUID()}/keys`],
      ['GET', '/admin/users/not-a-uuid/keys'],
      ['POST', `/admin/users/${randomUUID()}/keys`],
      ['DELETE', `/admin/keys/${randomUUID()}`],
      ['DELETE', "/admin/keys/1'; drop table users;--"],
    ] as const) {
      const res = await asAdmin(path, { method, ...(method === 'POST' ? { json: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('reject bad bodies with the field named, and a taken name with 409', async () => {
    const user = await newUser();
    const cases: Array<[string, unknown, string]> = [
      ['/admin/users', {}, 'name'],
      ['/admin/users', { name: '   ' }, 'name'],
      ['/admin/users', { name: 42 }, 'name'],
      ['/admin/users', { name: 'x', role: 'root' }, 'role'],
      [`/admin/users/${user.id}/keys`, { perMinute: -1 }, 'perMinute'],
      [`/admin/users/${user.id}/keys`, { perDay: 1.5 }, 'perDay'],
      [`/admin/users/${user.id}/keys`, { perDay: '10' }, 'perDay'],
      [`/admin/users/${user.id}/keys`, { name: 'k', scopes: [] }, 'scopes'],
    ];
    for (const [path, json, field] of cases) {
      const res = await asAdmin(path, { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    }

    const malformed = await asAdmin('/admin/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_json');

    const oversize = await asAdmin('/admin/users', { method: 'POST', json: { name: 'x'.repeat(5_000) } });
    expect(oversize.status).toBe(413);

    const taken = await asAdmin('/admin/users', { method: 'POST', json: { name: user.name } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict');
    // nothing was lost: the user still has exactly its keys (none)
    expect((await asAdmin(`/admin/users/${user.id}/keys`)).body.keys).toEqual([]);
  });
});
