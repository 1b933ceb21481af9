import { hashKey, parseKey } from '@parapet/keys';
import type { Context, Next } from 'koa';
import { TtlCache } from '../cache.ts';
import { ApiError } from '../http/errors.ts';
import type { RequestState } from '../http/middleware.ts';
import { bearerToken } from './bearer.ts';

export interface KeyRecord {
  id: string;
  userId: string;
  revokedAt: Date | null;
  perMinute: number | null;
  perDay: number | null;
}

export interface Caller {
  userId: string;
  apiKeyId: string;
  perMinute: number | null;
  perDay: number | null;
}

/**
 * Resolves API keys to callers with an in-process cache keyed by the key's hash (negative results
 * cached too, briefly), so the hot path does not touch Postgres. Revocations are pushed through
 * `invalidate`; the TTL bounds staleness when a notification is missed.
 */
export class KeyResolver {
  readonly #cache: TtlCache<Caller | null>;
  readonly #lookup: (hash: string) => Promise<KeyRecord | undefined>;
  readonly #pepper: string | undefined;
  readonly #negativeTtlMs: number;
  readonly #onUse: ((apiKeyId: string) => void) | undefined;

  constructor(options: {
    lookup: (hash: string) => Promise<KeyRecord | undefined>;
    pepper?: string;
    ttlMs: number;
    /** Told of every successful resolution, cached or not (to keep `last_used_at`). */
    onUse?: (apiKeyId: string) => void;
  }) {
    this.#lookup = options.lookup;
    this.#onUse = options.onUse;
    this.#pepper = options.pepper;
    this.#cache = new TtlCache(options.ttlMs, 100_000);
    this.#negativeTtlMs = Math.min(options.ttlMs, 5_000);
  }

  async resolve(key: string): Promise<Caller | null> {
    if (!parseKey(key)) return null;
    const hash = hashKey(key, this.#pepper);
    let caller = this.#cache.get(hash);
    if (caller === undefined) caller = await this.#load(hash);
    if (caller) this.#onUse?.(caller.apiKeyId);
    return caller;
  }

  async #load(hash: string): Promise<Caller | null> {
    const record = await this.#lookup(hash);
    const caller =
      record && !record.revokedAt
        ? { userId: record.userId, apiKeyId: record.id, perMinute: record.perMinute, perDay: record.perDay }
        : null;
    this.#cache.set(hash, caller, caller ? undefined : this.#negativeTtlMs);
    return caller;
  }

  /** Drops one key, by the hash carried in a revocation notification. */
  invalidate(hash: string): void {
    this.#cache.delete(hash);
  }

  invalidateAll(): void {
    this.#cache.clear();
  }
}

/** Reads `Authorization: Bearer <key>` or `x-api-key: <key>` and sets `ctx.state.auth`. */
export function authenticate(keys: KeyResolver) {
  return async (ctx: Context, next: Next) => {
    const key = bearerToken(ctx) ?? (ctx.get('x-api-key').trim() || undefined);
    if (!key)
      throw new ApiError(
        401,
        'unauthorized',
        'missing API key: send Authorization: Bearer <key> or x-api-key',
      );
    const caller = await keys.resolve(key);
    if (!caller) throw new ApiError(401, 'unauthorized', 'unknown or revoked API key');
    (ctx.state as RequestState & { caller: Caller }).caller = caller;
    (ctx.state as RequestState).auth = { userId: caller.userId, apiKeyId: caller.apiKeyId };
    await next();
  };
}
