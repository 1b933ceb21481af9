/**
 * A bounded in-process cache with a TTL per entry. The TTL bounds how stale an entry can be on a
 * replica that missed an invalidation; explicit invalidation keeps it fresh in the common case.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs = this.#ttlMs): void {
    if (this.#entries.size >= this.#maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, expiresAt: Date.now() + ttlMs });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose key starts with `prefix` (e.g. all of one user's profiles). */
  deletePrefix(prefix: string): void {
    for (const key of this.#entries.keys()) if (key.startsWith(prefix)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
