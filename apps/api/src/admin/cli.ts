/**
 * Admin CLI: `npm run --silent admin -- users create <name>`, `keys create --user <name>`, … (see
 * USAGE). Talks to Postgres directly and to Redis for provisioning; needs no running API.
 */
import { ConfigError, loadConfig } from '@parapet/config';
import { createDb } from '@parapet/db';
import { runAdmin } from './commands.ts';
import { provisionUser } from './provision.ts';

let code: number;
try {
  const config = loadConfig();
  const db = createDb(config.databaseUrl, { max: 1, applicationName: 'parapet-admin' });
  try {
    code = await runAdmin(process.argv.slice(2), {
      config,
      db,
      provision: (userId) => provisionUser(config, userId),
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await db.destroy();
  }
} catch (err) {
  process.stderr.write(`error: ${err instanceof ConfigError ? err.message : (err as Error).message}\n`);
  code = 1;
}
process.exitCode = code;
