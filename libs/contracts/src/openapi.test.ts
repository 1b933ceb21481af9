import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApi, ROUTES } from './openapi.ts';
import { API_VERSION } from './version.ts';

describe('OpenAPI document', () => {
  const doc = buildOpenApi(API_VERSION) as {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string }>>;
  };

  it('has one operation per route with unique operation ids', () => {
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(ops).toHaveLength(ROUTES.length);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ROUTES.length);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('matches the committed snapshot docs/openapi.json (run npm run docs:openapi after changing a contract)', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
