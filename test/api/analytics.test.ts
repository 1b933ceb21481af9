import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { startTestWorker } from './worker-harness.ts';

let api: TestApi;
let worker: { close(): Promise<void> };

beforeAll(async () => {
  api = await startTestApi({ analyticsFlushMs: 50 });
  worker = await startTestWorker(api.config);
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
});

async function poll<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('analytics pipeline: HTTP → API buffer → BullMQ → worker → ClickHouse', () => {
  it('counts exactly the N validations a user made, and only theirs', async () => {
    const tenant = await api.newTenant();
    const other = await api.newTenant();
    const from = new Date(Date.now() - 60_000).toISOString();
    const N = 25;
    for (let i = 0; i < N; i++) {
      const text = `hello ${i}`;
      const res = await api.request('/api/validate', {
        method: 'POST',
        key: tenant.key,
        json: { text, profileName: 'minimal', validationType: 'input' },
      });
      expect(res.status).toBe(200);
    }
    // Noise from another tenant must never show up in ours.
    await api.request('/api/validate', {
      method: 'POST',
      key: other.key,
      json: { text: 'hi', profileName: 'minimal', validationType: 'input' },
    });

    const query = `/api/analytics/summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;
    // The totals and the per-guardrail figures are two queries run side by side: while the last
    // inserts land they can see different moments, so wait until both have all N.
    const summary = await poll(
      () => api.request(query, { key: tenant.key }),
      (r) => r.body?.total >= N && r.body.guardrails?.[0]?.runs >= N,
    );
    expect(summary.status).toBe(200);
    expect(summary.body.total).toBe(N);
    expect(summary.body.passed).toBe(N);
    expect(summary.body.blocked).toBe(0);
    expect(summary.body.passRate).toBe(1);
    expect(summary.body.latencyMs.p50).toBeGreaterThan(0);
    expect(summary.body.guardrails).toEqual([
      expect.objectContaining({ guardrail: 'InputSize', runs: N, failures: 0, blocks: 0 }),
    ]);

    const filtered = await api.request(`${query}&profile=default`, { key: tenant.key });
    expect(filtered.body.total).toBe(0);
  });

  it('rejects bad parameters with 400', async () => {
    const tenant = await api.newTenant();
    for (const q of [
      'from=yesterday',
      'to=2020-01-01T00:00:00Z&from=2021-01-01T00:00:00Z',
      'extra=1',
      'from=2000-01-01T00:00:00Z',
    ]) {
      const res = await api.request(`/api/analytics/summary?${q}`, { key: tenant.key });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});
