export { type BackoffOptions, backoffDelayMs, parseRetryAfter } from './backoff.ts';
export { type ClientOptions, ParapetClient, type ValidateOptions } from './client.ts';
export {
  AbortError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  ParapetError,
  PayloadTooLargeError,
  PermissionDeniedError,
  PreconditionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from './errors.ts';
export type { Analytics, DateQuery } from './resources/analytics.ts';
export type { Batches, WaitOptions } from './resources/batches.ts';
export type { Guardrails } from './resources/guardrails.ts';
export type { IfMatch, IfMatchOptions, Profiles, ProfileWithEtag } from './resources/profiles.ts';
export { SDK_ROUTES, type SdkMethod } from './routes.ts';
export type { HttpMethod, RequestOptions, RetryPolicy, RouteDef } from './transport.ts';
export type * from './types.ts';
export const SDK_VERSION = '0.1.0';
