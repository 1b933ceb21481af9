import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let tenant: { userId: string; key: string };

beforeAll(async () => {
  api = await startTestApi();
  tenant = await api.newTenant();
});
afterAll(async () => api?.close());

const BUILTIN_IDS = ['default', 'enterprise_security', 'child_safety', 'healthcare', 'financial', 'minimal'];
const definition = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'a test profile',
  inputGuardrails: [{ name: 'InputSize', config: { severity: 'high', maxChars: 1000 } }],
  outputGuardrails: [],
  toolGuardrails: [],
  ...extra,
});

describe('GET /api/profiles', () => {
  it('lists the six built-ins for a brand-new user, default named Default', async () => {
    const res = await api.request('/api/profiles', { key: tenant.key });
    expect(res.status).toBe(200);
    const builtIns = res.body.profiles.filter((p: { isBuiltIn: boolean }) => p.isBuiltIn);
    expect(builtIns.map((p: { id: string }) => p.id).sort()).toEqual([...BUILTIN_IDS].sort());
    const def = res.body.profiles.find((p: { id: string }) => p.id === 'default');
    expect(def).toMatchObject({ id: 'default', name: 'Default', isBuiltIn: true });
    expect(typeof def.description).toBe('string');
  });

  it('401 without a key', async () => {
    expect((await api.request('/api/profiles')).status).toBe(401);
  });
});

describe('POST /api/profiles', () => {
  it('answers 201 with the created profile, which is then listed and usable', async () => {
    const name = `support-bot-${Date.now()}`;
    const res = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition(name),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, description: 'a test profile', isBuiltIn: false, version: 1 });
    expect(res.body.inputGuardrails).toEqual([
      { name: 'InputSize', config: { severity: 'high', maxChars: 1000 } },
    ]);
    expect(res.headers.get('location')).toBe(`/api/profiles/${res.body.id}`);

    const list = await api.request('/api/profiles', { key: tenant.key });
    expect(list.body.profiles.some((p: { id: string }) => p.id === res.body.id)).toBe(true);

    const run = await api.request('/api/validate', {
      method: 'POST',
      key: tenant.key,
      json: { text: 'x'.repeat(1001), profileName: name, validationType: 'input' },
    });
    expect(run.body).toMatchObject({
      passed: false,
      blockedBy: 'InputSize',
      profileId: res.body.id,
      profileVersion: 1,
    });
  });

  it('400 naming an unknown guardrail and an invalid config value', async () => {
    const res = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition(`bad-${Date.now()}`, {
        inputGuardrails: [
          { name: 'InputSize', config: { severity: 'high' } },
          { name: 'NoSuchGuardrail', config: {} },
          { name: 'InputSize', config: { severity: 'extreme' } },
        ],
      }),
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(['inputGuardrails[1].name', 'inputGuardrails[2].config.severity']);
  });

  it('400 on missing, extra and mistyped fields', async () => {
    const { name: _omit, ...noName } = definition('x');
    const missing = await api.request('/api/profiles', { method: 'POST', key: tenant.key, json: noName });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ path: 'name' })]);

    const extra = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: { ...definition('y'), owner: 'me' },
    });
    expect(extra.body.error.details).toEqual([{ path: 'owner', message: 'unknown field' }]);

    const mistyped = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: { ...definition('z'), inputGuardrails: 'InputSize' },
    });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.error.details[0].path).toBe('inputGuardrails');
  });

  it('400 invalid_json and 415 wrong content type', async () => {
    const bad = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_json');
    const form = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(form.status).toBe(415);
  });

  it('413 on an oversize body', async () => {
    const res = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition('huge', { description: 'd'.repeat(api.config.bodyLimitBytes + 1) }),
    });
    expect(res.status).toBe(413);
  });

  it('409 on a duplicate name (case-insensitive) and on a built-in name', async () => {
    const name = `Dup-${Date.now()}`;
    expect(
      (await api.request('/api/profiles', { method: 'POST', key: tenant.key, json: definition(name) }))
        .status,
    ).toBe(201);
    const dup = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition(name.toLowerCase()),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('conflict');
    const builtIn = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition('default'),
    });
    expect(builtIn.status).toBe(409);
  });

  it('keeps tenants apart: another user never sees my profiles', async () => {
    const name = `mine-${Date.now()}`;
    const created = await api.request('/api/profiles', {
      method: 'POST',
      key: tenant.key,
      json: definition(name),
    });
    const other = await api.newTenant();
    const theirs = await api.request('/api/profiles', { key: other.key });
    expect(theirs.body.profiles.some((p: { id: string }) => p.id === created.body.id)).toBe(false);
    // The same name is free for them.
    expect(
      (await api.request('/api/profiles', { method: 'POST', key: other.key, json: definition(name) })).status,
    ).toBe(201);
  });
});
