import { ROUTES } from '@parapet/contracts';
import { defaultRegistry } from '@parapet/engine';
import { pino } from 'pino';
import { Registry as MetricsRegistry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { type AppDeps, createApp } from './app.ts';

/** Routes are only registered here; no dependency is called. */
function registeredRoutes(): string[] {
  const app = createApp({
    logger: pino({ level: 'silent' }),
    metrics: new MetricsRegistry(),
    registry: defaultRegistry,
    limits: { bodyLimitBytes: 1, textLimitChars: 1, maxGuardrailsPerProfile: 1, maxProfilesPerUser: 1 },
    analytics: {},
    batches: { limits: {} },
    admin: {},
  } as unknown as AppDeps);
  const seen = new Set<string>();
  for (const mw of app.middleware as Array<{
    router?: { stack: Array<{ path: string; methods: string[] }> };
  }>) {
    for (const layer of mw.router?.stack ?? []) {
      for (const method of layer.methods) {
        if (method !== 'HEAD') seen.add(`${method} ${layer.path}`);
      }
    }
  }
  return [...seen].sort();
}

describe('route table', () => {
  it('registers exactly the routes documented in the OpenAPI contract (plus /openapi.json, /metrics and the /docs page)', () => {
    const documented = ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    const extras = [
      'GET /docs',
      'GET /docs/:asset',
      'GET /docs/init.js',
      'GET /metrics',
      'GET /openapi.json',
    ];
    expect(registeredRoutes()).toEqual([...documented, ...extras].sort());
  });
});
