import { type Kysely, sql } from 'kysely';

/**
 * Per-user secret that signs batch completion webhooks (HMAC-SHA256). Generated on first use (the
 * first batch with a webhookUrl) and shown to the user once, in that batch's 202 answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN webhook_secret text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS webhook_secret`.execute(db);
}
