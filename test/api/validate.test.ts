import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let tenant: { userId: string; key: string };
const AWS_KEY = 'AKIAZ7Q3XK2LMNOP4RST';

beforeAll(async () => {
  api = await startTestApi();
  tenant = await api.newTenant();
});
afterAll(async () => api?.close());

const validate = (json: unknown, key = tenant.key) =>
  api.request('/api/validate', { method: 'POST', key, json });

async function createProfile(definition: Record<string, unknown>, key = tenant.key) {
  const res = await api.request('/api/profiles', {
    method: 'POST',
    key,
    json: {
      description: 'test',
      inputGuardrails: [],
      outputGuardrails: [],
      toolGuardrails: [],
      ...definition,
    },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

describe('POST /api/validate — the seed contract', () => {
  it('answers with the seed fields and the documented extras', async () => {
    const res = await validate({
      text: 'What is the capital of France?',
      profileName: 'default',
      validationType: 'input',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      passed: true,
      profile: 'Default',
      profileId: 'default',
      blockedBy: null,
    });
    expect(typeof res.body.executionTimeMs).toBe('number');
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    expect(res.body.profileVersion).toBeGreaterThanOrEqual(1);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining([
          'guardrail',
          'passed',
          'severity',
          'message',
          'action',
          'findings',
          'durationMs',
        ]),
      );
    }
  });

  it('blocks a credential with a masked finding and stops after the blocking failure', async () => {
    const profile = await createProfile({
      name: `stop-${Date.now()}`,
      inputGuardrails: [
        { name: 'InputSize', config: { severity: 'low', maxChars: 10 } },
        { name: 'SecretsInInput', config: { severity: 'critical' } },
        { name: 'InputSize', config: { severity: 'high' } },
      ],
    });
    const text = `deploy with ${AWS_KEY} please`;
    const res = await validate({ text, profileName: profile.name, validationType: 'input' });
    expect(res.status).toBe(200);
    expect(res.body.passed).toBe(false);
    expect(res.body.blockedBy).toBe('SecretsInInput');
    // The first guardrail failed with a warning (low severity → warn) and did not stop the run.
    expect(res.body.results.map((r: { guardrail: string }) => r.guardrail)).toEqual([
      'InputSize',
      'SecretsInInput',
    ]);
    expect(res.body.results[0]).toMatchObject({ passed: false, action: 'warn', severity: 'low' });
    const secrets = res.body.results[1];
    expect(secrets).toMatchObject({ passed: false, action: 'block', severity: 'critical' });
    const finding = secrets.findings[0];
    expect(text.slice(finding.start, finding.end)).toBe(AWS_KEY);
    expect(finding.preview).not.toContain(AWS_KEY);
    expect(JSON.stringify(res.body)).not.toContain(AWS_KEY);
  });

  it('redacts PII in output and returns sanitizedText with typed placeholders', async () => {
    const profile = await createProfile({
      name: `pii-${Date.now()}`,
      outputGuardrails: [{ name: 'OutputPIIRedaction', config: { severity: 'medium', action: 'redact' } }],
    });
    const text = 'Write to jane.doe@example.com or jane.doe@example.com, card 4111 1111 1111 1111.';
    const res = await validate({ text, profileName: profile.id, validationType: 'output' });
    expect(res.status).toBe(200);
    expect(res.body.passed).toBe(true);
    expect(res.body.sanitizedText).not.toContain('jane.doe@example.com');
    expect(res.body.sanitizedText).not.toContain('4111 1111 1111 1111');
    expect(res.body.sanitizedText.match(/<EMAIL[^>]*>/g)?.length).toBe(2);
    expect(res.body.results[0]).toMatchObject({
      guardrail: 'OutputPIIRedaction',
      passed: false,
      action: 'redact',
    });
  });

  it('accepts x-api-key as well as Bearer', async () => {
    const res = await api.request('/api/validate', {
      method: 'POST',
      headers: { 'x-api-key': tenant.key },
      json: { text: 'hi', profileName: 'minimal', validationType: 'input' },
    });
    expect(res.status).toBe(200);
    expect(res.body.profileId).toBe('minimal');
  });
});

describe('POST /api/validate — bad input', () => {
  it('401 without a key, with an unknown key, with a malformed key', async () => {
    const body = { text: 'hi', profileName: 'default', validationType: 'input' };
    for (const key of [undefined, 'ppt_1111111111111111111111111111111111', 'not-a-key']) {
      const res = await api.request('/api/validate', { method: 'POST', json: body, ...(key ? { key } : {}) });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
      expect(typeof res.body.requestId).toBe('string');
    }
  });

  it('400 invalid_json on malformed JSON', async () => {
    const res = await api.request('/api/validate', {
      method: 'POST',
      key: tenant.key,
      headers: { 'content-type': 'application/json' },
      body: '{"text": "hi",',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('415 on a non-JSON content type', async () => {
    const res = await api.request('/api/validate', {
      method: 'POST',
      key: tenant.key,
      headers: { 'content-type': 'text/plain' },
      body: 'text=hi',
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('400 naming missing, extra and mistyped fields', async () => {
    const missing = await validate({ text: 'hi', validationType: 'input' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'profileName' })]),
    );

    const extra = await validate({
      text: 'hi',
      profileName: 'default',
      validationType: 'input',
      mode: 'fast',
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.details).toEqual([{ path: 'mode', message: 'unknown field' }]);

    const mistyped = await validate({ text: 42, profileName: 'default', validationType: 'input' });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.error.details[0].path).toBe('text');
  });

  it('400 on a bad validationType', async () => {
    const res = await validate({ text: 'hi', profileName: 'default', validationType: 'both' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path).toBe('validationType');
  });

  it('404 on an unknown profile and on another tenant’s profile', async () => {
    const unknown = await validate({ text: 'hi', profileName: 'no-such-profile', validationType: 'input' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('profile_not_found');

    const other = await api.newTenant();
    const theirs = await createProfile({ name: `private-${Date.now()}` }, other.key);
    for (const ref of [theirs.id, theirs.name]) {
      const res = await validate({ text: 'hi', profileName: ref, validationType: 'input' });
      expect(res.status).toBe(404);
    }
  });

  it('413 on an oversize body and on oversize text', async () => {
    const tooBig = 'a'.repeat(api.config.bodyLimitBytes + 10);
    const body = await validate({ text: tooBig, profileName: 'default', validationType: 'input' });
    expect(body.status).toBe(413);
    expect(body.body.error.code).toBe('payload_too_large');

    const text = await validate({
      text: 'a'.repeat(api.config.textLimitChars + 1),
      profileName: 'default',
      validationType: 'input',
    });
    expect(text.status).toBe(413);
    expect(text.body.error.code).toBe('text_too_large');
  });

  it('400 for a tool validation without a tool call', async () => {
    const res = await validate({ text: 'not json', profileName: 'default', validationType: 'tool' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('toolCall');
  });
});

describe('API keys', () => {
  it('stops accepting a key as soon as it is revoked', async () => {
    const { createApiKey, revokeApiKeyByPrefix } = await import('@parapet/db');
    const { key, record } = await createApiKey(api.db, tenant.userId, { name: 'to-revoke' });
    const body = { text: 'hi', profileName: 'minimal', validationType: 'input' };
    expect((await validate(body, key)).status).toBe(200); // now cached as valid
    await revokeApiKeyByPrefix(api.db, record.prefix);
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (Date.now() < deadline && status === 200) status = (await validate(body, key)).status;
    expect(status).toBe(401);
  });
});
