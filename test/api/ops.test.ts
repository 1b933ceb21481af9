import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/index.ts';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('operational endpoints', () => {
  it('liveness, readiness and Prometheus metrics', async () => {
    expect((await api.request('/healthz')).body).toEqual({ status: 'ok' });
    // Readiness pings Postgres and Redis with a 1 s limit; the process's first, cold ping can miss
    // it on a 2-core CI machine busy with the unit tests, so the probe is polled as a kubelet would.
    const ready = await waitFor(async () => (await api.request('/readyz')).status === 200 || undefined);
    expect(ready).toBe(true);
    const metrics = await api.request('/metrics');
    expect(metrics.status).toBe(200);
    expect(String(metrics.body)).toContain('process_cpu_user_seconds_total');
  });

  it('serves the OpenAPI document it was built from, and the interactive reference', async () => {
    const doc = await api.request('/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toContain('/api/validate');
    const page = await api.request('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(String(page.body)).toContain('/docs/init.js');
    const bundle = await api.request('/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect((await api.request('/docs/nope.js')).status).toBe(404);
  });

  it('answers unknown routes and wrong methods with the error envelope', async () => {
    const tenant = await api.newTenant();
    const missing = await api.request('/api/nothing-here', { key: tenant.key });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const wrong = await api.request('/api/validate', { method: 'GET', key: tenant.key });
    expect(wrong.status).toBe(405);
    expect(wrong.body.error.code).toBe('method_not_allowed');
  });

  it('never echoes request text or keys into logs: the request logger records ids only', async () => {
    // The logger is pino; the request line carries method, path, status, duration and ids.
    const { requestLogger } = await import('../../apps/api/src/http/middleware.ts');
    const lines: unknown[] = [];
    const logger = { debug: (o: unknown) => lines.push(o), error: (o: unknown) => lines.push(o) } as never;
    const ctx = {
      method: 'POST',
      path: '/api/validate',
      status: 200,
      state: { requestId: 'r1' },
      request: { body: { text: 'secret AKIA' } },
    };
    await requestLogger(logger)(ctx as never, async () => {});
    expect(JSON.stringify(lines)).not.toContain('AKIA');
    expect(lines[0]).toMatchObject({ requestId: 'r1', method: 'POST', path: '/api/validate', status: 200 });
  });
});
