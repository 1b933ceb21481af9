import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { ApiError } from '../http/errors.ts';
import { bearerToken } from './bearer.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards `/admin/*` with the operator's ADMIN_TOKEN (`Authorization: Bearer <token>`). Without a
 * configured token the admin routes do not exist (404). The comparison is of fixed-length digests
 * in constant time, so response timing says nothing about how much of a guess was right.
 */
export function authenticateAdmin(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return async (ctx: Context, next: Next) => {
    if (!expected) {
      throw new ApiError(
        404,
        'not_found',
        'the admin endpoints are disabled: set ADMIN_TOKEN to enable them',
      );
    }
    const given = bearerToken(ctx);
    if (!given)
      throw new ApiError(
        401,
        'unauthorized',
        'missing admin token: send Authorization: Bearer <ADMIN_TOKEN>',
      );
    if (!timingSafeEqual(digest(given), expected))
      throw new ApiError(401, 'unauthorized', 'wrong admin token');
    await next();
  };
}
