import { defaultRegistry } from '@parapet/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('GET /api/guardrails', () => {
  it('lists every registered guardrail with stages, category, description, config schema, defaults and example', async () => {
    const tenant = await api.newTenant();
    const res = await api.request('/api/guardrails', { key: tenant.key });
    expect(res.status).toBe(200);
    const names = res.body.guardrails.map((g: { name: string }) => g.name);
    expect(names.sort()).toEqual(
      defaultRegistry
        .list()
        .map((d) => d.name)
        .sort(),
    );
    const secrets = res.body.guardrails.find((g: { name: string }) => g.name === 'SecretsInInput');
    expect(secrets.stages).toContain('input');
    expect(secrets.configSchema.type).toBe('object');
    expect(secrets.configSchema.properties.severity.enum).toEqual([
      'info',
      'low',
      'medium',
      'high',
      'critical',
    ]);
    expect(secrets.defaults.severity).toBe('critical');
    expect(typeof secrets.description).toBe('string');
    expect(secrets.example).toBeTypeOf('object');
  });

  it('401 without a key', async () => {
    expect((await api.request('/api/guardrails')).status).toBe(401);
  });
});
