import { randomBytes } from 'node:crypto';
import { type ApiKeyRecord, createApiKey, createDb, createUser, type Db, type UserRecord } from '@parapet/db';

/** A unique, readable name for a test resource. */
export function randomName(prefix = 'test'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
}

/** Pool on the test database (DATABASE_URL as set by the global setup). Destroy it in afterAll. */
export function createTestDb(): Db {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is not set: run through the integration project (global setup)');
  return createDb(url, { max: 4, applicationName: 'parapet-test' });
}

/** A fresh user with a random name and one API key (plaintext returned). */
export async function createTestUser(
  db: Db,
  options: { pepper?: string; perMinute?: number; perDay?: number } = {},
): Promise<{ user: UserRecord; key: string; apiKey: ApiKeyRecord }> {
  const user = await createUser(db, randomName('user'));
  const { key, record } = await createApiKey(db, user.id, {
    name: 'test',
    pepper: options.pepper ?? process.env['KEY_PEPPER'],
    perMinute: options.perMinute ?? null,
    perDay: options.perDay ?? null,
  });
  return { user, key, apiKey: record };
}

/**
 * Polls `fn` until it returns a value other than undefined/null/false without throwing, and returns
 * that value; throws (with the last error, if any) once the deadline passes. Never a fixed sleep.
 */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value !== undefined && value !== null && value !== false)
        return value as Exclude<T, undefined | null | false>;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new Error(
        `waitFor timed out after ${timeoutMs} ms`,
        lastError ? { cause: lastError } : undefined,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, remaining)));
  }
}
