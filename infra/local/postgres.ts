import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canConnect } from '@parapet/db';
import { aptInstall, log, run, waitUntil, which } from './util.ts';

const CLUSTERS_DIR = '/etc/postgresql';

function clusterVersions(): string[] {
  if (!existsSync(CLUSTERS_DIR)) return [];
  return readdirSync(CLUSTERS_DIR)
    .filter((entry) => existsSync(join(CLUSTERS_DIR, entry, 'main')))
    .sort((a, b) => Number(b) - Number(a));
}

/**
 * Lets local TCP connections in without a password, as the development setup expects
 * (postgres://postgres@127.0.0.1). Only applied to a cluster this script installed itself.
 */
function trustLoopback(version: string): void {
  const hba = join(CLUSTERS_DIR, version, 'main', 'pg_hba.conf');
  const current = readFileSync(hba, 'utf8');
  const marker = '# parapet: local development trusts loopback';
  if (current.includes(marker)) return;
  writeFileSync(
    hba,
    `${marker}\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n${current}`,
    'utf8',
  );
}

/**
 * Makes sure PostgreSQL answers at `url` (a loopback URL): starts the Debian cluster when it is
 * installed but down, installs the `postgresql` package when it is missing.
 */
export async function ensureLocalPostgres(url: string): Promise<void> {
  if (await canConnect(url)) return;
  let installed = false;
  if (clusterVersions().length === 0) {
    await aptInstall(['postgresql'], [], () => clusterVersions().length > 0);
    installed = true;
  }
  const version = clusterVersions()[0];
  if (!version) throw new Error('PostgreSQL was installed but no cluster exists under /etc/postgresql');
  if (installed) trustLoopback(version);
  if (await canConnect(url)) return;
  const ctl = which('pg_ctlcluster');
  if (!ctl) throw new Error('pg_ctlcluster not found: install postgresql-common');
  log(`starting PostgreSQL ${version} (cluster main)…`);
  try {
    await run(ctl, ['--skip-systemctl-redirect', version, 'main', installed ? 'restart' : 'start']);
  } catch (err) {
    // "already running" exits non-zero; the wait below decides.
    log(String((err as Error).message));
  }
  await waitUntil(() => canConnect(url), {
    timeoutMs: 60_000,
    intervalMs: 500,
    what: `PostgreSQL at ${new URL(url).host} (is trust auth for user postgres configured?)`,
  });
}
