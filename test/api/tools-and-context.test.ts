import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let tenant: { userId: string; key: string };
let profileName: string;

beforeAll(async () => {
  api = await startTestApi();
  tenant = await api.newTenant();
  profileName = `agent-${Date.now()}`;
  const created = await api.request('/api/profiles', {
    method: 'POST',
    key: tenant.key,
    json: {
      name: profileName,
      description: 'tool and context rules',
      inputGuardrails: [
        { name: 'UserConsentValidation', config: { severity: 'high', requiredScopes: ['analytics'] } },
      ],
      outputGuardrails: [],
      toolGuardrails: [
        {
          name: 'ToolAccess',
          config: {
            severity: 'high',
            allowedTools: ['search', 'shell'],
            argumentSchemas: {
              search: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
            },
          },
        },
        { name: 'DestructiveToolCall', config: { severity: 'critical' } },
      ],
    },
  });
  expect(created.status).toBe(201);
});
afterAll(async () => api?.close());

const validate = (json: Record<string, unknown>) =>
  api.request('/api/validate', { method: 'POST', key: tenant.key, json: { profileName, ...json } });

describe('validationType "tool"', () => {
  it('runs toolGuardrails on toolCall', async () => {
    const ok = await validate({
      text: '',
      validationType: 'tool',
      toolCall: { name: 'search', arguments: { query: 'weather' } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.passed).toBe(true);
    expect(ok.body.results.map((r: { guardrail: string }) => r.guardrail)).toEqual([
      'ToolAccess',
      'DestructiveToolCall',
    ]);

    const denied = await validate({
      text: '',
      validationType: 'tool',
      toolCall: { name: 'delete_everything', arguments: {} },
    });
    expect(denied.body).toMatchObject({ passed: false, blockedBy: 'ToolAccess' });

    const badArgs = await validate({
      text: '',
      validationType: 'tool',
      toolCall: { name: 'search', arguments: { q: 1 } },
    });
    expect(badArgs.body).toMatchObject({ passed: false, blockedBy: 'ToolAccess' });
  });

  it('reads the tool call from text when it is JSON', async () => {
    const text = JSON.stringify({ name: 'shell', arguments: { command: 'rm -rf / --no-preserve-root' } });
    const res = await validate({ text, validationType: 'tool' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ passed: false, blockedBy: 'DestructiveToolCall' });
  });

  it('400 on a malformed toolCall', async () => {
    const res = await validate({ text: '', validationType: 'tool', toolCall: { name: 'search' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('toolCall.arguments');
  });
});

describe('call context', () => {
  it('passes context facts to context guardrails, and follows onMissing when absent', async () => {
    const absent = await validate({ text: 'hello', validationType: 'input' });
    expect(absent.body.passed).toBe(true);
    expect(absent.body.results[0].message.toLowerCase()).toContain('consent');

    const missingScope = await validate({
      text: 'hello',
      validationType: 'input',
      context: { userConsent: { given: true, scopes: ['marketing'] } },
    });
    expect(missingScope.body).toMatchObject({ passed: false, blockedBy: 'UserConsentValidation' });

    const covered = await validate({
      text: 'hello',
      validationType: 'input',
      context: { userConsent: { given: true, scopes: ['analytics'] } },
    });
    expect(covered.body.passed).toBe(true);
  });

  it('400 naming an invalid context field', async () => {
    const res = await validate({
      text: 'hello',
      validationType: 'input',
      context: { userConsent: { given: 'yes' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('context.userConsent.given');
    const unknown = await validate({ text: 'hello', validationType: 'input', context: { mood: 'happy' } });
    expect(unknown.body.error.details).toEqual([{ path: 'context.mood', message: 'unknown field' }]);
  });
});
