import { type Db, findProfileByIdOrName, getProfileVersion, type ProfileRecord } from '@parapet/db';
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

export type StoredProfile = Omit<ProfileRecord, 'userId'>;

export interface ResolvedProfile {
  id: string;
  name: string;
  version: number;
  compiled: CompiledProfile;
}

/** The version a user's copy of a built-in has before the provisioning job stored it. */
export const UNPROVISIONED_BUILTIN_VERSION = 1;

export function findBuiltIn(idOrName: string): BuiltInProfile | undefined {
  const lower = idOrName.toLowerCase();
  return BUILTIN_PROFILES.find((p) => p.id === idOrName || p.name.toLowerCase() === lower);
}

/** The stored form of an in-code built-in, for users whose provisioning job has not run yet. */
export function builtInAsStored(builtIn: BuiltInProfile): StoredProfile {
  const { id, name, description, inputGuardrails, outputGuardrails, toolGuardrails } = builtIn;
  const entries = (list: ProfileGuardrails['inputGuardrails']) =>
    list.map((e) => ({ name: e.name, config: e.config ?? {} }));
  return {
    id,
    name,
    description,
    isBuiltIn: true,
    version: UNPROVISIONED_BUILTIN_VERSION,
    definition: {
      name,
      description,
      inputGuardrails: entries(inputGuardrails),
      outputGuardrails: entries(outputGuardrails),
      toolGuardrails: entries(toolGuardrails),
    },
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

/** A user's profile by id or name, falling back to the in-code built-in when it is not stored yet. */
export async function findProfile(
  db: Db,
  userId: string,
  idOrName: string,
): Promise<StoredProfile | undefined> {
  const stored = await findProfileByIdOrName(db, userId, idOrName);
  if (stored) return stored;
  const builtIn = findBuiltIn(idOrName);
  return builtIn ? builtInAsStored(builtIn) : undefined;
}

/** `name@3` → { ref: 'name', version: 3 }; a plain name → { ref: name }. */
export function parseProfileRef(profileName: string): { ref: string; version?: number } {
  const m = /^(.+)@([1-9]\d{0,8})$/.exec(profileName);
  return m ? { ref: m[1]!, version: Number(m[2]) } : { ref: profileName };
}

/**
 * Resolves `profileName` of a validate call (`name`, `id`, `name@N`, `id@N`) to a compiled profile.
 * Lookups and compiled profiles are cached per user; `invalidateUser` runs when that user's
 * profiles change, here or (through a notification) in another API process.
 */
export class ProfileResolver {
  readonly #names: TtlCache<ResolvedProfile | null>;
  readonly #compiled: TtlCache<CompiledProfile>;
  readonly #db: Db;
  readonly #registry: Registry;
  readonly #services: EngineServices;

  constructor(options: { db: Db; registry: Registry; services: EngineServices; ttlMs: number }) {
    this.#db = options.db;
    this.#registry = options.registry;
    this.#services = options.services;
    this.#names = new TtlCache(options.ttlMs, 50_000);
    this.#compiled = new TtlCache(options.ttlMs, 10_000);
  }

  async resolve(userId: string, profileName: string): Promise<ResolvedProfile | null> {
    const cacheKey = `${userId}\u0000${profileName.toLowerCase()}`;
    const cached = this.#names.get(cacheKey);
    if (cached !== undefined) return cached;

    const resolved = await this.#load(userId, profileName);
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

  async #load(userId: string, profileName: string): Promise<ResolvedProfile | null> {
    // A profile may itself be named like a pin ("beta@2"): an exact match wins.
    const exact = await findProfile(this.#db, userId, profileName);
    if (exact) return this.#current(userId, exact);
    const { ref, version } = parseProfileRef(profileName);
    if (version === undefined) return null;
    const profile = await findProfile(this.#db, userId, ref);
    if (!profile) return null;
    if (version === profile.version) return this.#current(userId, profile);
    const pinned = await getProfileVersion(this.#db, userId, profile.id, version);
    if (!pinned) return null;
    return {
      id: profile.id,
      name: pinned.definition.name,
      version,
      compiled: this.#compile(userId, profile.id, version, pinned.definition),
    };
  }

  #current(userId: string, profile: StoredProfile): ResolvedProfile {
    return {
      id: profile.id,
      name: profile.name,
      version: profile.version,
      compiled: this.#compile(userId, profile.id, profile.version, profile.definition),
    };
  }

  #compile(
    userId: string,
    profileId: string,
    version: number,
    definition: ProfileGuardrails,
  ): CompiledProfile {
    const key = `${userId}\u0000${profileId}\u0000${version}`;
    const hit = this.#compiled.get(key);
    if (hit) return hit;
    const result = compileProfile(definition, this.#registry, this.#services);
    if (!result.ok) {
      // Profiles are validated when saved; this means a stored profile names a guardrail or config
      // that this release no longer accepts.
      throw new Error(
        `stored profile ${profileId}@${version} no longer compiles: ${JSON.stringify(result.issues)}`,
      );
    }
    this.#compiled.set(key, result.profile);
    return result.profile;
  }
}
