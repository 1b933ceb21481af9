import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createAnalyticsClient } from './client.ts';
import { quoteIdentifier } from './sql.ts';

/** Directory of the numbered `.sql` migration files. */
export const CLICKHOUSE_MIGRATIONS_DIR = fileURLToPath(
  new URL('../../../infra/clickhouse/migrations/', import.meta.url),
);

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
const VERSIONS_TABLE = 'schema_migrations';

export interface ClickHouseMigration {
  version: number;
  name: string;
  statements: string[];
}

/** Splits a migration file into statements: `--` comment lines dropped, statements end with `;` at a line end. */
export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export async function loadMigrations(dir = CLICKHOUSE_MIGRATIONS_DIR): Promise<ClickHouseMigration[]> {
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const migrations: ClickHouseMigration[] = [];
  for (const file of files) {
    const version = Number(MIGRATION_FILE.exec(file)![1]);
    if (migrations.some((m) => m.version === version))
      throw new Error(`duplicate ClickHouse migration version ${version}`);
    migrations.push({
      version,
      name: file,
      statements: splitStatements(await readFile(`${dir}/${file}`, 'utf8')),
    });
  }
  return migrations;
}

export interface MigrateResult {
  applied: string[];
}

/**
 * Creates the database if missing, then applies every migration whose version is not yet recorded in
 * `schema_migrations`, in order. Statements are written to be idempotent (IF NOT EXISTS), so a run that
 * crashed half-way or two runners racing at first start converge.
 */
export async function migrateClickHouse(
  url: string,
  database: string,
  options: { dir?: string } = {},
): Promise<MigrateResult> {
  const dbIdent = quoteIdentifier(database);
  const bootstrap = createAnalyticsClient({ url, database: 'default' });
  try {
    await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${dbIdent}` });
  } finally {
    await bootstrap.close();
  }
  const client = createAnalyticsClient({ url, database });
  try {
    await client.command({
      query: `CREATE TABLE IF NOT EXISTS ${VERSIONS_TABLE} (version UInt32, name String, applied_at DateTime) ENGINE = MergeTree() ORDER BY version`,
    });
    const rs = await client.query({
      query: `SELECT DISTINCT version FROM ${VERSIONS_TABLE}`,
      format: 'JSONEachRow',
    });
    const done = new Set((await rs.json<{ version: number | string }>()).map((r) => Number(r.version)));
    const applied: string[] = [];
    for (const migration of await loadMigrations(options.dir)) {
      if (done.has(migration.version)) continue;
      for (const statement of migration.statements) await client.command({ query: statement });
      await client.insert({
        table: VERSIONS_TABLE,
        format: 'JSONEachRow',
        columns: ['version', 'name', 'applied_at'],
        values: [
          { version: migration.version, name: migration.name, applied_at: Math.floor(Date.now() / 1000) },
        ],
      });
      applied.push(migration.name);
    }
    return { applied };
  } finally {
    await client.close();
  }
}
