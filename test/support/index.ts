export { applyTestEnv, testDatabaseUrl } from './env.ts';
export { createTestDb, createTestUser, randomName, waitFor } from './helpers.ts';
