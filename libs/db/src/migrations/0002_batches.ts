import { type Kysely, sql } from 'kysely';

/**
 * Asynchronous batch validation. Item texts live here (never in queue payloads) and are cleared as
 * soon as an item's result is stored, so a batch holds request text only while it is pending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE batches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      api_key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL,
      profile_id text NOT NULL,
      profile_version integer NOT NULL,
      validation_type text NOT NULL,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
      total integer NOT NULL CHECK (total >= 0),
      processed integer NOT NULL DEFAULT 0,
      passed integer NOT NULL DEFAULT 0,
      blocked integer NOT NULL DEFAULT 0,
      webhook_url text,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      completed_at timestamptz
    )`,
    sql`CREATE INDEX batches_user_created_idx ON batches (user_id, created_at DESC, id DESC)`,
    sql`CREATE TABLE batch_items (
      batch_id uuid NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
      idx integer NOT NULL,
      item_id text,
      text text,
      passed boolean,
      result jsonb,
      processed_at timestamptz,
      PRIMARY KEY (batch_id, idx)
    )`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS batch_items`.execute(db);
  await sql`DROP TABLE IF EXISTS batches`.execute(db);
}
