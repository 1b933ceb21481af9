import type { RequestOptions, RouteDef, Transport } from '../transport.ts';
import type {
  Profile,
  ProfileCloneRequest,
  ProfileDefinition,
  ProfileList,
  ProfilePatch,
  ProfileSummary,
  ProfileVersion,
  ProfileVersionList,
} from '../types.ts';

export const profileRoutes = {
  'profiles.list': { method: 'GET', path: '/api/profiles', retry: 'idempotent' },
  'profiles.create': { method: 'POST', path: '/api/profiles', retry: 'unsafe' },
  'profiles.get': { method: 'GET', path: '/api/profiles/{id}', retry: 'idempotent' },
  'profiles.update': { method: 'PUT', path: '/api/profiles/{id}', retry: 'if-match' },
  'profiles.patch': { method: 'PATCH', path: '/api/profiles/{id}', retry: 'if-match' },
  'profiles.delete': { method: 'DELETE', path: '/api/profiles/{id}', retry: 'idempotent' },
  'profiles.clone': { method: 'POST', path: '/api/profiles/{id}/clone', retry: 'unsafe' },
  'profiles.versions': { method: 'GET', path: '/api/profiles/{id}/versions', retry: 'idempotent' },
  'profiles.version': { method: 'GET', path: '/api/profiles/{id}/versions/{version}', retry: 'idempotent' },
  'profiles.rollback': { method: 'POST', path: '/api/profiles/{id}/rollback', retry: 'if-match' },
} as const satisfies Record<string, RouteDef>;

/** A profile with the ETag the server sent with it: pass it (or the profile) as `ifMatch`. */
export type ProfileWithEtag = Profile & { etag: string };

/**
 * What If-Match is built from: the `etag` of a profile you read (`"3"`), its version number (3), or
 * the profile itself (its `etag`, else its `version`). `"*"` matches any version (no concurrency check).
 */
export type IfMatch = string | number | { etag?: string; version?: number };

export interface IfMatchOptions extends RequestOptions {
  ifMatch: IfMatch;
}

/** Profiles: versioned policy objects (built-ins are read-only; clone them to change them). */
export class Profiles {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Every profile of the caller, the six built-ins first. */
  async list(options?: RequestOptions): Promise<ProfileSummary[]> {
    const res = await this.#t.request<ProfileList>(profileRoutes['profiles.list'], {}, options);
    return res.data.profiles;
  }

  /** Creates a profile (201). Not retried unless the server certainly did not apply it. */
  async create(definition: ProfileDefinition, options?: RequestOptions): Promise<ProfileWithEtag> {
    return withEtag(
      await this.#t.request<Profile>(profileRoutes['profiles.create'], { body: definition }, options),
    );
  }

  /** One profile with its guardrail lists and `etag`. */
  async get(id: string, options?: RequestOptions): Promise<ProfileWithEtag> {
    return withEtag(
      await this.#t.request<Profile>(profileRoutes['profiles.get'], { params: { id } }, options),
    );
  }

  /** Replaces the definition, creating a new version. `ifMatch` is required (412 when stale). */
  async update(id: string, definition: ProfileDefinition, options: IfMatchOptions): Promise<ProfileWithEtag> {
    return withEtag(
      await this.#t.request<Profile>(
        profileRoutes['profiles.update'],
        { params: { id }, body: definition, headers: ifMatchHeader(options?.ifMatch) },
        options,
      ),
    );
  }

  /** Changes some fields, creating a new version. `ifMatch` is required (412 when stale). */
  async patch(id: string, patch: ProfilePatch, options: IfMatchOptions): Promise<ProfileWithEtag> {
    return withEtag(
      await this.#t.request<Profile>(
        profileRoutes['profiles.patch'],
        { params: { id }, body: patch, headers: ifMatchHeader(options?.ifMatch) },
        options,
      ),
    );
  }

  /** Deletes a custom profile (204). */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.#t.request<undefined>(profileRoutes['profiles.delete'], { params: { id } }, options);
  }

  /** Copies any visible profile (built-ins too) into a new custom profile; default name "<name> (copy)". */
  async clone(
    id: string,
    changes: ProfileCloneRequest = {},
    options?: RequestOptions,
  ): Promise<ProfileWithEtag> {
    return withEtag(
      await this.#t.request<Profile>(
        profileRoutes['profiles.clone'],
        { params: { id }, body: changes },
        options,
      ),
    );
  }

  /** The versions of a profile, newest first, and the current one. */
  async versions(id: string, options?: RequestOptions): Promise<ProfileVersionList> {
    return (
      await this.#t.request<ProfileVersionList>(
        profileRoutes['profiles.versions'],
        { params: { id } },
        options,
      )
    ).data;
  }

  /** One version's full definition. */
  async version(id: string, version: number, options?: RequestOptions): Promise<ProfileVersion> {
    return (
      await this.#t.request<ProfileVersion>(
        profileRoutes['profiles.version'],
        { params: { id, version } },
        options,
      )
    ).data;
  }

  /** Makes a new version equal to `version`. `ifMatch` is optional; with it the call is retry-safe. */
  async rollback(
    id: string,
    version: number,
    options?: RequestOptions & { ifMatch?: IfMatch },
  ): Promise<ProfileWithEtag> {
    return withEtag(
      await this.#t.request<Profile>(
        profileRoutes['profiles.rollback'],
        {
          params: { id },
          body: { version },
          ...(options?.ifMatch !== undefined ? { headers: ifMatchHeader(options.ifMatch) } : {}),
        },
        options,
      ),
    );
  }
}

/** The If-Match header for an ETag, a version number or a profile. */
export function ifMatchHeader(ifMatch: IfMatch | undefined): Record<string, string> {
  if (ifMatch === undefined || ifMatch === null) return {};
  if (typeof ifMatch === 'number') return { 'if-match': `"${ifMatch}"` };
  if (typeof ifMatch === 'string') {
    const v = ifMatch.trim();
    return { 'if-match': /^\d+$/.test(v) ? `"${v}"` : v };
  }
  if (ifMatch.etag) return ifMatchHeader(ifMatch.etag);
  if (ifMatch.version !== undefined) return ifMatchHeader(ifMatch.version);
  return {};
}

function withEtag(res: { data: Profile; headers: Headers }): ProfileWithEtag {
  return { ...res.data, etag: res.headers.get('etag') ?? `"${res.data.version}"` };
}
