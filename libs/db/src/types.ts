import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A guardrail entry as stored; its config is validated by the engine, not by the database. */
export interface StoredGuardrailEntry {
  name: string;
  config: Record<string, unknown>;
  [key: string]: unknown;
}

/** What `profiles.definition` and `profile_versions.definition` hold. */
export interface ProfileDefinition {
  name: string;
  description: string;
  inputGuardrails: StoredGuardrailEntry[];
  outputGuardrails: StoredGuardrailEntry[];
  toolGuardrails: StoredGuardrailEntry[];
}

/** jsonb: parsed by pg on the way out, serialised by us on the way in. */
type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
  builtins_version: Generated<number>;
  /** Signs batch webhooks; null until the user's first batch with a webhookUrl. */
  webhook_secret: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  key_hash: string;
  prefix: string;
  name: string | null;
  created_at: CreatedAt;
  revoked_at: Date | null;
  last_used_at: Date | null;
  rate_limit_per_minute: number | null;
  rate_limit_per_day: number | null;
}

export interface ProfilesTable {
  user_id: string;
  id: string;
  name: string;
  description: string;
  is_built_in: boolean;
  version: number;
  definition: Json<ProfileDefinition>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
}

export interface ProfileVersionsTable {
  user_id: string;
  profile_id: string;
  version: number;
  definition: Json<ProfileDefinition>;
  created_at: CreatedAt;
}

export type BatchStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface BatchesTable {
  id: Generated<string>;
  user_id: string;
  api_key_id: string | null;
  profile_id: string;
  profile_version: number;
  validation_type: string;
  status: ColumnType<BatchStatus, BatchStatus | undefined, BatchStatus>;
  total: number;
  processed: Generated<number>;
  passed: Generated<number>;
  blocked: Generated<number>;
  webhook_url: string | null;
  error: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  completed_at: Date | null;
}

export interface BatchItemsTable {
  batch_id: string;
  idx: number;
  item_id: string | null;
  text: string | null;
  passed: boolean | null;
  result: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  processed_at: Date | null;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  profiles: ProfilesTable;
  profile_versions: ProfileVersionsTable;
  batches: BatchesTable;
  batch_items: BatchItemsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfileRow = Insertable<ProfilesTable>;
