/** A unique constraint was violated (duplicate user name, profile id or name, ambiguous key prefix). */
export class ConflictError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ConflictError';
  }
}

/** The addressed row does not exist (or belongs to another user, which callers must not distinguish). */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** An optimistic-concurrency check failed: the row changed since the caller read it. */
export class VersionMismatchError extends Error {
  readonly currentVersion: number;
  constructor(currentVersion: number) {
    super(`profile is at version ${currentVersion}`);
    this.name = 'VersionMismatchError';
    this.currentVersion = currentVersion;
  }
}

/** Postgres SQLSTATE 23505 (unique_violation), read from the driver's error code, never its message. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
