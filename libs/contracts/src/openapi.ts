import { z } from 'zod';
import {
  adminCreatedKeySchema,
  adminCreateKeySchema,
  adminCreateUserSchema,
  adminKeyListSchema,
  adminKeySchema,
  adminUserListSchema,
  adminUserSchema,
} from './admin.ts';
import {
  analyticsGuardrailsQuerySchema,
  analyticsGuardrailsSchema,
  analyticsSummaryQuerySchema,
  analyticsSummarySchema,
  analyticsTimeseriesQuerySchema,
  analyticsTimeseriesSchema,
  analyticsUsageQuerySchema,
  analyticsUsageSchema,
} from './analytics.ts';
import {
  batchAcceptedSchema,
  batchListQuerySchema,
  batchListSchema,
  batchResultsPageSchema,
  batchResultsQuerySchema,
  batchSchema,
  createBatchRequestSchema,
} from './batches.ts';
import {
  errorEnvelopeSchema,
  profileCloneSchema,
  profileDefinitionSchema,
  profileListSchema,
  profilePatchSchema,
  profileRollbackSchema,
  profileSchema,
  profileVersionListSchema,
  validateRequestSchema,
  validateResponseSchema,
} from './http.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteSpec {
  method: Method;
  /** Koa-style path (`/api/profiles/:id`). */
  path: string;
  summary: string;
  tag: 'Validation' | 'Profiles' | 'Analytics' | 'Catalogue' | 'Operations' | 'Admin';
  /** An API key (`/api/*`), the operator's ADMIN_TOKEN (`/admin/*`), or nothing (probes). */
  auth: 'apiKey' | 'admin' | 'none';
  body?: z.ZodType;
  query?: z.ZodObject;
  /** Success status → schema (undefined: no body). */
  success: [number, z.ZodType | undefined];
  /** Error statuses this route can answer besides the common ones (400/401/413/415/429/500). */
  errors?: number[];
  headers?: { ifMatch?: 'required' | 'optional' };
}

const profileVersionSchema = profileDefinitionSchema.extend({
  profileId: z.string(),
  version: z.number().int(),
  isBuiltIn: z.boolean(),
  createdAt: z.string(),
});

const guardrailCatalogueSchema = z.object({
  guardrails: z.array(
    z.object({
      name: z.string(),
      stages: z.array(z.enum(['input', 'output', 'tool'])),
      category: z.string(),
      description: z.string(),
      configSchema: z.record(z.string(), z.unknown()),
      defaults: z.record(z.string(), z.unknown()),
      example: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** Every public route. The API registers exactly these (a test compares), and /openapi.json is built from them. */
export const ROUTES: readonly RouteSpec[] = [
  {
    method: 'post',
    path: '/api/validate',
    summary: 'Validate a text against a profile',
    tag: 'Validation',
    auth: 'apiKey',
    body: validateRequestSchema,
    success: [200, validateResponseSchema],
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/batches',
    summary:
      'Validate many texts asynchronously on the workers (202; poll, page the results, or get a signed webhook)',
    tag: 'Validation',
    auth: 'apiKey',
    body: createBatchRequestSchema,
    success: [202, batchAcceptedSchema],
    errors: [404, 503],
  },
  {
    method: 'get',
    path: '/api/batches',
    summary: "List the caller's batches, newest first",
    tag: 'Validation',
    auth: 'apiKey',
    query: batchListQuerySchema,
    success: [200, batchListSchema],
  },
  {
    method: 'get',
    path: '/api/batches/:id',
    summary: "A batch's status, counts, progress and timestamps",
    tag: 'Validation',
    auth: 'apiKey',
    success: [200, batchSchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/batches/:id/results',
    summary: "A page of a batch's item results in item order",
    tag: 'Validation',
    auth: 'apiKey',
    query: batchResultsQuerySchema,
    success: [200, batchResultsPageSchema],
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/batches/:id',
    summary: "Cancel a batch's remaining items (an ended batch is returned unchanged)",
    tag: 'Validation',
    auth: 'apiKey',
    success: [200, batchSchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/profiles',
    summary: "List the caller's profiles, built-ins included",
    tag: 'Profiles',
    auth: 'apiKey',
    success: [200, profileListSchema],
  },
  {
    method: 'post',
    path: '/api/profiles',
    summary: 'Create a profile',
    tag: 'Profiles',
    auth: 'apiKey',
    body: profileDefinitionSchema,
    success: [201, profileSchema],
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/profiles/:id',
    summary: 'Get a profile (with its ETag)',
    tag: 'Profiles',
    auth: 'apiKey',
    success: [200, profileSchema],
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/profiles/:id',
    summary: 'Replace a profile, creating a new version',
    tag: 'Profiles',
    auth: 'apiKey',
    body: profileDefinitionSchema,
    success: [200, profileSchema],
    errors: [403, 404, 409, 412, 428],
    headers: { ifMatch: 'required' },
  },
  {
    method: 'patch',
    path: '/api/profiles/:id',
    summary: 'Change some fields of a profile, creating a new version',
    tag: 'Profiles',
    auth: 'apiKey',
    body: profilePatchSchema,
    success: [200, profileSchema],
    errors: [403, 404, 409, 412, 428],
    headers: { ifMatch: 'required' },
  },
  {
    method: 'delete',
    path: '/api/profiles/:id',
    summary: 'Delete a custom profile',
    tag: 'Profiles',
    auth: 'apiKey',
    success: [204, undefined],
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/api/profiles/:id/clone',
    summary: 'Copy any visible profile into a new custom profile',
    tag: 'Profiles',
    auth: 'apiKey',
    body: profileCloneSchema,
    success: [201, profileSchema],
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/profiles/:id/versions',
    summary: 'List the versions of a profile',
    tag: 'Profiles',
    auth: 'apiKey',
    success: [200, profileVersionListSchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/profiles/:id/versions/:version',
    summary: 'Get one version of a profile',
    tag: 'Profiles',
    auth: 'apiKey',
    success: [200, profileVersionSchema],
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/profiles/:id/rollback',
    summary: 'Make a new version equal to an old one',
    tag: 'Profiles',
    auth: 'apiKey',
    body: profileRollbackSchema,
    success: [200, profileSchema],
    errors: [403, 404, 409, 412],
    headers: { ifMatch: 'optional' },
  },
  {
    method: 'get',
    path: '/api/guardrails',
    summary: 'The guardrail catalogue: names, stages, config schemas, defaults, examples',
    tag: 'Catalogue',
    auth: 'apiKey',
    success: [200, guardrailCatalogueSchema],
  },
  {
    method: 'get',
    path: '/api/analytics/summary',
    summary: "Totals, pass rate, latency percentiles and per-guardrail counts of the caller's executions",
    tag: 'Analytics',
    auth: 'apiKey',
    query: analyticsSummaryQuerySchema,
    success: [200, analyticsSummarySchema],
  },
  {
    method: 'get',
    path: '/api/analytics/timeseries',
    summary: "Per-bucket totals and latency percentiles of the caller's executions (empty buckets included)",
    tag: 'Analytics',
    auth: 'apiKey',
    query: analyticsTimeseriesQuerySchema,
    success: [200, analyticsTimeseriesSchema],
  },
  {
    method: 'get',
    path: '/api/analytics/guardrails',
    summary: 'Per guardrail: runs, failures, blocks, block rate, durations and top finding types',
    tag: 'Analytics',
    auth: 'apiKey',
    query: analyticsGuardrailsQuerySchema,
    success: [200, analyticsGuardrailsSchema],
  },
  {
    method: 'get',
    path: '/api/analytics/usage',
    summary: "Executions per API key and UTC day of the caller's keys",
    tag: 'Analytics',
    auth: 'apiKey',
    query: analyticsUsageQuerySchema,
    success: [200, analyticsUsageSchema],
  },
  {
    method: 'post',
    path: '/admin/users',
    summary: 'Create a user (tenant) and enqueue the provisioning of its built-in profiles',
    tag: 'Admin',
    auth: 'admin',
    body: adminCreateUserSchema,
    success: [201, adminUserSchema],
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/admin/users',
    summary: 'List users by name',
    tag: 'Admin',
    auth: 'admin',
    success: [200, adminUserListSchema],
    errors: [404],
  },
  {
    method: 'post',
    path: '/admin/users/:userId/keys',
    summary: 'Create an API key for a user; the answer is the only place the key is ever shown',
    tag: 'Admin',
    auth: 'admin',
    body: adminCreateKeySchema,
    success: [201, adminCreatedKeySchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/admin/users/:userId/keys',
    summary: "List a user's keys, newest first (display prefixes, never keys)",
    tag: 'Admin',
    auth: 'admin',
    success: [200, adminKeyListSchema],
    errors: [404],
  },
  {
    method: 'delete',
    path: '/admin/keys/:id',
    summary: 'Revoke an API key on every API process within a second (revoking twice answers the same key)',
    tag: 'Admin',
    auth: 'admin',
    success: [200, adminKeySchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/healthz',
    summary: 'Liveness',
    tag: 'Operations',
    auth: 'none',
    success: [200, z.object({ status: z.string() })],
  },
  {
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: Postgres and Redis answer; 503 while shutting down',
    tag: 'Operations',
    auth: 'none',
    success: [200, z.object({ status: z.string() })],
    errors: [503],
  },
];

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid JSON, or a missing, unknown or mistyped field (`details` names each)',
  401: 'Missing, unknown or revoked API key (admin routes: missing or wrong admin token)',
  403: 'Built-in profiles are read-only',
  404: 'Not found (also for another user’s resources; admin routes: also when ADMIN_TOKEN is unset)',
  409: 'Name already in use',
  412: 'If-Match does not match the current ETag',
  413: 'Body or text over the limit',
  415: 'Body is not application/json',
  428: 'If-Match is required',
  429: 'Rate limited; see Retry-After',
  500: 'Internal error',
  503: 'Not ready',
};

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** The OpenAPI 3.1 document of the API, generated from the same zod schemas the server validates with. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (route.query) {
      const shape = route.query.shape as Record<string, z.ZodType>;
      for (const [name, schema] of Object.entries(shape)) {
        parameters.push({
          name,
          in: 'query',
          required: !schema.safeParse(undefined).success,
          schema: jsonSchema(schema, 'input'),
        });
      }
    }
    if (route.headers?.ifMatch) {
      parameters.push({
        name: 'If-Match',
        in: 'header',
        required: route.headers.ifMatch === 'required',
        schema: { type: 'string' },
        description: 'The ETag from GET /api/profiles/{id}',
      });
    }
    const [status, schema] = route.success;
    const responses: Record<string, unknown> = {
      [status]: schema
        ? {
            description: 'Success',
            content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
          }
        : { description: 'Success' },
    };
    const common =
      route.auth === 'apiKey'
        ? [400, 401, 413, 415, 429, 500]
        : route.auth === 'admin'
          ? [400, 401, 413, 415, 500]
          : [];
    const errorStatuses = [...common, ...(route.errors ?? [])];
    for (const code of [...new Set(errorStatuses)].sort()) {
      responses[code] = {
        description: ERROR_TEXT[code] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: operationId(route),
      ...(route.auth === 'none'
        ? { security: [] }
        : route.auth === 'admin'
          ? { security: [{ adminToken: [] }] }
          : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parapet API',
      version,
      description: 'Guardrail validation for LLM applications. See docs/api.md.',
    },
    servers: [{ url: 'http://127.0.0.1:8080' }],
    security: [{ bearer: [] }, { apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <key>' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <ADMIN_TOKEN>' },
      },
      schemas: { Error: jsonSchema(errorEnvelopeSchema, 'output') },
    },
  };
}

function operationId(route: RouteSpec): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? `By${cap(part.slice(1))}` : cap(part.replace(/^\//, ''))));
  return route.method + words.join('');
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1).replace(/[^A-Za-z0-9]/g, '');
}
