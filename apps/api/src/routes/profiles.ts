import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { type Profile, type ProfileDefinition, profileDefinitionSchema } from '@parapet/contracts';
import { BUILTIN_PROFILES, type Registry, validateProfile } from '@parapet/engine';
import type { Caller } from '../auth/keys.ts';
import { ApiError } from '../http/errors.ts';
import { parseBody } from '../http/middleware.ts';
import {
  builtInAsStored,
  findBuiltIn,
  type ProfileResolver,
  type StoredProfile,
} from '../profiles/resolver.ts';

export interface ProfileStore {
  list(userId: string): Promise<StoredProfile[]>;
  count(userId: string): Promise<number>;
  /** Throws ConflictError when the name is taken (case-insensitive). */
  create(userId: string, profile: { id: string; definition: ProfileDefinition }): Promise<StoredProfile>;
  isConflict(err: unknown): boolean;
}

export interface ProfileRouteDeps {
  store: ProfileStore;
  resolver: ProfileResolver;
  registry: Registry;
  maxGuardrailsPerProfile: number;
  maxProfilesPerUser: number;
  /** Tells every API process that this user's profiles changed. */
  publishChange(userId: string): void;
}

export function profileRoutes(deps: ProfileRouteDeps): Router {
  const router = new Router();

  router.get('/api/profiles', async (ctx) => {
    const { userId } = (ctx.state as { caller: Caller }).caller;
    const stored = await deps.store.list(userId);
    // Built-ins whose provisioning job has not run yet are listed from code, so the list is
    // complete from a user's first call.
    const missing = BUILTIN_PROFILES.filter((b) => !stored.some((p) => p.isBuiltIn && p.id === b.id)).map(
      (b) => builtInAsStored(b),
    );
    const all = [...missing, ...stored].sort((a, b) => Number(b.isBuiltIn) - Number(a.isBuiltIn));
    ctx.body = {
      profiles: all.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        isBuiltIn: p.isBuiltIn,
        version: p.version,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
      })),
    };
  });

  router.post('/api/profiles', async (ctx) => {
    const { userId } = (ctx.state as { caller: Caller }).caller;
    const definition = parseBody(profileDefinitionSchema, ctx.request.body);
    const checked = validateProfile(definition, deps.registry, {
      maxGuardrails: deps.maxGuardrailsPerProfile,
    });
    if (!checked.ok) throw new ApiError(400, 'validation_failed', 'profile is invalid', checked.issues);
    if (findBuiltIn(definition.name)) {
      throw new ApiError(
        409,
        'conflict',
        `"${definition.name}" is the name of a built-in profile; choose another name`,
      );
    }
    if ((await deps.store.count(userId)) >= deps.maxProfilesPerUser) {
      throw new ApiError(
        409,
        'conflict',
        `a user can have at most ${deps.maxProfilesPerUser} custom profiles`,
      );
    }
    let created: StoredProfile;
    try {
      created = await deps.store.create(userId, { id: randomUUID(), definition });
    } catch (err) {
      if (deps.store.isConflict(err))
        throw new ApiError(409, 'conflict', `a profile named "${definition.name}" already exists`);
      throw err;
    }
    deps.resolver.invalidateUser(userId);
    deps.publishChange(userId);
    ctx.status = 201;
    ctx.set('location', `/api/profiles/${encodeURIComponent(created.id)}`);
    ctx.body = toProfile(created);
  });

  return router;
}

export function toProfile(p: StoredProfile): Profile {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    isBuiltIn: p.isBuiltIn,
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    inputGuardrails: p.definition.inputGuardrails,
    outputGuardrails: p.definition.outputGuardrails,
    toolGuardrails: p.definition.toolGuardrails,
  };
}
