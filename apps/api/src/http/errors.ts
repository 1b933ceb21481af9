import type { ErrorCode } from '@parapet/contracts';

export interface FieldIssue {
  path: string;
  message: string;
}

/** An error that maps to a response: status, stable code, a message safe to show, field details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: FieldIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    details?: FieldIssue[],
    headers?: Record<string, string>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);

/** Turns zod issues into `path` strings like `inputGuardrails[2].config.severity`. */
export function zodIssues(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string; code?: string; keys?: string[] }>,
): FieldIssue[] {
  return issues.flatMap((i) => {
    const base = formatPath(i.path);
    if (i.code === 'unrecognized_keys' && i.keys) {
      return i.keys.map((k) => ({ path: base ? `${base}.${k}` : k, message: 'unknown field' }));
    }
    return [{ path: base || '(body)', message: i.message }];
  });
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out;
}
