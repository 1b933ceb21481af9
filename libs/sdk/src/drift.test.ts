/**
 * The SDK and the server must not drift: every public route of the server (ROUTES in
 * libs/contracts, which the API registers exactly — see apps/api) has a client method, and every
 * client method sends the method and path it declares, which the server has.
 */
import { ROUTES } from '@parapet/contracts';
import { describe, expect, it } from 'vitest';
import { ParapetClient } from './client.ts';
import { SDK_ROUTES, type SdkMethod } from './routes.ts';

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
/** Koa-style `/api/profiles/:id` as in the OpenAPI document: `/api/profiles/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The API surface: routes called with an API key. Probes are for orchestrators, /admin for operators. */
const serverRoutes = ROUTES.filter((r) => r.auth === 'apiKey').map((r) => key(r.method, openApiPath(r.path)));

const definition = {
  name: 'p',
  description: '',
  inputGuardrails: [],
  outputGuardrails: [],
  toolGuardrails: [],
};

/** One call of every method; the Record type makes a new method without an entry a type error. */
const CALLS: Record<SdkMethod, (c: ParapetClient) => Promise<unknown>> = {
  validate: (c) => c.validate({ text: 'hi', profileName: 'default', validationType: 'input' }),
  'profiles.list': (c) => c.profiles.list(),
  'profiles.create': (c) => c.profiles.create(definition),
  'profiles.get': (c) => c.profiles.get('p1'),
  'profiles.update': (c) => c.profiles.update('p1', definition, { ifMatch: 1 }),
  'profiles.patch': (c) => c.profiles.patch('p1', { description: 'x' }, { ifMatch: '"1"' }),
  'profiles.delete': (c) => c.profiles.delete('p1'),
  'profiles.clone': (c) => c.profiles.clone('p1'),
  'profiles.versions': (c) => c.profiles.versions('p1'),
  'profiles.version': (c) => c.profiles.version('p1', 2),
  'profiles.rollback': (c) => c.profiles.rollback('p1', 1),
  'guardrails.list': (c) => c.guardrails.list(),
  'analytics.summary': (c) => c.analytics.summary(),
  'analytics.timeseries': (c) => c.analytics.timeseries({ interval: 'day' }),
  'analytics.guardrails': (c) => c.analytics.guardrails(),
  'analytics.usage': (c) => c.analytics.usage(),
  'batches.create': (c) =>
    c.batches.create({ profileName: 'default', validationType: 'input', items: [{ text: 'hi' }] }),
  'batches.list': (c) => c.batches.list({ status: 'running' }),
  'batches.get': (c) => c.batches.get('b1'),
  'batches.results': (c) => c.batches.results('b1', { limit: 10 }),
  'batches.cancel': (c) => c.batches.cancel('b1'),
};

function recordingClient() {
  const sent: { method: string; url: URL; headers: Headers; body: unknown }[] = [];
  const client = new ParapetClient({
    apiKey: 'ppt_test',
    baseUrl: 'http://127.0.0.1:1/prefix/',
    maxRetries: 0,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      sent.push({
        method: init?.method ?? 'GET',
        url,
        headers: new Headers(init?.headers),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(JSON.stringify({ profiles: [], guardrails: [], version: 1 }), {
        status: 200,
        headers: { 'content-type': 'application/json', etag: '"1"' },
      });
    },
  });
  return { client, sent };
}

/** Turns a concrete path back into the route's template by matching it against the templates. */
function templateOf(pathname: string): string | undefined {
  const path = pathname.replace(/^\/prefix/, '');
  return Object.values(SDK_ROUTES)
    .map((r) => r.path as string)
    .find((t) => new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
}

describe('SDK ↔ server route drift', () => {
  it('every public server route has a client method, and no method names a route the server lacks', () => {
    const sdk = [...new Set(Object.values(SDK_ROUTES).map((r) => key(r.method, r.path)))].sort();
    const missingInSdk = serverRoutes.filter((r) => !sdk.includes(r));
    const unknownToServer = sdk.filter((r) => !serverRoutes.includes(r));
    expect({ missingInSdk, unknownToServer }).toEqual({ missingInSdk: [], unknownToServer: [] });
  });

  it('every client method sends the method and path it declares, with the key and a request id', async () => {
    for (const [name, call] of Object.entries(CALLS) as [
      SdkMethod,
      (c: ParapetClient) => Promise<unknown>,
    ][]) {
      const { client, sent } = recordingClient();
      await call(client);
      expect(sent, name).toHaveLength(1);
      const [req] = sent;
      const declared = SDK_ROUTES[name];
      expect(key(req!.method, templateOf(req!.url.pathname) ?? req!.url.pathname), name).toBe(
        key(declared.method, declared.path),
      );
      expect(req!.headers.get('authorization')).toBe('Bearer ppt_test');
      expect(req!.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{1,100}$/);
    }
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(SDK_ROUTES).sort());
  });

  it('the validate shorthands send the validation type, the context and the tool call', async () => {
    const { client, sent } = recordingClient();
    await client.validateInput('a', 'default', { context: { endUserId: 'u1' } });
    await client.validateOutput('b', 'default@2');
    await client.validateToolCall({ name: 'shell', arguments: { cmd: 'ls' } }, 'default');
    expect(sent.map((s) => key(s.method, s.url.pathname))).toEqual(
      Array(3).fill('POST /prefix/api/validate'),
    );
    expect(sent.map((s) => s.body)).toEqual([
      { text: 'a', profileName: 'default', validationType: 'input', context: { endUserId: 'u1' } },
      { text: 'b', profileName: 'default@2', validationType: 'output' },
      {
        text: '{"name":"shell","arguments":{"cmd":"ls"}}',
        profileName: 'default',
        validationType: 'tool',
        toolCall: { name: 'shell', arguments: { cmd: 'ls' } },
      },
    ]);
  });

  it('encodes path parameters and If-Match, and sends analytics dates as ISO strings', async () => {
    const { client, sent } = recordingClient();
    await client.profiles.get('a/b c');
    await client.profiles.update('p', definition, { ifMatch: { etag: '"7"' } });
    await client.profiles.patch('p', { name: 'n' }, { ifMatch: { version: 8 } });
    await client.profiles.rollback('p', 1, { ifMatch: '9' });
    await client.analytics.summary({ from: new Date('2026-01-01T00:00:00Z'), profile: 'default' });
    expect(sent[0]!.url.pathname).toBe('/prefix/api/profiles/a%2Fb%20c');
    expect(sent.slice(1, 4).map((s) => s.headers.get('if-match'))).toEqual(['"7"', '"8"', '"9"']);
    expect(sent[3]!.body).toEqual({ version: 1 });
    expect(Object.fromEntries(sent[4]!.url.searchParams)).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      profile: 'default',
    });
  });

  it('reads always-idempotent methods as such, creating POSTs as unsafe', () => {
    for (const [name, route] of Object.entries(SDK_ROUTES)) {
      if (route.method === 'GET' || route.method === 'DELETE') expect(route.retry, name).toBe('idempotent');
    }
    expect(SDK_ROUTES['profiles.create'].retry).toBe('unsafe');
    expect(SDK_ROUTES['profiles.clone'].retry).toBe('unsafe');
    expect(SDK_ROUTES.validate.retry).toBe('idempotent');
  });
});
