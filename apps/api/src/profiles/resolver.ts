import {
  BUILTIN_PROFILES,
  type BuiltInProfile,
  type CompiledProfile,
  compileProfile,
  type EngineServices,
  type ProfileGuardrails,
  type Registry,
} from '@parapet/engine';
import { TtlCache } from '../cache.ts';

export interface StoredProfile {
  id: string;
  name: string;
  description: string;
  isBuiltIn: boolean;
  version: number;
  definition: ProfileGuardrails & { name: string; description: string };
  createdAt: Date;
  updatedAt: Date;
}

export interface ProfileLookup {
  findByIdOrName(userId: string, idOrName: string): Promise<StoredProfile | undefined>;
}

export interface ResolvedProfile {
  id: string;
  name: string;
  version: number;
  compiled: CompiledProfile;
}

/** The version a user's stored copy of a built-in has when provisioning has not run yet. */
export const UNPROVISIONED_BUILTIN_VERSION = 1;

export function findBuiltIn(idOrName: string): BuiltInProfile | undefined {
  const lower = idOrName.toLowerCase();
  return BUILTIN_PROFILES.find((p) => p.id === idOrName || p.name.toLowerCase() === lower);
}

/** The stored form of an in-code built-in, for users whose provisioning job has not run yet. */
export function builtInAsStored(builtIn: BuiltInProfile, now = new Date(0)): StoredProfile {
  const { id, name, description, inputGuardrails, outputGuardrails, toolGuardrails } = builtIn;
  return {
    id,
    name,
    description,
    isBuiltIn: true,
    version: UNPROVISIONED_BUILTIN_VERSION,
    definition: { name, description, inputGuardrails, outputGuardrails, toolGuardrails },
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Resolves `profileName` of a validate call to a compiled profile. Lookups and compiled profiles
 * are cached per user; `invalidateUser` is called when that user's profiles change.
 */
export class ProfileResolver {
  readonly #names: TtlCache<ResolvedProfile | null>;
  readonly #compiled: TtlCache<CompiledProfile>;
  readonly #lookup: ProfileLookup;
  readonly #registry: Registry;
  readonly #services: EngineServices;

  constructor(options: {
    lookup: ProfileLookup;
    registry: Registry;
    services: EngineServices;
    ttlMs: number;
  }) {
    this.#lookup = options.lookup;
    this.#registry = options.registry;
    this.#services = options.services;
    this.#names = new TtlCache(options.ttlMs, 50_000);
    this.#compiled = new TtlCache(options.ttlMs, 10_000);
  }

  async resolve(userId: string, profileName: string): Promise<ResolvedProfile | null> {
    const cacheKey = `${userId}\u0000${profileName.toLowerCase()}`;
    const cached = this.#names.get(cacheKey);
    if (cached !== undefined) return cached;

    const stored = (await this.#lookup.findByIdOrName(userId, profileName)) ?? builtInFallback(profileName);
    const resolved = stored
      ? { id: stored.id, name: stored.name, version: stored.version, compiled: this.#compile(userId, stored) }
      : null;
    this.#names.set(cacheKey, resolved, resolved ? undefined : 1_000);
    return resolved;
  }

  invalidateUser(userId: string): void {
    this.#names.deletePrefix(`${userId}\u0000`);
    this.#compiled.deletePrefix(`${userId}\u0000`);
  }

  invalidateAll(): void {
    this.#names.clear();
    this.#compiled.clear();
  }

  #compile(userId: string, stored: StoredProfile): CompiledProfile {
    const key = `${userId}\u0000${stored.id}\u0000${stored.version}`;
    const hit = this.#compiled.get(key);
    if (hit) return hit;
    const result = compileProfile(stored.definition, this.#registry, this.#services);
    if (!result.ok) {
      // Profiles are validated when saved; this means a stored profile names a guardrail this
      // release no longer accepts.
      throw new Error(
        `stored profile ${stored.id}@${stored.version} no longer compiles: ${JSON.stringify(result.issues)}`,
      );
    }
    this.#compiled.set(key, result.profile);
    return result.profile;
  }
}

function builtInFallback(profileName: string): StoredProfile | undefined {
  const builtIn = findBuiltIn(profileName);
  return builtIn ? builtInAsStored(builtIn) : undefined;
}
