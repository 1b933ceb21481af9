import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Router from '@koa/router';

/**
 * GET /docs: an interactive API reference rendered by swagger-ui-dist from /openapi.json. Every
 * asset is served from the installed package, so the page works without network access.
 */
export function docsRoutes(): Router {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets: Record<string, { type: string; body: Buffer }> = {
    'swagger-ui.css': { type: 'text/css', body: readFileSync(join(dist, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': {
      type: 'application/javascript',
      body: readFileSync(join(dist, 'swagger-ui-bundle.js')),
    },
  };
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Parapet API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>`;
  const init = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui', deepLinking: true, persistAuthorization: false });`;

  const router = new Router();
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html';
    ctx.set(
      'content-security-policy',
      "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'",
    );
    ctx.body = page;
  });
  router.get('/docs/init.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.body = init;
  });
  router.get('/docs/:asset', (ctx) => {
    const asset = assets[ctx.params.asset!];
    if (!asset) return;
    ctx.type = asset.type;
    ctx.set('cache-control', 'public, max-age=86400');
    ctx.body = asset.body;
  });
  return router;
}
