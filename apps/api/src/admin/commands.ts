import { parseArgs } from 'node:util';
import type { Config } from '@parapet/config';
import {
  type ApiKeyRecord,
  ConflictError,
  createApiKey,
  createUser,
  type Db,
  findUserByName,
  listApiKeys,
  listUsers,
  NotFoundError,
  revokeApiKeyByPrefix,
} from '@parapet/db';

export const USAGE = `Usage: npm run --silent admin -- <command>

  users create <name>                 create a user and provision its built-in profiles
  users list                          list users
  keys create --user <name> [--name <label>] [--per-minute <n>] [--per-day <n>]
                                      create an API key; prints the key alone on stdout (shown once)
  keys list --user <name>             list a user's keys (display prefixes, never keys)
  keys revoke <prefix>                revoke the key with this display prefix (e.g. ppt_AbCdEfGh)

Rate limits: omitted = the global default (RATE_LIMIT_PER_MINUTE / RATE_LIMIT_PER_DAY), 0 = unlimited.`;

/** A mistake in how the command was called (exit code 2), as opposed to an operation that failed. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface AdminDeps {
  config: Config;
  db: Db;
  provision: (userId: string) => Promise<unknown>;
  out: (line: string) => void;
  err: (line: string) => void;
}

const limit = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 1_000_000_000) {
    throw new UsageError(`--${name} must be a whole number between 0 and 1000000000`);
  }
  return Number(value);
};

const iso = (date: Date | null) => (date ? date.toISOString() : '-');

function keyLine(key: ApiKeyRecord): string {
  return [
    key.prefix,
    key.name ?? '-',
    key.revokedAt ? 'revoked' : 'active',
    `created ${iso(key.createdAt)}`,
    `last used ${iso(key.lastUsedAt)}`,
    `per-minute ${key.perMinute ?? 'default'}`,
    `per-day ${key.perDay ?? 'default'}`,
  ].join('\t');
}

async function requireUser(db: Db, name: string | undefined) {
  if (!name) throw new UsageError('--user <name> is required');
  const user = await findUserByName(db, name);
  if (!user) throw new NotFoundError(`no user named "${name}"`);
  return user;
}

/** Runs one admin command. Resolves with the process exit code; never prints a key except `keys create`. */
export async function runAdmin(argv: readonly string[], deps: AdminDeps): Promise<number> {
  const { db, config, out, err } = deps;
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        user: { type: 'string' },
        name: { type: 'string' },
        'per-minute': { type: 'string' },
        'per-day': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [group, action, ...rest] = positionals;
    if (values.help || !group) {
      (values.help ? out : err)(USAGE);
      return values.help ? 0 : 2;
    }
    const command = `${group} ${action ?? ''}`.trim();
    switch (command) {
      case 'users create': {
        const name = rest[0]?.trim();
        if (!name || rest.length > 1) throw new UsageError('users create takes exactly one <name>');
        if (name.length > 200) throw new UsageError('user names are at most 200 characters');
        const user = await createUser(db, name);
        try {
          await deps.provision(user.id);
        } catch (e) {
          err(
            `warning: user created but provisioning was not enqueued (${(e as Error).message}); ` +
              'built-in profiles will be provisioned on first use or when this is re-run',
          );
        }
        out(user.id);
        err(`created user "${user.name}" (${user.id})`);
        return 0;
      }
      case 'users list': {
        for (const user of await listUsers(db))
          out(`${user.id}\t${user.name}\tcreated ${iso(user.createdAt)}`);
        return 0;
      }
      case 'keys create': {
        if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
        const perMinute = limit('per-minute', values['per-minute']);
        const perDay = limit('per-day', values['per-day']);
        const user = await requireUser(db, values.user);
        const { key, record } = await createApiKey(db, user.id, {
          name: values.name ?? null,
          perMinute: perMinute ?? null,
          perDay: perDay ?? null,
          ...(config.keyPepper ? { pepper: config.keyPepper } : {}),
        });
        out(key);
        err(`created key ${record.prefix}… for user "${user.name}"; it is shown only this once`);
        return 0;
      }
      case 'keys list': {
        if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
        const user = await requireUser(db, values.user);
        for (const key of await listApiKeys(db, user.id)) out(keyLine(key));
        return 0;
      }
      case 'keys revoke': {
        const prefix = rest[0];
        if (!prefix || rest.length > 1) throw new UsageError('keys revoke takes exactly one <prefix>');
        if (prefix.length > 12) throw new UsageError('pass the 12-character display prefix, not the key');
        const key = await revokeApiKeyByPrefix(db, prefix);
        err(`revoked ${key.prefix} at ${iso(key.revokedAt)}`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`error: ${(e as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof NotFoundError || e instanceof ConflictError) {
      err(`error: ${e.message}`);
      return 1;
    }
    err(`error: ${(e as Error).message || String(e)}`);
    return 1;
  }
}
