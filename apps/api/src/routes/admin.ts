import Router from '@koa/router';
import {
  type AdminKey,
  type AdminUser,
  adminCreateKeySchema,
  adminCreateUserSchema,
} from '@parapet/contracts';
import {
  type ApiKeyRecord,
  ConflictError,
  createApiKey,
  createUser,
  type Db,
  findUserById,
  listApiKeys,
  listUsers,
  NotFoundError,
  revokeApiKeyById,
  type UserRecord,
} from '@parapet/db';
import type { Logger } from 'pino';
import { ApiError } from '../http/errors.ts';
import { parseBody } from '../http/middleware.ts';

export interface AdminRouteDeps {
  db: Db;
  /** Enqueues provisioning of a new user's built-in profiles. */
  provision(userId: string): Promise<unknown>;
  /** KEY_PEPPER, when configured. */
  keyPepper: string | undefined;
  logger: Logger;
}

const userView = (user: UserRecord): AdminUser => ({
  id: user.id,
  name: user.name,
  createdAt: user.createdAt.toISOString(),
});

const keyView = (key: ApiKeyRecord): AdminKey => ({
  id: key.id,
  userId: key.userId,
  prefix: key.prefix,
  name: key.name,
  status: key.revokedAt ? 'revoked' : 'active',
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
  perMinute: key.perMinute,
  perDay: key.perDay,
});

/** Users and API keys over HTTP: the admin CLI's commands, for operators who automate (product.md §2). */
export function adminRoutes(deps: AdminRouteDeps): Router {
  const router = new Router();
  const { db } = deps;

  const requireUser = async (id: string) => {
    const user = await findUserById(db, id);
    if (!user) throw new ApiError(404, 'not_found', 'user not found');
    return user;
  };

  router.post('/admin/users', async (ctx) => {
    const { name } = parseBody(adminCreateUserSchema, ctx.request.body);
    let user: UserRecord;
    try {
      user = await createUser(db, name);
    } catch (err) {
      if (err instanceof ConflictError) throw new ApiError(409, 'conflict', err.message);
      throw err;
    }
    // Validation resolves built-ins from code until the job has run, so a failed enqueue is not fatal.
    await deps.provision(user.id).catch((err: Error) => {
      deps.logger.warn(
        { userId: user.id, err: err.message },
        'provisioning not enqueued; it runs on first use',
      );
    });
    ctx.status = 201;
    ctx.body = userView(user);
  });

  router.get('/admin/users', async (ctx) => {
    ctx.body = { users: (await listUsers(db)).map(userView) };
  });

  router.post('/admin/users/:userId/keys', async (ctx) => {
    const body = parseBody(adminCreateKeySchema, ctx.request.body);
    const user = await requireUser(ctx.params.userId!);
    let created: Awaited<ReturnType<typeof createApiKey>>;
    try {
      created = await createApiKey(db, user.id, {
        name: body.name ?? null,
        perMinute: body.perMinute ?? null,
        perDay: body.perDay ?? null,
        ...(deps.keyPepper ? { pepper: deps.keyPepper } : {}),
      });
    } catch (err) {
      // the user was deleted in between
      if (err instanceof NotFoundError) throw new ApiError(404, 'not_found', 'user not found');
      throw err;
    }
    const { key, record } = created;
    ctx.status = 201;
    ctx.body = { ...keyView(record), key };
  });

  router.get('/admin/users/:userId/keys', async (ctx) => {
    const user = await requireUser(ctx.params.userId!);
    ctx.body = { keys: (await listApiKeys(db, user.id)).map(keyView) };
  });

  router.delete('/admin/keys/:id', async (ctx) => {
    try {
      ctx.body = keyView(await revokeApiKeyById(db, ctx.params.id!));
    } catch (err) {
      if (err instanceof NotFoundError) throw new ApiError(404, 'not_found', 'API key not found');
      throw err;
    }
  });

  return router;
}
