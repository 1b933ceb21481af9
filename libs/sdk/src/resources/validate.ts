import type { RouteDef } from '../transport.ts';

export const validateRoutes = {
  // Safe to retry: a validation changes nothing but its analytics record, which is keyed by the
  // request id the client repeats on every attempt (the analytics store keeps one per id).
  validate: { method: 'POST', path: '/api/validate', retry: 'idempotent' },
} as const satisfies Record<string, RouteDef>;
