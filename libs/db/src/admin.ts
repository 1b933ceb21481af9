import pg from 'pg';

/** Splits a database URL into the database name and a URL to the `postgres` maintenance database. */
function maintenanceTarget(url: string): { name: string; adminUrl: string } {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!name) throw new Error('database URL names no database');
  parsed.pathname = '/postgres';
  return { name, adminUrl: parsed.toString() };
}

async function withAdminClient<T>(
  url: string,
  fn: (client: pg.Client, name: string) => Promise<T>,
): Promise<T> {
  const { name, adminUrl } = maintenanceTarget(url);
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client, name);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the database named in `url` when it does not exist. Returns true when it created it. */
export async function ensureDatabase(url: string): Promise<boolean> {
  return withAdminClient(url, async (client, name) => {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      return true;
    } catch (err) {
      // Another process created it in between (42P04 duplicate_database, or 23505 on the catalog).
      const code = (err as { code?: unknown }).code;
      if (code === '42P04' || code === '23505') return false;
      throw err;
    }
  });
}

/** Drops (disconnecting its sessions) and recreates the database named in `url`. For tests only. */
export async function recreateDatabase(url: string): Promise<void> {
  await withAdminClient(url, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  });
}

/** True when a Postgres server answers at `url` (authentication included), within the timeout. */
export async function canConnect(url: string, timeoutMs = 2_000): Promise<boolean> {
  const { adminUrl } = maintenanceTarget(url);
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
