export { canConnect, ensureDatabase, recreateDatabase } from './admin.ts';
export { type CreateDbOptions, createDb, type Db, migrateToLatest, pingDb } from './db.ts';
export { ConflictError, isUniqueViolation, NotFoundError, VersionMismatchError } from './errors.ts';
export { type Listener, type ListenOptions, listen } from './listen.ts';
export * from './repositories/api-keys.ts';
export * from './repositories/batches.ts';
export * from './repositories/profiles.ts';
export * from './repositories/users.ts';
export type { Database, ProfileDefinition, StoredGuardrailEntry } from './types.ts';
