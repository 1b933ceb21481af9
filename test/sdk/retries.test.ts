/**
 * Retries, timeouts and cancellation, proven by counting requests at stand-in servers on loopback.
 * Every server is scripted: it answers a fixed sequence, so every retry loop here is bounded by the
 * client's maxRetries and deadline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ConflictError,
  ConnectionError,
  ParapetClient,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '../../libs/sdk/src/index.ts';
import { closedPort, envelope, type LocalServer, type Reply, startLocalServer } from './local-server.ts';

const OK = { status: 200, body: { passed: true, profile: 'Default', results: [] } } as const;
const PROFILE = {
  id: 'p1',
  name: 'n',
  description: '',
  isBuiltIn: false,
  version: 2,
  createdAt: '',
  updatedAt: '',
  inputGuardrails: [],
  outputGuardrails: [],
  toolGuardrails: [],
};
const definition = {
  name: 'n',
  description: '',
  inputGuardrails: [],
  outputGuardrails: [],
  toolGuardrails: [],
};
const fast = { baseDelayMs: 5, maxDelayMs: 20 };

let servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(...replies: Reply[]) {
  const server = await startLocalServer(replies);
  servers.push(server);
  const client = new ParapetClient({
    apiKey: 'ppt_x',
    baseUrl: server.url,
    backoff: fast,
    timeoutMs: 10_000,
  });
  return { server, client };
}

const validate = (c: ParapetClient, options = {}) => c.validateInput('hi', 'default', options);

describe('retries', () => {
  it('retries 503 then 502 then 504 and succeeds, with the same x-request-id each time', async () => {
    const { server, client } = await serve(
      { status: 503, body: envelope('service_unavailable') },
      { status: 502 },
      { status: 504 },
      OK,
    );
    const res = await validate(client, { maxRetries: 3 });
    expect(res.passed).toBe(true);
    expect(server.seen).toHaveLength(4);
    expect(new Set(server.seen.map((s) => s.headers['x-request-id'])).size).toBe(1);
  });

  it('waits for Retry-After on 429 and then succeeds', async () => {
    const { server, client } = await serve(
      { status: 429, body: envelope('rate_limited'), headers: { 'retry-after': '1' } },
      OK,
    );
    const started = performance.now();
    await validate(client);
    const elapsed = performance.now() - started;
    expect(server.seen).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('gives up after maxRetries, throwing the last error', async () => {
    const { server, client } = await serve({ status: 503, body: envelope('service_unavailable', 'down') });
    const err = await validate(client, { maxRetries: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'down',
      requestId: 'srv-1',
    });
    expect(server.seen).toHaveLength(3);
  });

  it('does not retry a 400, a 409 or a 500', async () => {
    for (const [status, code, Class] of [
      [400, 'validation_failed', ValidationError],
      [409, 'conflict', ConflictError],
      [500, 'internal_error', ServerError],
    ] as const) {
      const { server, client } = await serve({ status, body: envelope(code) }, OK);
      const err = await validate(client, { maxRetries: 5 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Class);
      expect(server.seen, `status ${status}`).toHaveLength(1);
    }
  });

  it('throws a 429 at once when Retry-After is longer than maxRetryAfterMs, with retryAfter in seconds', async () => {
    const { server, client } = await serve(
      { status: 429, body: envelope('rate_limited'), headers: { 'retry-after': '120' } },
      OK,
    );
    const err = await validate(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfter).toBe(120);
    expect(server.seen).toHaveLength(1);
  });

  it('throws a 429 at once when Retry-After is past the call deadline', async () => {
    const { server, client } = await serve(
      { status: 429, body: envelope('rate_limited'), headers: { 'retry-after': '5' } },
      OK,
    );
    const started = performance.now();
    const err = await validate(client, { timeoutMs: 1_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(performance.now() - started).toBeLessThan(900);
    expect(server.seen).toHaveLength(1);
  });

  it('maxRetries: 0 sends once', async () => {
    const { server, client } = await serve({ status: 503 }, OK);
    await expect(validate(client, { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a validation when the connection is reset', async () => {
    const { server, client } = await serve('reset', OK);
    expect((await validate(client)).passed).toBe(true);
    expect(server.seen).toHaveLength(2);
  });
});

describe('retries of requests that are not idempotent', () => {
  it('creating a profile is not retried on 503 or a reset connection (it may have been applied)', async () => {
    for (const first of [{ status: 503, body: envelope('service_unavailable') }, 'reset'] as const) {
      const { server, client } = await serve(first, { status: 201, body: PROFILE });
      const err = await client.profiles.create(definition).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(first === 'reset' ? ConnectionError : ServerError);
      expect(server.seen).toHaveLength(1);
    }
  });

  it('creating a profile is retried on 429 (refused before any handler ran)', async () => {
    const { server, client } = await serve(
      { status: 429, body: envelope('rate_limited'), headers: { 'retry-after': '0' } },
      { status: 201, body: PROFILE, headers: { etag: '"2"' } },
    );
    expect((await client.profiles.create(definition)).etag).toBe('"2"');
    expect(server.seen).toHaveLength(2);
  });

  it('creating a profile is retried when the connection is refused (it never reached a server)', async () => {
    const port = await closedPort();
    let calls = 0;
    const client = new ParapetClient({
      apiKey: 'ppt_x',
      baseUrl: `http://127.0.0.1:${port}`,
      backoff: fast,
      maxRetries: 2,
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    const err = await client.profiles.create(definition).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).not.toBeInstanceOf(TimeoutError);
    expect((err as ConnectionError).status).toBeUndefined();
    expect(calls).toBe(3);
  });

  it('a PUT with If-Match is retried on 503; a rollback without If-Match is not, with it it is', async () => {
    const put = await serve({ status: 503 }, { status: 200, body: PROFILE, headers: { etag: '"3"' } });
    expect((await put.client.profiles.update('p1', definition, { ifMatch: 2 })).etag).toBe('"3"');
    expect(put.server.seen).toHaveLength(2);
    expect(put.server.seen.map((s) => s.headers['if-match'])).toEqual(['"2"', '"2"']);

    const bare = await serve({ status: 503 }, { status: 200, body: PROFILE });
    await expect(bare.client.profiles.rollback('p1', 1)).rejects.toBeInstanceOf(ServerError);
    expect(bare.server.seen).toHaveLength(1);

    const guarded = await serve({ status: 503 }, { status: 200, body: PROFILE });
    await guarded.client.profiles.rollback('p1', 1, { ifMatch: 2 });
    expect(guarded.server.seen).toHaveLength(2);
  });
});

describe('timeouts', () => {
  it('rejects with TimeoutError within bounds when the server never answers (client timeout)', async () => {
    const server = await startLocalServer(['hang']);
    servers.push(server);
    const client = new ParapetClient({ apiKey: 'ppt_x', baseUrl: server.url, timeoutMs: 300 });
    const started = performance.now();
    const err = await validate(client).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as TimeoutError).code).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(2_000);
    expect(server.seen).toHaveLength(1);
  });

  it('a per-call timeoutMs overrides the client default', async () => {
    const { server, client } = await serve('hang');
    const started = performance.now();
    await expect(validate(client, { timeoutMs: 200 })).rejects.toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(server.seen).toHaveLength(1);
  });

  it('the deadline covers the retries: 503s and then a hang still end at the timeout', async () => {
    const { server, client } = await serve({ status: 503 }, { status: 503 }, 'hang');
    const started = performance.now();
    await expect(validate(client, { timeoutMs: 400, maxRetries: 10 })).rejects.toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.seen).toHaveLength(3);
  });
});

describe('AbortSignal', () => {
  it('aborting a pending call rejects with AbortError carrying the reason, and is not retried', async () => {
    const { server, client } = await serve('hang');
    const controller = new AbortController();
    const pending = validate(client, { signal: controller.signal });
    const deadline = Date.now() + 5_000;
    while (server.seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    controller.abort(new Error('user left'));
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortError);
    expect(((err as AbortError).cause as Error).message).toBe('user left');
    expect(server.seen).toHaveLength(1);
  });

  it('an already-aborted signal sends nothing', async () => {
    const { server, client } = await serve(OK);
    await expect(validate(client, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
    expect(server.seen).toHaveLength(0);
  });

  it('aborting during the wait before a retry stops at once', async () => {
    const { server, client } = await serve(
      { status: 429, body: envelope('rate_limited'), headers: { 'retry-after': '5' } },
      OK,
    );
    const started = performance.now();
    await expect(validate(client, { signal: AbortSignal.timeout(200) })).rejects.toBeInstanceOf(AbortError);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.seen).toHaveLength(1);
  });
});

describe('responses that are not the API envelope', () => {
  it('a proxy error page is still a typed error with the status', async () => {
    const { client } = await serve({ status: 404, body: '<html>' });
    const err = await validate(client).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'NotFoundError', status: 404, code: 'http_404' });
  });
});
