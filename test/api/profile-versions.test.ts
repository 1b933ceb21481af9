import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let tenant: { userId: string; key: string };
let seq = 0;

beforeAll(async () => {
  api = await startTestApi();
  tenant = await api.newTenant();
});
afterAll(async () => api?.close());

const definition = (name: string, maxChars = 1000) => ({
  name,
  description: 'versioned',
  inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars } }],
  outputGuardrails: [],
  toolGuardrails: [],
});

async function newProfile(key = tenant.key) {
  const res = await api.request('/api/profiles', {
    method: 'POST',
    key,
    json: definition(`p-${Date.now()}-${seq++}`),
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; version: number };
}

const put = (id: string, json: unknown, ifMatch?: string, key = tenant.key) =>
  api.request(`/api/profiles/${id}`, {
    method: 'PUT',
    key,
    json,
    headers: ifMatch ? { 'if-match': ifMatch } : {},
  });

describe('GET /api/profiles/:id', () => {
  it('returns the full profile with an ETag; built-ins too', async () => {
    const p = await newProfile();
    const res = await api.request(`/api/profiles/${p.id}`, { key: tenant.key });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.body).toMatchObject({ id: p.id, name: p.name, version: 1, isBuiltIn: false });
    expect(res.body.inputGuardrails).toHaveLength(1);

    const builtIn = await api.request('/api/profiles/default', { key: tenant.key });
    expect(builtIn.status).toBe(200);
    expect(builtIn.body).toMatchObject({ id: 'default', name: 'Default', isBuiltIn: true });
  });

  it('404 for an unknown id and for another tenant’s id', async () => {
    expect((await api.request('/api/profiles/nope', { key: tenant.key })).status).toBe(404);
    const other = await api.newTenant();
    const theirs = await newProfile(other.key);
    const res = await api.request(`/api/profiles/${theirs.id}`, { key: tenant.key });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await put(theirs.id, definition('x'), '"1"')).status).toBe(404);
    expect(
      (await api.request(`/api/profiles/${theirs.id}`, { method: 'DELETE', key: tenant.key })).status,
    ).toBe(404);
    expect(
      (await api.request(`/api/profiles/${theirs.id}/clone`, { method: 'POST', key: tenant.key, json: {} }))
        .status,
    ).toBe(404);
    expect((await api.request(`/api/profiles/${theirs.id}/versions`, { key: tenant.key })).status).toBe(404);
  });
});

describe('PUT / PATCH /api/profiles/:id', () => {
  it('428 without If-Match, 412 with a stale one, 200 and a new version with the current one', async () => {
    const p = await newProfile();
    const noMatch = await put(p.id, definition(p.name, 5));
    expect(noMatch.status).toBe(428);
    expect(noMatch.body.error.code).toBe('precondition_required');
    expect((await put(p.id, definition(p.name, 5), '"7"')).status).toBe(412);

    const ok = await put(p.id, definition(p.name, 5), '"1"');
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(2);
    expect(ok.headers.get('etag')).toBe('"2"');
    expect((await put(p.id, definition(p.name, 6), '"1"')).status).toBe(412);
  });

  it('validates like create: 400 naming the field', async () => {
    const p = await newProfile();
    const res = await put(
      p.id,
      { ...definition(p.name), inputGuardrails: [{ name: 'InputSize', config: { maxChars: -1 } }] },
      '"1"',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('inputGuardrails[0].config.maxChars');
    const extra = await put(p.id, { ...definition(p.name), id: 'x' }, '"1"');
    expect(extra.body.error.details).toEqual([{ path: 'id', message: 'unknown field' }]);
  });

  it('PATCH changes only the given fields', async () => {
    const p = await newProfile();
    const res = await api.request(`/api/profiles/${p.id}`, {
      method: 'PATCH',
      key: tenant.key,
      json: { description: 'patched' },
      headers: { 'if-match': '"1"' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: p.name, description: 'patched', version: 2 });
    expect(res.body.inputGuardrails).toHaveLength(1);
    const empty = await api.request(`/api/profiles/${p.id}`, {
      method: 'PATCH',
      key: tenant.key,
      json: {},
      headers: { 'if-match': '"2"' },
    });
    expect(empty.status).toBe(400);
  });

  it('exactly one of two concurrent updates with the same ETag wins', async () => {
    const p = await newProfile();
    const results = await Promise.all([
      put(p.id, definition(p.name, 11), '"1"'),
      put(p.id, definition(p.name, 12), '"1"'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const current = await api.request(`/api/profiles/${p.id}`, { key: tenant.key });
    expect(current.body.version).toBe(2);
  });

  it('409 when renaming onto a taken name', async () => {
    const a = await newProfile();
    const b = await newProfile();
    expect((await put(b.id, definition(a.name.toUpperCase()), '"1"')).status).toBe(409);
  });

  it('403 for a built-in, pointing at clone', async () => {
    const res = await put('default', definition('Default'), '"1"');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('clone');
    expect((await api.request('/api/profiles/default', { method: 'DELETE', key: tenant.key })).status).toBe(
      403,
    );
  });
});

describe('DELETE, clone, versions, rollback, pinning', () => {
  it('DELETE removes a custom profile', async () => {
    const p = await newProfile();
    expect((await api.request(`/api/profiles/${p.id}`, { method: 'DELETE', key: tenant.key })).status).toBe(
      204,
    );
    expect((await api.request(`/api/profiles/${p.id}`, { key: tenant.key })).status).toBe(404);
    const run = await api.request('/api/validate', {
      method: 'POST',
      key: tenant.key,
      json: { text: 'x', profileName: p.name, validationType: 'input' },
    });
    expect(run.status).toBe(404);
  });

  it('clones a built-in into an editable custom profile', async () => {
    const res = await api.request('/api/profiles/default/clone', {
      method: 'POST',
      key: tenant.key,
      json: { name: `my-default-${seq++}` },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isBuiltIn: false, version: 1 });
    const builtIn = await api.request('/api/profiles/default', { key: tenant.key });
    expect(res.body.inputGuardrails).toEqual(builtIn.body.inputGuardrails);
    const copy = await api.request('/api/profiles/minimal/clone', { method: 'POST', key: tenant.key });
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe('Minimal (copy)');
    const bad = await api.request('/api/profiles/minimal/clone', {
      method: 'POST',
      key: tenant.key,
      json: { title: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('lists versions, returns one, rolls back, and validates against a pinned version', async () => {
    const p = await newProfile();
    await put(p.id, definition(p.name, 5), '"1"');
    const versions = await api.request(`/api/profiles/${p.id}/versions`, { key: tenant.key });
    expect(versions.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const v1 = await api.request(`/api/profiles/${p.id}/versions/1`, { key: tenant.key });
    expect(v1.body.inputGuardrails[0].config.maxChars).toBe(1000);
    expect((await api.request(`/api/profiles/${p.id}/versions/9`, { key: tenant.key })).status).toBe(404);

    const text = 'x'.repeat(50);
    const current = await api.request('/api/validate', {
      method: 'POST',
      key: tenant.key,
      json: { text, profileName: p.name, validationType: 'input' },
    });
    expect(current.body).toMatchObject({ passed: false, profileVersion: 2 });
    const pinned = await api.request('/api/validate', {
      method: 'POST',
      key: tenant.key,
      json: { text, profileName: `${p.name}@1`, validationType: 'input' },
    });
    expect(pinned.body).toMatchObject({ passed: true, profileVersion: 1 });
    const byId = await api.request('/api/validate', {
      method: 'POST',
      key: tenant.key,
      json: { text, profileName: `${p.id}@1`, validationType: 'input' },
    });
    expect(byId.body.profileVersion).toBe(1);
    expect(
      (
        await api.request('/api/validate', {
          method: 'POST',
          key: tenant.key,
          json: { text, profileName: `${p.name}@9`, validationType: 'input' },
        })
      ).status,
    ).toBe(404);

    const rollback = await api.request(`/api/profiles/${p.id}/rollback`, {
      method: 'POST',
      key: tenant.key,
      json: { version: 1 },
    });
    expect(rollback.status).toBe(200);
    expect(rollback.body.version).toBe(3);
    expect(rollback.body.inputGuardrails[0].config.maxChars).toBe(1000);
    const after = await api.request('/api/validate', {
      method: 'POST',
      key: tenant.key,
      json: { text, profileName: p.name, validationType: 'input' },
    });
    expect(after.body).toMatchObject({ passed: true, profileVersion: 3 });
    expect(
      (
        await api.request(`/api/profiles/${p.id}/rollback`, {
          method: 'POST',
          key: tenant.key,
          json: { version: 0 },
        })
      ).status,
    ).toBe(400);
  });
});
