import Router from '@koa/router';
import { API_VERSION, buildOpenApi, type ExecutionRecord } from '@parapet/contracts';
import type { Db } from '@parapet/db';
import type { Registry } from '@parapet/engine';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import type { Logger } from 'pino';
import type { Registry as MetricsRegistry } from 'prom-client';
import { authenticateAdmin } from './auth/admin.ts';
import { authenticate, type KeyResolver } from './auth/keys.ts';
import { errorHandler, requestId, requestLogger, requireJson } from './http/middleware.ts';
import type { ProfileResolver } from './profiles/resolver.ts';
import { type AdminRouteDeps, adminRoutes } from './routes/admin.ts';
import { type AnalyticsQueries, analyticsRoutes } from './routes/analytics.ts';
import { type BatchDeps, batchRoutes, parsesOwnBody } from './routes/batches.ts';
import { docsRoutes } from './routes/docs.ts';
import { guardrailRoutes } from './routes/guardrails.ts';
import { healthRoutes } from './routes/health.ts';
import { profileRoutes } from './routes/profiles.ts';
import { validateRoutes } from './routes/validate.ts';

export interface AppDeps {
  logger: Logger;
  metrics: MetricsRegistry;
  registry: Registry;
  keys: KeyResolver;
  db: Db;
  profiles: ProfileResolver;
  analytics: { sink: { add(record: ExecutionRecord): void }; queries: AnalyticsQueries };
  limits: {
    bodyLimitBytes: number;
    textLimitChars: number;
    maxGuardrailsPerProfile: number;
    maxProfilesPerUser: number;
  };
  /** Per-key and per-user request limits (runs after authentication). */
  rateLimit?: Koa.Middleware;
  /** Asynchronous batches (routes/batches.ts). */
  batches: Pick<BatchDeps, 'queue' | 'limits'>;
  /** Users and keys over HTTP; `token` is ADMIN_TOKEN (unset: the admin routes answer 404). */
  admin: Pick<AdminRouteDeps, 'provision' | 'keyPepper'> & { token: string | undefined };
  ready(): Promise<boolean>;
  isShuttingDown(): boolean;
}

/** The composition root of the HTTP API: middleware order per architecture.md, routes, no globals. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  app.silent = true;

  app.use(requestId());
  app.use(requestLogger(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(requireJson());
  const parseJson = bodyParser({
    enableTypes: ['json'],
    jsonLimit: `${deps.limits.bodyLimitBytes}b`,
    strict: true,
  });
  // POST /api/batches parses its own body, with its own limit, once the caller is authenticated.
  app.use((ctx, next) => (parsesOwnBody(ctx) ? next() : parseJson(ctx, next)));

  const open = healthRoutes({
    ready: deps.ready,
    isShuttingDown: deps.isShuttingDown,
    metrics: deps.metrics,
    openApi: buildOpenApi(API_VERSION),
  });
  app.use(open.routes()).use(open.allowedMethods({ throw: true }));
  const docs = docsRoutes();
  app.use(docs.routes()).use(docs.allowedMethods({ throw: true }));

  const api = new Router();
  api.use('/api', authenticate(deps.keys));
  if (deps.rateLimit) api.use('/api', deps.rateLimit);
  for (const r of [
    validateRoutes({
      profiles: deps.profiles,
      analytics: deps.analytics.sink,
      textLimitChars: deps.limits.textLimitChars,
    }),
    profileRoutes({
      db: deps.db,
      resolver: deps.profiles,
      registry: deps.registry,
      maxGuardrailsPerProfile: deps.limits.maxGuardrailsPerProfile,
      maxProfilesPerUser: deps.limits.maxProfilesPerUser,
    }),
    analyticsRoutes(deps.analytics.queries),
    batchRoutes({
      ...deps.batches,
      db: deps.db,
      profiles: deps.profiles,
      textLimitChars: deps.limits.textLimitChars,
    }),
    guardrailRoutes(deps.registry),
  ]) {
    api.use(r.routes(), r.allowedMethods({ throw: true }));
  }
  app.use(api.routes()).use(api.allowedMethods({ throw: true }));

  // After /api, so that validation requests never pass through the admin router's matching.
  const admin = new Router();
  admin.use('/admin', authenticateAdmin(deps.admin.token));
  const adminApi = adminRoutes({ ...deps.admin, db: deps.db, logger: deps.logger });
  admin.use(adminApi.routes(), adminApi.allowedMethods({ throw: true }));
  app.use(admin.routes()).use(admin.allowedMethods({ throw: true }));
  return app;
}
