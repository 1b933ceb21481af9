import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTestEnv, testDatabaseUrl } from '../../test/support/env.ts';
import { assertIdentifier, clickhouseExec, clickhousePing, ensureLocalClickHouse } from './clickhouse.ts';
import { redisPing } from './redis.ts';
import { ensureServices, LOCAL } from './services.ts';
import { waitUntil } from './util.ts';

/** A TCP port with nothing behind it: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('local service probes', () => {
  let fakeRedis: Server;
  let fakePort = 0;
  beforeAll(async () => {
    // Answers like a Redis that is not ready, to prove PING checks the reply and not just the socket.
    fakeRedis = createServer((socket) => socket.on('data', () => socket.end('-LOADING dataset\r\n')));
    await new Promise<void>((resolve) => fakeRedis.listen(0, '127.0.0.1', resolve));
    fakePort = (fakeRedis.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => fakeRedis.close(() => resolve())));

  it('PINGs Redis', async () => {
    const { hostname, port } = new URL(process.env['REDIS_URL']!);
    expect(await redisPing(hostname, Number(port || 6379))).toBe(true);
    expect(await redisPing('127.0.0.1', await closedPort())).toBe(false);
    expect(await redisPing('127.0.0.1', fakePort)).toBe(false);
  });

  it('pings ClickHouse and surfaces its errors', async () => {
    const url = process.env['CLICKHOUSE_URL']!;
    expect(await clickhousePing(url)).toBe(true);
    expect(await clickhousePing(`http://127.0.0.1:${await closedPort()}`)).toBe(false);
    await clickhouseExec(url, 'SELECT 1');
    await expect(clickhouseExec(url, 'SELECT no_such_column FROM system.one')).rejects.toThrow(/ClickHouse:/);
  });

  it('reuses the running local ClickHouse instead of starting another', async () => {
    if (process.env['CLICKHOUSE_URL'] !== LOCAL.clickhouseUrl) return;
    const started = Date.now();
    expect(await ensureLocalClickHouse()).toBe(LOCAL.clickhouseUrl);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('leaves configured services alone', async () => {
    const started = Date.now();
    await ensureServices({
      DATABASE_URL: 'postgres://elsewhere.invalid/x',
      REDIS_URL: 'redis://elsewhere.invalid',
      CLICKHOUSE_URL: 'http://elsewhere.invalid',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('helpers', () => {
  it('only accepts plain identifiers in DDL', () => {
    expect(assertIdentifier('parapet_test')).toBe('parapet_test');
    for (const bad of ['', '1abc', 'a-b', 'a; DROP DATABASE x', 'a`b'])
      expect(() => assertIdentifier(bad)).toThrow();
  });

  it('waitUntil polls until true and gives up at the deadline', async () => {
    let n = 0;
    await waitUntil(() => ++n === 3, { timeoutMs: 5_000, intervalMs: 1, what: 'three calls' });
    expect(n).toBe(3);
    await expect(waitUntil(() => false, { timeoutMs: 50, intervalMs: 10, what: 'never' })).rejects.toThrow(
      /timed out after 50 ms waiting for never/,
    );
  });

  it('derives the test database from the configured server, never the configured database', () => {
    expect(testDatabaseUrl(undefined)).toBe(LOCAL.testDatabaseUrl);
    expect(testDatabaseUrl('postgres://u:p@db.example:6543/prod?sslmode=require')).toBe(
      'postgres://u:p@db.example:6543/parapet_test?sslmode=require',
    );
  });

  it('fills only what is not configured in the test environment', () => {
    const env: NodeJS.ProcessEnv = { REDIS_URL: 'redis://other:1', QUEUE_PREFIX: ' ' };
    applyTestEnv(env);
    expect(env).toMatchObject({
      DATABASE_URL: LOCAL.testDatabaseUrl,
      REDIS_URL: 'redis://other:1',
      CLICKHOUSE_URL: LOCAL.clickhouseUrl,
      CLICKHOUSE_DATABASE: 'parapet_test',
    });
    expect(env['QUEUE_PREFIX']).toMatch(/^parapet-test-\d+$/);
  });
});
