import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '@parapet/config';
import { createApiKey, createDb, createUser, findApiKeyByHash, findUserByName } from '@parapet/db';
import { hashKey, parseKey } from '@parapet/keys';
import { provisionUser } from '../../apps/api/src/admin/provision.ts';
import { DATA_DIR, log } from './util.ts';

export const DEV_USER = 'dev';
/** Where the development key is kept; PARAPET_DEV_KEY_FILE moves it (tests use a temporary file). */
export const DEV_KEY_FILE = process.env['PARAPET_DEV_KEY_FILE']?.trim() || join(DATA_DIR, 'dev-key');

function readDevKey(): string | undefined {
  try {
    return readFileSync(DEV_KEY_FILE, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure the development user exists (creating it enqueues provisioning, as the admin CLI does)
 * and returns a valid development key. Keys are stored hashed only, so the plaintext lives in
 * .data/dev-key (mode 600, git-ignored) and is reused while the database still accepts it.
 */
export async function ensureDevUserAndKey(config: Config): Promise<{ userId: string; key: string }> {
  const db = createDb(config.databaseUrl, { max: 1, applicationName: 'parapet-start' });
  try {
    let user = await findUserByName(db, DEV_USER);
    if (!user) {
      user = await createUser(db, DEV_USER);
      log(`created user "${DEV_USER}"`);
    }
    if (user.builtinsVersion === 0) await provisionUser(config, user.id);

    const saved = readDevKey();
    if (saved && parseKey(saved)) {
      const record = await findApiKeyByHash(db, hashKey(saved, config.keyPepper));
      if (record && record.userId === user.id && record.revokedAt === null)
        return { userId: user.id, key: saved };
    }
    const { key } = await createApiKey(db, user.id, { name: 'development', pepper: config.keyPepper });
    mkdirSync(dirname(DEV_KEY_FILE), { recursive: true });
    writeFileSync(DEV_KEY_FILE, `${key}\n`, { mode: 0o600 });
    chmodSync(DEV_KEY_FILE, 0o600);
    log(`created a development key (saved in .data/dev-key)`);
    return { userId: user.id, key };
  } finally {
    await db.destroy();
  }
}
