import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AnalyticsClient, createAnalyticsClient } from '@parapet/analytics';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../apps/api/src/server.ts';
import type { WorkerHandle } from '../../apps/worker/src/worker.ts';
import { startTestApi, type TestApi } from '../api/harness.ts';
import { waitFor } from '../support/index.ts';
import { batchExecutions, startBatchWorker, startReceiver, waitForBatch } from './support.ts';

const AWS_KEY = 'AKIAZ7Q3XK2LMNOP4RST';
let api: TestApi;
let worker: WorkerHandle;
let clickhouse: AnalyticsClient;

beforeAll(async () => {
  api = await startTestApi({ analyticsFlushMs: 50 });
  worker = await startBatchWorker(api.config);
  clickhouse = createAnalyticsClient({
    url: api.config.clickhouseUrl,
    database: api.config.clickhouseDatabase,
  });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await clickhouse?.close();
});

const create = (key: string, json: unknown) => api.request('/api/batches', { method: 'POST', key, json });
const get = (key: string, path: string) => api.request(path, { key });

describe('batches: create, progress, results', () => {
  it('runs every item with the pinned profile, stores results in item order and counts analytics once', async () => {
    const { key, userId } = await api.newTenant();
    const since = Date.now();
    const items = [
      { id: 'a', text: 'What is the capital of France?' },
      { text: `Use this key: ${AWS_KEY}` },
      { id: 'c', text: 'Tell me a joke about penguins.' },
    ];
    const res = await create(key, { profileName: 'default', validationType: 'input', items });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.any(String), status: 'queued', total: 3 });
    expect(res.headers.get('location')).toBe(`/api/batches/${res.body.id}`);

    const done = await waitForBatch(() => get(key, `/api/batches/${res.body.id}`));
    expect(done).toMatchObject({
      id: res.body.id,
      status: 'completed',
      profileId: 'default',
      profileVersion: expect.any(Number),
      validationType: 'input',
      total: 3,
      processed: 3,
      passed: 2,
      blocked: 1,
      progress: 1,
      webhookUrl: null,
      error: null,
    });
    expect(new Date(done.completedAt as string) >= new Date(done.startedAt as string)).toBe(true);

    const page = await get(key, `/api/batches/${res.body.id}/results`);
    expect(page.status).toBe(200);
    expect(page.body.nextCursor).toBeNull();
    expect(
      page.body.items.map((i: { index: number; id: string; passed: boolean }) => [i.index, i.id, i.passed]),
    ).toEqual([
      [0, 'a', true],
      [1, '1', false],
      [2, 'c', true],
    ]);
    expect(page.body.items[1].blockedBy).toBeTruthy();
    expect(page.body.items[1].results.length).toBeGreaterThan(0);
    expect(JSON.stringify(page.body)).not.toContain(AWS_KEY);

    expect(
      await waitFor(async () => (await batchExecutions(clickhouse, userId, since)) === 3, {
        timeoutMs: 15_000,
      }),
    ).toBe(true);
  });

  it('pages results with a cursor and lists batches newest first with a status filter', async () => {
    const { key } = await api.newTenant();
    const items = Array.from({ length: 25 }, (_, i) => ({ text: `item number ${i}` }));
    const first = await create(key, { profileName: 'minimal', validationType: 'output', items });
    const second = await create(key, {
      profileName: 'minimal',
      validationType: 'input',
      items: items.slice(0, 2),
    });
    await waitForBatch(() => get(key, `/api/batches/${first.body.id}`));
    await waitForBatch(() => get(key, `/api/batches/${second.body.id}`));

    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const q: string = cursor ? `?limit=10&cursor=${cursor}` : '?limit=10';
      const page = await get(key, `/api/batches/${first.body.id}/results${q}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((i: { index: number }) => i.index));
      cursor = page.body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));

    const list = await get(key, '/api/batches?limit=1');
    expect(list.status).toBe(200);
    expect(list.body.batches.map((b: { id: string }) => b.id)).toEqual([second.body.id]);
    const next = await get(key, `/api/batches?limit=1&cursor=${list.body.nextCursor}`);
    expect(next.body.batches.map((b: { id: string }) => b.id)).toEqual([first.body.id]);
    expect(next.body.nextCursor).toBeNull();
    const completed = await get(key, '/api/batches?status=completed');
    expect(completed.body.batches).toHaveLength(2);
    const queued = await get(key, '/api/batches?status=queued');
    expect(queued.body.batches).toEqual([]);
  });

  it('validates tool items as tool calls', async () => {
    const { key } = await api.newTenant();
    const call = JSON.stringify({ name: 'search', arguments: { q: 'weather' } });
    const res = await create(key, {
      profileName: 'default',
      validationType: 'tool',
      items: [{ text: call }],
    });
    expect(res.status).toBe(202);
    expect((await waitForBatch(() => get(key, `/api/batches/${res.body.id}`))).status).toBe('completed');
    const bad = await create(key, {
      profileName: 'default',
      validationType: 'tool',
      items: [{ text: 'not json' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: 'items[0].text', message: expect.any(String) }]);
  });

  it('cancels the rest of a batch; cancelling again or an ended batch changes nothing', async () => {
    const { key } = await api.newTenant();
    const items = Array.from({ length: 5_000 }, (_, i) => ({ text: `cancel me ${i}` }));
    // The heavier `default` profile keeps the worker from finishing 5 000 items before the DELETE lands.
    const res = await create(key, { profileName: 'default', validationType: 'input', items });
    const cancelled = await api.request(`/api/batches/${res.body.id}`, { method: 'DELETE', key });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.processed).toBeLessThan(5_000);
    const again = await api.request(`/api/batches/${res.body.id}`, { method: 'DELETE', key });
    expect(again.body.status).toBe('cancelled');
    // Whatever was in flight may land; nothing more is processed after that, and the status stays.
    const settled = await waitFor(
      async () => {
        const a = await get(key, `/api/batches/${res.body.id}`);
        await new Promise((r) => setTimeout(r, 300));
        const b = await get(key, `/api/batches/${res.body.id}`);
        return a.body.processed === b.body.processed ? b.body : undefined;
      },
      { timeoutMs: 15_000 },
    );
    expect(settled.status).toBe('cancelled');
    expect(settled.processed).toBeLessThan(5_000);
  });
});

describe('batches: tenancy', () => {
  it("answers another user's batch id with 404 on every route, and never lists it", async () => {
    const owner = await api.newTenant();
    const other = await api.newTenant();
    const res = await create(owner.key, {
      profileName: 'minimal',
      validationType: 'input',
      items: [{ text: 'x' }],
    });
    const id = res.body.id;
    for (const [method, path] of [
      ['GET', `/api/batches/${id}`],
      ['GET', `/api/batches/${id}/results`],
      ['DELETE', `/api/batches/${id}`],
      ['GET', '/api/batches/not-a-uuid'],
      ['GET', '/api/batches/00000000-0000-4000-8000-000000000000/results'],
    ] as const) {
      const r = await api.request(path, { method, key: other.key });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error.code).toBe('not_found');
    }
    expect((await get(other.key, '/api/batches')).body.batches).toEqual([]);
    expect((await api.request(`/api/batches/${id}`)).status).toBe(401);
    expect((await waitForBatch(() => get(owner.key, `/api/batches/${id}`))).status).toBe('completed');
  });
});

describe('batches: bad input', () => {
  it('rejects malformed JSON, wrong content type, and missing, extra or mistyped fields', async () => {
    const { key } = await api.newTenant();
    const raw = await api.request('/api/batches', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: '{"profileName": "default",',
    });
    expect([raw.status, raw.body.error.code]).toEqual([400, 'invalid_json']);
    const text = await api.request('/api/batches', {
      method: 'POST',
      key,
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    const ok = { profileName: 'default', validationType: 'input', items: [{ text: 'hi' }] };
    const cases: Array<[unknown, string]> = [
      [{ ...ok, profileName: undefined }, 'profileName'],
      [{ ...ok, validationType: 'sideways' }, 'validationType'],
      [{ ...ok, items: [] }, 'items'],
      [{ ...ok, items: 'hi' }, 'items'],
      [{ ...ok, items: [{ text: 5 }] }, 'items[0].text'],
      [{ ...ok, items: [{ text: 'a', extra: 1 }] }, 'items[0].extra'],
      [{ ...ok, items: [{ id: '', text: 'a' }] }, 'items[0].id'],
      [{ ...ok, priority: 'high' }, 'priority'],
      [{ ...ok, webhookUrl: 'ftp://example.com/x' }, 'webhookUrl'],
      [{ ...ok, webhookUrl: 'not a url' }, 'webhookUrl'],
      [
        {
          ...ok,
          items: [
            { id: 'x', text: 'a' },
            { id: 'x', text: 'b' },
          ],
        },
        'items[1].id',
      ],
      [[ok], ''],
    ];
    for (const [body, path] of cases) {
      const r = await create(key, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('validation_failed');
      if (path)
        expect(
          r.body.error.details.map((d: { path: string }) => d.path),
          JSON.stringify(body),
        ).toContain(path);
    }
  });

  it('404s an unknown profile and an unknown pinned version', async () => {
    const { key } = await api.newTenant();
    for (const profileName of ['no-such-profile', 'default@99']) {
      const r = await create(key, { profileName, validationType: 'input', items: [{ text: 'hi' }] });
      expect([r.status, r.body.error.code]).toEqual([404, 'profile_not_found']);
    }
  });

  it('rejects bad cursors, limits, statuses and unknown query parameters', async () => {
    const { key } = await api.newTenant();
    const res = await create(key, {
      profileName: 'minimal',
      validationType: 'input',
      items: [{ text: 'hi' }],
    });
    for (const path of [
      `/api/batches/${res.body.id}/results?cursor=bm9wZQ`,
      `/api/batches/${res.body.id}/results?cursor=${'x'.repeat(201)}`,
      `/api/batches/${res.body.id}/results?limit=0`,
      `/api/batches/${res.body.id}/results?limit=1001`,
      `/api/batches/${res.body.id}/results?limit=ten`,
      `/api/batches/${res.body.id}/results?page=2`,
      '/api/batches?cursor=garbage',
      '/api/batches?status=done',
      '/api/batches?limit=101',
      '/api/batches?limit=1&limit=2',
      '/api/batches?sort=asc',
    ]) {
      const r = await get(key, path);
      expect(r.status, path).toBe(400);
      expect(r.body.error.code, path).toBe('validation_failed');
    }
  });
});

describe('batches: limits', () => {
  let small: RunningServer;
  beforeAll(async () => {
    small = await startServer({ ...api.config, textLimitChars: 50 }, pino({ level: 'silent' }), {
      port: 0,
      batchLimits: { maxItems: 20, maxTotalChars: 200, bodyLimitBytes: 64 * 1024 },
    });
  });
  afterAll(() => small?.close());

  it('400s too many items, 413s an oversize batch, an oversize item and an oversize body', async () => {
    const { key } = await api.newTenant();
    const post = async (json: unknown) => {
      const res = await fetch(`${small.url}/api/batches`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      return {
        status: res.status,
        body: (await res.json()) as { error: { code: string; details?: unknown } },
      };
    };
    const batch = (items: unknown[]) => ({ profileName: 'default', validationType: 'input', items });
    const tooMany = await post(batch(Array.from({ length: 21 }, () => ({ text: 'x' }))));
    expect([tooMany.status, tooMany.body.error.code]).toEqual([400, 'validation_failed']);
    expect(tooMany.body.error.details).toEqual([{ path: 'items', message: 'at most 20 items' }]);
    const twenty = await post(batch(Array.from({ length: 20 }, () => ({ text: 'x'.repeat(10) }))));
    expect(twenty.status).toBe(202);
    const oversize = await post(batch(Array.from({ length: 5 }, () => ({ text: 'x'.repeat(41) }))));
    expect([oversize.status, oversize.body.error.code]).toEqual([413, 'payload_too_large']);
    const longItem = await post(batch([{ text: 'y'.repeat(51) }]));
    expect([longItem.status, longItem.body.error.code]).toEqual([413, 'text_too_large']);
    expect(longItem.body.error.details).toEqual([{ path: 'items[0].text', message: expect.any(String) }]);
    const hugeBody = await post(batch(Array.from({ length: 25_000 }, () => ({ text: 'z'.repeat(40) }))));
    expect(hugeBody.status).toBe(413);
  });

  it('takes a batch body larger than BODY_LIMIT_BYTES, which still holds on other routes', async () => {
    const { key } = await api.newTenant();
    expect(api.config.bodyLimitBytes).toBe(1024 * 1024);
    const items = Array.from({ length: 5_000 }, (_, i) => ({ text: `${i} ${'w'.repeat(300)}` }));
    const json = { profileName: 'default', validationType: 'input', items };
    expect(JSON.stringify(json).length).toBeGreaterThan(1.4 * 1024 * 1024);
    const r = await create(key, json);
    expect(r.status).toBe(202);
    expect(r.body.total).toBe(5_000);
    await api.request(`/api/batches/${r.body.id}`, { method: 'DELETE', key });
    const validate = await api.request('/api/validate', {
      method: 'POST',
      key,
      json: { profileName: 'default', validationType: 'input', text: 'v'.repeat(1.2 * 1024 * 1024) },
    });
    expect([validate.status, validate.body.error.code]).toEqual([413, 'payload_too_large']);
  });

  it('answers 10 001 items with 400 under the default limit', async () => {
    const { key } = await api.newTenant();
    const r = await create(key, {
      profileName: 'default',
      validationType: 'input',
      items: Array.from({ length: 10_001 }, () => ({ text: 'x' })),
    });
    expect([r.status, r.body.error.details]).toEqual([
      400,
      [{ path: 'items', message: 'at most 10000 items' }],
    ]);
  });
});

describe('batches: completion webhook', () => {
  it('POSTs the summary signed with the secret shown once, retrying until the receiver accepts', async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 503 : 200));
    try {
      const { key } = await api.newTenant();
      const res = await create(key, {
        profileName: 'default',
        validationType: 'input',
        items: [{ text: 'hello' }, { text: `key ${AWS_KEY}` }],
        webhookUrl: receiver.url,
      });
      expect(res.status).toBe(202);
      const secret: string = res.body.webhookSecret;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const again = await create(key, {
        profileName: 'default',
        validationType: 'input',
        items: [{ text: 'hello' }],
        webhookUrl: receiver.url,
      });
      expect(again.body.webhookSecret).toBeUndefined();

      await waitFor(() => receiver.received.length >= 3, { timeoutMs: 20_000 });
      const bodies = receiver.received.map((r) => JSON.parse(r.body));
      const delivered = receiver.received.filter((_, i) => i > 0 || receiver.received.length === 2);
      for (const r of receiver.received) {
        // What a receiver does: recompute HMAC-SHA256(secret, t + "." + raw body), compare in constant time.
        const header = String(r.headers['parapet-signature']);
        const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
        expect(m, header).not.toBeNull();
        const expected = createHmac('sha256', secret).update(`${m![1]}.${r.body}`).digest();
        expect(timingSafeEqual(Buffer.from(m![2]!, 'hex'), expected)).toBe(true);
        expect(Math.abs(Date.now() / 1000 - Number(m![1]))).toBeLessThan(60);
        expect(r.headers['parapet-event']).toBe('batch.completed');
        expect(r.headers['content-type']).toBe('application/json');
        // A forged body does not verify.
        const forged = createHmac('sha256', secret)
          .update(`${m![1]}.${r.body.replace('completed', 'failed')}`)
          .digest();
        expect(timingSafeEqual(Buffer.from(m![2]!, 'hex'), forged)).toBe(false);
      }
      expect(delivered.length).toBeGreaterThan(0);
      const first = bodies.find((b) => b.batch.id === res.body.id);
      expect(first).toMatchObject({
        type: 'batch.completed',
        batch: { id: res.body.id, status: 'completed', total: 2, processed: 2, passed: 1, blocked: 1 },
      });
      // The first batch's delivery was refused once (503) and retried with the same delivery id.
      const forFirst = receiver.received.filter((r) => JSON.parse(r.body).batch.id === res.body.id);
      const forSecond = receiver.received.filter((r) => JSON.parse(r.body).batch.id === again.body.id);
      expect(forFirst.length + forSecond.length).toBe(receiver.received.length);
      expect(new Set(receiver.received.map((r) => r.headers['parapet-delivery'])).size).toBe(2);
    } finally {
      await receiver.close();
    }
  });
});
