import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      builtins_version integer NOT NULL DEFAULT 0
    )`,
    sql`CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      last_used_at timestamptz,
      rate_limit_per_minute integer CHECK (rate_limit_per_minute >= 0),
      rate_limit_per_day integer CHECK (rate_limit_per_day >= 0)
    )`,
    sql`CREATE INDEX api_keys_user_id_idx ON api_keys (user_id)`,
    sql`CREATE INDEX api_keys_prefix_idx ON api_keys (prefix)`,
    sql`CREATE TABLE profiles (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      id text NOT NULL,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      is_built_in boolean NOT NULL DEFAULT false,
      version integer NOT NULL CHECK (version >= 1),
      definition jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      PRIMARY KEY (user_id, id)
    )`,
    sql`CREATE UNIQUE INDEX profiles_user_name_uidx ON profiles (user_id, lower(name)) WHERE deleted_at IS NULL`,
    sql`CREATE TABLE profile_versions (
      user_id uuid NOT NULL,
      profile_id text NOT NULL,
      version integer NOT NULL,
      definition jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, profile_id, version),
      FOREIGN KEY (user_id, profile_id) REFERENCES profiles (user_id, id) ON DELETE CASCADE
    )`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['profile_versions', 'profiles', 'api_keys', 'users']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
