import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import {
  type Profile,
  type ProfileDefinition,
  type ProfileSummary,
  profileCloneSchema,
  profileDefinitionSchema,
  profilePatchSchema,
  profileRollbackSchema,
} from '@parapet/contracts';
import {
  ConflictError,
  countProfiles,
  createProfile,
  type Db,
  deleteProfile,
  getProfile,
  getProfileVersion,
  listProfiles,
  listProfileVersions,
  NotFoundError,
  type ProfileRecord,
  updateProfile,
  VersionMismatchError,
} from '@parapet/db';
import { BUILTIN_PROFILES, type Registry, validateProfile } from '@parapet/engine';
import type { Context } from 'koa';
import type { Caller } from '../auth/keys.ts';
import { ApiError } from '../http/errors.ts';
import { parseBody } from '../http/middleware.ts';
import {
  builtInAsStored,
  findBuiltIn,
  type ProfileResolver,
  type StoredProfile,
} from '../profiles/resolver.ts';

export interface ProfileRouteDeps {
  db: Db;
  resolver: ProfileResolver;
  registry: Registry;
  maxGuardrailsPerProfile: number;
  maxProfilesPerUser: number;
}

const userOf = (ctx: Context) => (ctx.state as { caller: Caller }).caller.userId;

export function profileRoutes(deps: ProfileRouteDeps): Router {
  const router = new Router();
  const { db } = deps;

  /** A live profile of the caller by id; in-code built-ins stand in until provisioned. */
  const load = async (userId: string, id: string): Promise<StoredProfile> => {
    const stored = await getProfile(db, userId, id);
    if (stored) return stored;
    const builtIn = BUILTIN_PROFILES.find((b) => b.id === id);
    if (builtIn) return builtInAsStored(builtIn);
    throw new ApiError(404, 'not_found', `profile "${id}" not found`);
  };

  const check = (definition: ProfileDefinition) => {
    const checked = validateProfile(definition, deps.registry, {
      maxGuardrails: deps.maxGuardrailsPerProfile,
    });
    if (!checked.ok) throw new ApiError(400, 'validation_failed', 'profile is invalid', checked.issues);
  };

  const readOnly = (p: StoredProfile) => {
    if (p.isBuiltIn) {
      throw new ApiError(
        403,
        'forbidden',
        `built-in profile "${p.id}" is read-only; clone it (POST /api/profiles/${p.id}/clone) and change the clone`,
      );
    }
  };

  // The repository notifies every API process of the change; this one drops its cache at once so
  // that its next request sees the change even before the notification comes back.
  const changed = (userId: string) => deps.resolver.invalidateUser(userId);

  const create = async (userId: string, definition: ProfileDefinition): Promise<ProfileRecord> => {
    if (findBuiltIn(definition.name)) {
      throw new ApiError(
        409,
        'conflict',
        `"${definition.name}" is the name of a built-in profile; choose another name`,
      );
    }
    if ((await countProfiles(db, userId)) >= deps.maxProfilesPerUser) {
      throw new ApiError(409, 'conflict', `a user can have at most ${deps.maxProfilesPerUser} profiles`);
    }
    try {
      return await createProfile(db, userId, {
        id: randomUUID(),
        name: definition.name,
        description: definition.description,
        isBuiltIn: false,
        definition: storedDefinition(definition),
      });
    } catch (err) {
      if (err instanceof ConflictError)
        throw new ApiError(409, 'conflict', `a profile named "${definition.name}" already exists`);
      throw err;
    }
  };

  /** Writes a new version; If-Match is required (428 without, 412 when stale). */
  const update = async (ctx: Context, id: string, next: (current: StoredProfile) => ProfileDefinition) => {
    const userId = userOf(ctx);
    const current = await load(userId, id);
    readOnly(current);
    const expectedVersion = ifMatchVersion(ctx, true);
    const definition = next(current);
    check(definition);
    if (definition.name.toLowerCase() !== current.name.toLowerCase() && findBuiltIn(definition.name)) {
      throw new ApiError(
        409,
        'conflict',
        `"${definition.name}" is the name of a built-in profile; choose another name`,
      );
    }
    try {
      const updated = await updateProfile(db, userId, id, {
        name: definition.name,
        description: definition.description,
        definition: storedDefinition(definition),
        ...(expectedVersion !== undefined ? { expectedVersion } : {}),
      });
      changed(userId);
      respondWithProfile(ctx, updated);
    } catch (err) {
      throw mapWriteError(err, definition.name);
    }
  };

  router.get('/api/profiles', async (ctx) => {
    const userId = userOf(ctx);
    const stored = await listProfiles(db, userId);
    // Built-ins whose provisioning job has not run yet are listed from code, so the list is
    // complete from a user's first call.
    const missing = BUILTIN_PROFILES.filter((b) => !stored.some((p) => p.isBuiltIn && p.id === b.id)).map(
      builtInAsStored,
    );
    const all = [...missing, ...stored].sort((a, b) => Number(b.isBuiltIn) - Number(a.isBuiltIn));
    ctx.body = { profiles: all.map(toProfileSummary) };
  });

  router.post('/api/profiles', async (ctx) => {
    const userId = userOf(ctx);
    const definition = parseBody(profileDefinitionSchema, ctx.request.body);
    check(definition);
    const created = await create(userId, definition);
    changed(userId);
    ctx.status = 201;
    ctx.set('location', `/api/profiles/${encodeURIComponent(created.id)}`);
    respondWithProfile(ctx, created);
  });

  router.get('/api/profiles/:id', async (ctx) => {
    respondWithProfile(ctx, await load(userOf(ctx), ctx.params.id!));
  });

  router.put('/api/profiles/:id', async (ctx) => {
    const definition = parseBody(profileDefinitionSchema, ctx.request.body);
    await update(ctx, ctx.params.id!, () => definition);
  });

  router.patch('/api/profiles/:id', async (ctx) => {
    const patch = parseBody(profilePatchSchema, ctx.request.body);
    await update(ctx, ctx.params.id!, (current) => ({ ...definitionOf(current), ...patch }));
  });

  router.delete('/api/profiles/:id', async (ctx) => {
    const userId = userOf(ctx);
    const current = await load(userId, ctx.params.id!);
    readOnly(current);
    try {
      await deleteProfile(db, userId, current.id);
    } catch (err) {
      throw mapWriteError(err, current.name);
    }
    changed(userId);
    ctx.status = 204;
  });

  router.post('/api/profiles/:id/clone', async (ctx) => {
    const userId = userOf(ctx);
    const body = parseBody(profileCloneSchema, ctx.request.body ?? {});
    const source = await load(userId, ctx.params.id!);
    const base = { ...definitionOf(source), description: body.description ?? source.description };
    let created: ProfileRecord | undefined;
    if (body.name) {
      created = await create(userId, { ...base, name: body.name });
    } else {
      // "<name> (copy)", then "(copy 2)"… — a bounded number of tries for a free name.
      for (let n = 1; n <= 20 && !created; n++) {
        const name = `${source.name} (copy${n > 1 ? ` ${n}` : ''})`.slice(0, 100);
        try {
          created = await create(userId, { ...base, name });
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 409)) throw err;
        }
      }
      if (!created) throw new ApiError(409, 'conflict', 'no free name for the copy; pass "name"');
    }
    changed(userId);
    ctx.status = 201;
    ctx.set('location', `/api/profiles/${encodeURIComponent(created.id)}`);
    respondWithProfile(ctx, created);
  });

  router.get('/api/profiles/:id/versions', async (ctx) => {
    const userId = userOf(ctx);
    const profile = await load(userId, ctx.params.id!);
    const versions = (await listProfileVersions(db, userId, profile.id)) ?? [
      {
        profileId: profile.id,
        version: profile.version,
        definition: profile.definition,
        createdAt: profile.createdAt,
      },
    ];
    ctx.body = {
      profileId: profile.id,
      currentVersion: profile.version,
      versions: versions.map((v) => ({
        version: v.version,
        name: v.definition.name,
        description: v.definition.description,
        createdAt: v.createdAt.toISOString(),
      })),
    };
  });

  router.get('/api/profiles/:id/versions/:version', async (ctx) => {
    const userId = userOf(ctx);
    const profile = await load(userId, ctx.params.id!);
    const version = versionParam(ctx.params.version!);
    const found =
      version === profile.version
        ? { definition: profile.definition, createdAt: profile.updatedAt }
        : await getProfileVersion(db, userId, profile.id, version);
    if (!found) throw new ApiError(404, 'not_found', `profile "${profile.id}" has no version ${version}`);
    ctx.body = {
      profileId: profile.id,
      version,
      isBuiltIn: profile.isBuiltIn,
      createdAt: found.createdAt.toISOString(),
      ...found.definition,
    };
  });

  router.post('/api/profiles/:id/rollback', async (ctx) => {
    const userId = userOf(ctx);
    const { version } = parseBody(profileRollbackSchema, ctx.request.body);
    const current = await load(userId, ctx.params.id!);
    readOnly(current);
    const target = await getProfileVersion(db, userId, current.id, version);
    if (!target) throw new ApiError(404, 'not_found', `profile "${current.id}" has no version ${version}`);
    const expectedVersion = ifMatchVersion(ctx, false);
    try {
      const updated = await updateProfile(db, userId, current.id, {
        name: target.definition.name,
        description: target.definition.description,
        definition: target.definition,
        ...(expectedVersion !== undefined ? { expectedVersion } : {}),
      });
      changed(userId);
      respondWithProfile(ctx, updated);
    } catch (err) {
      throw mapWriteError(err, target.definition.name);
    }
  });

  return router;
}

export const etagOf = (version: number) => `"${version}"`;

function respondWithProfile(ctx: Context, p: StoredProfile): void {
  ctx.set('etag', etagOf(p.version));
  ctx.body = toProfile(p);
}

/** A profile as GET /api/profiles lists it (seed 2.1 plus version and timestamps). */
function toProfileSummary(p: StoredProfile): ProfileSummary {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    isBuiltIn: p.isBuiltIn,
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toProfile(p: StoredProfile): Profile {
  return {
    ...toProfileSummary(p),
    inputGuardrails: p.definition.inputGuardrails,
    outputGuardrails: p.definition.outputGuardrails,
    toolGuardrails: p.definition.toolGuardrails,
  };
}

function definitionOf(p: StoredProfile): ProfileDefinition {
  const { name, description, inputGuardrails, outputGuardrails, toolGuardrails } = p.definition;
  return { name, description, inputGuardrails, outputGuardrails, toolGuardrails };
}

/** Entries are stored with an explicit (possibly empty) config. */
function storedDefinition(definition: ProfileDefinition): ProfileRecord['definition'] {
  const entries = (list: ProfileDefinition['inputGuardrails']) =>
    list.map((e) => ({ name: e.name, config: e.config ?? {} }));
  return {
    name: definition.name,
    description: definition.description,
    inputGuardrails: entries(definition.inputGuardrails),
    outputGuardrails: entries(definition.outputGuardrails),
    toolGuardrails: entries(definition.toolGuardrails),
  };
}

/** The version an If-Match header names; `*` matches any. 428 when required and absent. */
function ifMatchVersion(ctx: Context, required: boolean): number | undefined {
  const header = ctx.get('if-match').trim();
  if (!header) {
    if (required)
      throw new ApiError(
        428,
        'precondition_required',
        'send If-Match with the ETag from GET /api/profiles/:id',
      );
    return undefined;
  }
  if (header === '*') return undefined;
  const m = /^(?:W\/)?"([1-9]\d{0,8})"$/.exec(header);
  if (!m) throw new ApiError(412, 'precondition_failed', 'If-Match does not match the current ETag');
  return Number(m[1]);
}

function versionParam(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new ApiError(404, 'not_found', `no version ${raw}`);
  return Number(raw);
}

function mapWriteError(err: unknown, name: string): unknown {
  if (err instanceof VersionMismatchError) {
    return new ApiError(
      412,
      'precondition_failed',
      `the profile changed: it is now at version ${err.currentVersion}`,
      undefined,
      {
        etag: etagOf(err.currentVersion),
      },
    );
  }
  if (err instanceof ConflictError)
    return new ApiError(409, 'conflict', `a profile named "${name}" already exists`);
  if (err instanceof NotFoundError) return new ApiError(404, 'not_found', 'profile not found');
  return err;
}
