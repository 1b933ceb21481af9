export { applyTestEnv } from './env.ts';
export { createTestDb, createTestUser, randomName, waitFor } from './helpers.ts';
