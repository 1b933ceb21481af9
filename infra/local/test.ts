/**
 * `npm test` (and CI): lint/format and type checks, then local services, fresh test databases
 * (Postgres `parapet_test`, ClickHouse `parapet_test`), migrations, and `vitest run` for the unit
 * and integration projects with the environment pointing at those resources and a BullMQ prefix of
 * this run's own. Exits with vitest's code (or 1 when only lint/types failed).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyTestEnv, testDatabaseUrl } from '../../test/support/env.ts';
import { ensureServices, LOCAL, prepareResources, removeQueueKeys } from './services.ts';
import { DATA_DIR, log, NODE, ROOT } from './util.ts';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

function step(name: string, command: string, args: readonly string[], env = process.env): Promise<number> {
  log(`${name}…`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const finish = (code: number) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      log(
        `${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve(code);
    };
    child.on('error', (err) => {
      log(`${name}: ${err.message}`);
      finish(127);
    });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** One plain closing line ("vitest: N passed, N failed, N skipped") that any CI log reader understands. */
function printSummary(file: string): void {
  try {
    const results = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    const skipped = (results['numPendingTests'] ?? 0) + (results['numTodoTests'] ?? 0);
    process.stdout.write(
      `vitest: ${results['numPassedTests'] ?? 0} passed, ${results['numFailedTests'] ?? 0} failed, ${skipped} skipped\n`,
    );
  } catch {
    log('vitest wrote no results');
  } finally {
    rmSync(file, { force: true });
  }
}

mkdirSync(DATA_DIR, { recursive: true });
const lint = await step('biome check .', bin('biome'), ['check', '.']);
const types = await step('tsc --noEmit', NODE, [
  join(ROOT, 'node_modules/typescript/bin/tsc'),
  '-p',
  'tsconfig.json',
  '--noEmit',
]);

await ensureServices(process.env, LOCAL.testDatabaseUrl);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: testDatabaseUrl(process.env['DATABASE_URL']),
  CLICKHOUSE_DATABASE: LOCAL.testClickhouseDatabase,
};
applyTestEnv(env);
log(
  `test resources: Postgres database parapet_test, ClickHouse database parapet_test, queue prefix ${env['QUEUE_PREFIX']}`,
);
await prepareResources(
  {
    databaseUrl: env['DATABASE_URL']!,
    clickhouseUrl: env['CLICKHOUSE_URL']!,
    clickhouseDatabase: env['CLICKHOUSE_DATABASE']!,
  },
  { fresh: true },
);

const resultsFile = join(DATA_DIR, `vitest-results-${process.pid}.json`);
const tests = await step(
  'vitest run',
  NODE,
  [
    join(ROOT, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
  ],
  env,
);
printSummary(resultsFile);
await removeQueueKeys(env['REDIS_URL']!, env['QUEUE_PREFIX']!);

if (lint !== 0) log('lint/format check failed (run `npx biome check --write .`)');
if (types !== 0) log('type check failed');
process.exit(tests !== 0 ? tests : lint !== 0 || types !== 0 ? 1 : 0);
