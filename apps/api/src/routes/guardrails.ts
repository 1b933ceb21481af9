import Router from '@koa/router';
import { describeCatalogue, type Registry } from '@parapet/engine';

export function guardrailRoutes(registry: Registry): Router {
  const router = new Router();
  // The catalogue only changes with a release: describe it once.
  const body = { guardrails: describeCatalogue(registry) };
  router.get('/api/guardrails', (ctx) => {
    ctx.body = body;
  });
  return router;
}
