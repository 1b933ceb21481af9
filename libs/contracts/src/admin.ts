import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Admin endpoints (product.md §2): users and API keys, behind ADMIN_TOKEN. The CLI
// (`npm run admin`) does the same against Postgres directly.
// ---------------------------------------------------------------------------------------------

/** A per-key request limit: null = the global default, 0 = unlimited (as in the CLI). */
const keyLimit = z.number().int().min(0).max(1_000_000_000).nullable();

export const adminCreateUserSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
  })
  .strict();

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) });

export const adminCreateKeySchema = z
  .object({
    name: z.string().trim().min(1).max(200).nullable().optional(),
    perMinute: keyLimit.optional(),
    perDay: keyLimit.optional(),
  })
  .strict();

/** A key as listed: its display prefix, never the key or its hash. */
export const adminKeySchema = z.object({
  id: z.string(),
  userId: z.string(),
  prefix: z.string(),
  name: z.string().nullable(),
  status: z.enum(['active', 'revoked']),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  perMinute: keyLimit,
  perDay: keyLimit,
});
export type AdminKey = z.infer<typeof adminKeySchema>;

/** The answer to creating a key: the only time the key itself is shown. */
export const adminCreatedKeySchema = adminKeySchema.extend({ key: z.string() });

export const adminKeyListSchema = z.object({ keys: z.array(adminKeySchema) });
