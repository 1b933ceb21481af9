import type { Context } from 'koa';

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(ctx: Context): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
}
