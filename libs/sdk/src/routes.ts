import { analyticsRoutes } from './resources/analytics.ts';
import { batchRoutes } from './resources/batches.ts';
import { guardrailRoutes } from './resources/guardrails.ts';
import { profileRoutes } from './resources/profiles.ts';
import { validateRoutes } from './resources/validate.ts';
import type { RouteDef } from './transport.ts';

/**
 * Every client method and the route it calls. The drift test (src/drift.test.ts) compares this with
 * the server's route table (`ROUTES` in libs/contracts) and calls every method to check it really
 * sends this method and path. A new resource adds its own table here.
 */
export const SDK_ROUTES = {
  ...validateRoutes,
  ...profileRoutes,
  ...guardrailRoutes,
  ...analyticsRoutes,
  ...batchRoutes,
} as const satisfies Record<string, RouteDef>;

export type SdkMethod = keyof typeof SDK_ROUTES;
