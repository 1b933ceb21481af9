/** Every client method and every error class against the real API (startTestApi: Postgres, Redis, ClickHouse). */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROUTES } from '@parapet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  NotFoundError,
  ParapetClient,
  ParapetError,
  PayloadTooLargeError,
  PermissionDeniedError,
  PreconditionError,
  ValidationError,
} from '../../libs/sdk/src/index.ts';
import { startTestApi, type TestApi } from '../api/harness.ts';

const AWS_KEY = 'AKIAZ7Q3XK2LMNOP4RST';
let api: TestApi;
let client: ParapetClient;
let requests: { method: string; url: string; status: number }[];
/** Whether the running server serves GET /api/guardrails (it is in ROUTES; the handler may not be merged). */
let catalogueServed = false;

beforeAll(async () => {
  api = await startTestApi();
  const tenant = await api.newTenant();
  requests = [];
  client = new ParapetClient({
    apiKey: tenant.key,
    baseUrl: api.url,
    // Counts what goes over the wire, to prove that errors other than 429/502/503/504 are not retried.
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      requests.push({ method: init?.method ?? 'GET', url: String(input), status: res.status });
      return res;
    },
  });
  const probe = await api.request('/api/guardrails', { key: tenant.key });
  catalogueServed = probe.status === 200;
});
afterAll(async () => api?.close());

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const definition = (name: string) => ({
  name,
  description: 'made by the SDK tests',
  inputGuardrails: [
    { name: 'SecretsInInput', config: { severity: 'critical' } },
    { name: 'InputSize', config: { severity: 'high', maxChars: 1_000 } },
  ],
  outputGuardrails: [{ name: 'OutputPIIRedaction', config: { severity: 'medium', action: 'redact' } }],
  toolGuardrails: [{ name: 'DestructiveToolCall', config: { severity: 'critical' } }],
});

describe('validation', () => {
  it('validate / validateInput: a credential is blocked, a harmless prompt passes', async () => {
    const profile = await client.profiles.create(definition(unique('guard')));
    const blocked = await client.validateInput(`deploy with ${AWS_KEY}`, profile.name);
    expect(blocked).toMatchObject({ passed: false, blockedBy: 'SecretsInInput', profileId: profile.id });
    expect(blocked.results[0]).toMatchObject({ guardrail: 'SecretsInInput', passed: false, action: 'block' });
    expect(JSON.stringify(blocked)).not.toContain(AWS_KEY);

    const ok = await client.validate({
      text: 'What is the capital of France?',
      profileName: 'default',
      validationType: 'input',
    });
    expect(ok).toMatchObject({ passed: true, profile: 'Default', profileId: 'default', blockedBy: null });
    expect(typeof ok.executionTimeMs).toBe('number');
    expect(typeof ok.requestId).toBe('string');
  });

  it('validateOutput returns sanitizedText from a redact guardrail', async () => {
    const profile = await client.profiles.create(definition(unique('out')));
    const res = await client.validateOutput('Mail jane.doe@example.com for details.', profile.id);
    expect(res.passed).toBe(true);
    expect(res.sanitizedText).toBeDefined();
    expect(res.sanitizedText).not.toContain('jane.doe@example.com');
  });

  it('validateToolCall runs the tool guardrails on { name, arguments }', async () => {
    const profile = await client.profiles.create(definition(unique('tool')));
    const res = await client.validateToolCall(
      { name: 'shell', arguments: { command: 'rm -rf /' } },
      profile.id,
    );
    expect(res.results[0]?.guardrail).toBe('DestructiveToolCall');
    expect(res.passed).toBe(false);
    const fine = await client.validateToolCall(
      { name: 'search', arguments: { query: 'weather' } },
      profile.id,
    );
    expect(fine.passed).toBe(true);
  });

  it('sends the request id it chose, and the server echoes it', async () => {
    const res = await client.validateInput('hello', 'minimal', { requestId: 'sdk-test-42' });
    expect(res.requestId).toBe('sdk-test-42');
  });
});

describe('profiles', () => {
  it('list, create, get (with etag), update and patch with If-Match, versions, version, rollback, clone, delete', async () => {
    const list = await client.profiles.list();
    expect(list.filter((p) => p.isBuiltIn).map((p) => p.id)).toEqual(
      expect.arrayContaining([
        'default',
        'enterprise_security',
        'child_safety',
        'healthcare',
        'financial',
        'minimal',
      ]),
    );

    const name = unique('crud');
    const created = await client.profiles.create(definition(name));
    expect(created).toMatchObject({ name, version: 1, isBuiltIn: false, etag: '"1"' });

    const got = await client.profiles.get(created.id);
    expect(got).toMatchObject({ id: created.id, version: 1, etag: '"1"' });
    expect(got.inputGuardrails.map((g) => g.name)).toEqual(['SecretsInInput', 'InputSize']);

    const updated = await client.profiles.update(
      created.id,
      { ...definition(name), description: 'second' },
      { ifMatch: got.etag },
    );
    expect(updated).toMatchObject({ version: 2, description: 'second', etag: '"2"' });

    const patched = await client.profiles.patch(created.id, { description: 'third' }, { ifMatch: updated });
    expect(patched).toMatchObject({ version: 3, description: 'third', etag: '"3"' });

    const versions = await client.profiles.versions(created.id);
    expect(versions.currentVersion).toBe(3);
    expect(versions.versions.map((v) => v.version)).toEqual([3, 2, 1]);

    const v1 = await client.profiles.version(created.id, 1);
    expect(v1).toMatchObject({ profileId: created.id, version: 1, description: 'made by the SDK tests' });

    const rolledBack = await client.profiles.rollback(created.id, 1, { ifMatch: 3 });
    expect(rolledBack).toMatchObject({ version: 4, description: 'made by the SDK tests', etag: '"4"' });

    const copy = await client.profiles.clone(created.id, { name: `${name}-copy` });
    expect(copy).toMatchObject({ name: `${name}-copy`, version: 1, isBuiltIn: false });
    const builtInCopy = await client.profiles.clone('minimal');
    expect(builtInCopy.name).toMatch(/\(copy/);

    await client.profiles.delete(copy.id);
    await expect(client.profiles.get(copy.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await client.profiles.list()).some((p) => p.id === copy.id)).toBe(false);
  });
});

describe('catalogue and analytics', () => {
  it('guardrails.list returns the catalogue', async (ctx) => {
    expect(ROUTES.some((r) => r.method === 'get' && r.path === '/api/guardrails')).toBe(true);
    ctx.skip(
      !catalogueServed,
      'GET /api/guardrails is in ROUTES but the running API does not serve it yet (its handler is not merged)',
    );
    const catalogue = await client.guardrails.list();
    const secrets = catalogue.find((g) => g.name === 'SecretsInInput');
    expect(secrets?.stages).toContain('input');
    expect(typeof secrets?.configSchema).toBe('object');
  });

  it('analytics.summary answers for a range given as Dates', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 3_600_000);
    const summary = await client.analytics.summary({ from, to });
    expect(summary).toMatchObject({ from: from.toISOString(), to: to.toISOString() });
    expect(typeof summary.total).toBe('number');
    expect(Array.isArray(summary.guardrails)).toBe(true);
    const byProfile = await client.analytics.summary({ profile: 'default' });
    expect(typeof byProfile.passed).toBe('number');
  });

  it('analytics.timeseries, guardrails and usage answer with their documented shapes', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 2 * 86_400_000);
    const series = await client.analytics.timeseries({ from, to, interval: 'day' });
    expect(series.interval).toBe('day');
    expect(series.buckets.length).toBeGreaterThanOrEqual(2);
    const guardrails = await client.analytics.guardrails({ from, to, validationType: 'input' });
    expect(Array.isArray(guardrails.guardrails)).toBe(true);
    const usage = await client.analytics.usage({ from, to });
    expect(Array.isArray(usage.usage)).toBe(true);
    const bad = await client.analytics.timeseries({ interval: 'week' as never }).catch((e: unknown) => e);
    expect((bad as { status?: number }).status).toBe(400);
  });
});

/** Runs a call that must fail once, without a retry, and returns its error. */
async function failsOnce(call: () => Promise<unknown>): Promise<ParapetError> {
  const before = requests.length;
  const err = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ParapetError);
  expect(requests.length - before).toBe(1);
  return err as ParapetError;
}

describe('errors (each sent once: none of these is retried)', () => {
  it('400 ValidationError with details naming the field', async () => {
    const err = await failsOnce(() =>
      client.profiles.create({
        ...definition(unique('bad')),
        inputGuardrails: [{ name: 'SecretsInInput', config: { severity: 'catastrophic' } }],
      }),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(err.details?.[0]?.path).toMatch(/^inputGuardrails\[0\]\.config/);
    expect(typeof err.requestId).toBe('string');

    const tool = await failsOnce(() =>
      client.validate({ text: 'not json', profileName: 'default', validationType: 'tool' }),
    );
    expect(tool).toBeInstanceOf(ValidationError);
    expect(tool.details?.[0]?.path).toBe('toolCall');
  });

  it('401 AuthenticationError for an unknown key', async () => {
    const stranger = new ParapetClient({
      apiKey: 'ppt_1111111111111111111111111111111111',
      baseUrl: api.url,
    });
    const err = await stranger.validateInput('hi', 'default').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('404 NotFoundError for an unknown profile, in validation and in the profile routes', async () => {
    const validation = await failsOnce(() => client.validateInput('hi', 'no-such-profile'));
    expect(validation).toBeInstanceOf(NotFoundError);
    expect(validation.code).toBe('profile_not_found');
    const get = await failsOnce(() => client.profiles.get('no-such-profile'));
    expect(get).toMatchObject({ status: 404, code: 'not_found' });
    await expect(client.profiles.version('default', 99)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('409 ConflictError for a duplicate name', async () => {
    const name = unique('dup');
    await client.profiles.create(definition(name));
    const err = await failsOnce(() => client.profiles.create(definition(name.toUpperCase())));
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.code).toBe('conflict');
  });

  it('412 PreconditionError for a stale ETag, with the current one; 428 without If-Match', async () => {
    const p = await client.profiles.create(definition(unique('etag')));
    await client.profiles.patch(p.id, { description: 'moved on' }, { ifMatch: p.etag });
    const stale = await failsOnce(() => client.profiles.patch(p.id, { description: 'late' }, { ifMatch: p }));
    expect(stale).toBeInstanceOf(PreconditionError);
    expect(stale).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect((stale as PreconditionError).currentEtag).toBe('"2"');

    const missing = await failsOnce(() =>
      client.profiles.update(p.id, definition(p.name), {} as { ifMatch: string }),
    );
    expect(missing).toBeInstanceOf(PreconditionError);
    expect(missing).toMatchObject({ status: 428, code: 'precondition_required' });
  });

  it('403 PermissionDeniedError when changing a built-in', async () => {
    const err = await failsOnce(() => client.profiles.delete('default'));
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.code).toBe('forbidden');
  });

  it('413 PayloadTooLargeError for a text over the limit and for a body over the limit', async () => {
    const text = await failsOnce(() =>
      client.validateInput('a'.repeat(api.config.textLimitChars + 1), 'default'),
    );
    expect(text).toBeInstanceOf(PayloadTooLargeError);
    expect(text.code).toBe('text_too_large');
    const body = await failsOnce(() =>
      client.validateInput('a'.repeat(api.config.bodyLimitBytes + 1), 'default'),
    );
    expect(body).toBeInstanceOf(PayloadTooLargeError);
    expect(body.code).toBe('payload_too_large');
  });
});

describe('examples/guard-chat-turn.ts', () => {
  it('guards two chat turns: the answer of the first is redacted, the second prompt is blocked', async () => {
    const tenant = await api.newTenant();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [fileURLToPath(new URL('../../examples/guard-chat-turn.ts', import.meta.url))],
      { env: { ...process.env, PARAPET_URL: api.url, PARAPET_KEY: tenant.key }, timeout: 60_000 },
    );
    expect(stdout).toContain('answer redacted by OutputPIIRedaction');
    expect(stdout).toMatch(/shown {3}> .*<EMAIL/);
    expect(stdout).not.toMatch(/shown .*jane\.doe@example\.com/);
    expect(stdout).toContain('input blocked by SecretsInInput');
  });
});
