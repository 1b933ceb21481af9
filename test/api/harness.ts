import { randomUUID } from 'node:crypto';
import { type Config, loadConfig } from '@parapet/config';
import { createApiKey, createDb, createUser, type Db } from '@parapet/db';
import { pino } from 'pino';
import { type RunningServer, startServer } from '../../apps/api/src/server.ts';

export interface TestApi {
  url: string;
  db: Db;
  config: Config;
  /** A fresh user (tenant) with one API key. */
  newTenant(): Promise<{ userId: string; key: string }>;
  request(
    path: string,
    init?: RequestInit & { key?: string; json?: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field in the tests
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** Starts the real API in-process on a random port against the test services. */
export async function startTestApi(overrides: Partial<Config> = {}): Promise<TestApi> {
  const config = { ...loadConfig(), ...overrides };
  const server: RunningServer = await startServer(config, pino({ level: 'silent' }), { port: 0 });
  const db = createDb(config.databaseUrl);
  return {
    url: server.url,
    db,
    config,
    async newTenant() {
      const user = await createUser(db, `t-${randomUUID()}`);
      const { key } = await createApiKey(db, user.id, {
        name: 'test',
        ...(config.keyPepper ? { pepper: config.keyPepper } : {}),
      });
      return { userId: user.id, key };
    },
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const res = await fetch(server.url + path, { ...init, headers, body: body ?? null });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      await server.close();
      await db.destroy();
    },
  };
}
