import type { ErrorDetail } from './types.ts';

export interface ParapetErrorInit {
  status?: number | undefined;
  code: string;
  requestId?: string | undefined;
  details?: ErrorDetail[] | undefined;
  headers?: Headers | undefined;
  cause?: unknown;
}

/**
 * Every error the client throws. HTTP errors carry the server's envelope: `status`, `code` (e.g.
 * `validation_failed`, `conflict`), `requestId` (quote it when reporting a problem) and, for invalid
 * bodies, `details` naming each field. Errors without a response (network, timeout, abort) have no
 * `status`.
 */
export class ParapetError extends Error {
  override name = 'ParapetError';
  readonly status: number | undefined;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly details: ErrorDetail[] | undefined;
  /** The response headers, when there was a response. */
  readonly headers: Headers | undefined;

  constructor(message: string, init: ParapetErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
    this.headers = init.headers;
  }
}

/** 400: invalid JSON, or a missing, unknown or mistyped field (`details` names each). */
export class ValidationError extends ParapetError {
  override name = 'ValidationError';
}
/** 401: missing, unknown or revoked API key. */
export class AuthenticationError extends ParapetError {
  override name = 'AuthenticationError';
}
/** 403: the operation is not allowed on this resource (built-in profiles are read-only). */
export class PermissionDeniedError extends ParapetError {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource (or it belongs to another user), or no such profile for a validation. */
export class NotFoundError extends ParapetError {
  override name = 'NotFoundError';
}
/** 409: a profile name already in use, or a built-in's name. */
export class ConflictError extends ParapetError {
  override name = 'ConflictError';
}
/**
 * 412 (`precondition_failed`: the If-Match no longer matches — someone else changed the profile) or
 * 428 (`precondition_required`: If-Match missing). On 412 `currentEtag` is the profile's ETag now.
 */
export class PreconditionError extends ParapetError {
  override name = 'PreconditionError';
  get currentEtag(): string | undefined {
    return this.headers?.get('etag') ?? undefined;
  }
}
/** 413: the body is over the server's byte limit or `text` over its character limit. */
export class PayloadTooLargeError extends ParapetError {
  override name = 'PayloadTooLargeError';
}
/** 429: rate limited. `retryAfter` is the server's `Retry-After` in seconds, when it sent one. */
export class RateLimitError extends ParapetError {
  override name = 'RateLimitError';
  readonly retryAfter: number | undefined;
  constructor(message: string, init: ParapetErrorInit & { retryAfter?: number | undefined }) {
    super(message, init);
    this.retryAfter = init.retryAfter;
  }
}
/** 5xx: the server or a proxy in front of it failed. */
export class ServerError extends ParapetError {
  override name = 'ServerError';
}
/** No response: the connection failed (refused, reset, DNS…). `cause` holds the platform's error. */
export class ConnectionError extends ParapetError {
  override name = 'ConnectionError';
}
/** No response within the timeout (per client or per call); covers all attempts of the call. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}
/** The caller's AbortSignal fired. `cause` is the signal's reason. */
export class AbortError extends ParapetError {
  override name = 'AbortError';
}

const BY_STATUS: Record<number, typeof ParapetError> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  412: PreconditionError,
  428: PreconditionError,
  413: PayloadTooLargeError,
};

/** The typed error for a non-2xx response and its (possibly non-JSON) body text. */
export function errorFromResponse(
  status: number,
  headers: Headers,
  bodyText: string,
  retryAfter: number | undefined,
): ParapetError {
  let envelope: { error?: { code?: unknown; message?: unknown; details?: unknown }; requestId?: unknown } =
    {};
  try {
    const parsed: unknown = bodyText ? JSON.parse(bodyText) : {};
    if (parsed && typeof parsed === 'object') envelope = parsed as typeof envelope;
  } catch {
    // not JSON (a proxy's HTML page, say): keep the status
  }
  const code = typeof envelope.error?.code === 'string' ? envelope.error.code : `http_${status}`;
  const message =
    typeof envelope.error?.message === 'string' ? envelope.error.message : `HTTP ${status} from the server`;
  const init: ParapetErrorInit = {
    status,
    code,
    requestId:
      typeof envelope.requestId === 'string'
        ? envelope.requestId
        : (headers.get('x-request-id') ?? undefined),
    details: Array.isArray(envelope.error?.details) ? (envelope.error.details as ErrorDetail[]) : undefined,
    headers,
  };
  if (status === 429) return new RateLimitError(message, { ...init, retryAfter });
  if (status >= 500) return new ServerError(message, init);
  const Class = BY_STATUS[status] ?? ParapetError;
  return new Class(message, init);
}
