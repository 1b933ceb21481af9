import Router from '@koa/router';
import type { Registry as MetricsRegistry } from 'prom-client';

export interface HealthDeps {
  /** Resolves true when Postgres and Redis answer within a short timeout. */
  ready(): Promise<boolean>;
  isShuttingDown(): boolean;
  metrics: MetricsRegistry;
  openApi: Record<string, unknown>;
}

export function healthRoutes(deps: HealthDeps): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const ready = !deps.isShuttingDown() && (await deps.ready());
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable' };
  });
  router.get('/openapi.json', (ctx) => {
    ctx.body = deps.openApi;
  });
  router.get('/metrics', async (ctx) => {
    ctx.type = deps.metrics.contentType;
    ctx.body = await deps.metrics.metrics();
  });
  return router;
}
