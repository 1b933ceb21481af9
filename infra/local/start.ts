/**
 * `npm start`: local services, migrations, the development user and key, then the API and the
 * worker as child processes on the pinned Node. Ctrl-C or SIGTERM stops the children (forwarded
 * signal, hard kill after a timeout). Postgres, Redis and ClickHouse are left running, so the next
 * start is fast; `node infra/local/services.ts stop` stops the local ClickHouse.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ConfigError, loadConfig } from '@parapet/config';
import { DEV_KEY_FILE, ensureDevUserAndKey } from './dev-user.ts';
import { ensureServices, prepareResources } from './services.ts';
import { log, NODE, ROOT, waitUntil } from './util.ts';

const STOP_TIMEOUT_MS = 20_000;
const READY_TIMEOUT_MS = 90_000;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    log(err.message);
    process.exit(2);
  }
  throw err;
}

await ensureServices(process.env);
await prepareResources(config);
const { key } = await ensureDevUserAndKey(config);

const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: config.databaseUrl,
  REDIS_URL: config.redisUrl,
  CLICKHOUSE_URL: config.clickhouseUrl,
  CLICKHOUSE_DATABASE: config.clickhouseDatabase,
  QUEUE_PREFIX: config.queuePrefix,
};

interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<void>;
  done: boolean;
}
const children: Child[] = [];
let stopping = false;

function startChild(name: string, entry: string): void {
  const path = join(ROOT, entry);
  if (!existsSync(path)) {
    log(`${entry} does not exist yet; not starting the ${name}`);
    return;
  }
  // Own process group: a terminal's Ctrl-C reaches us only, and we forward it once, in order.
  const proc = spawn(NODE, [path], { cwd: ROOT, env: childEnv, stdio: 'inherit', detached: true });
  const child: Child = { name, process: proc, done: false, exited: Promise.resolve() };
  child.exited = new Promise((resolve) => {
    proc.on('exit', (code, signal) => {
      child.done = true;
      resolve();
      if (!stopping) {
        log(`the ${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
        void stopAll(1);
      }
    });
    proc.on('error', (err) => {
      log(`could not start the ${name}: ${err.message}`);
      child.done = true;
      resolve();
      if (!stopping) void stopAll(1);
    });
  });
  children.push(child);
}

async function stopAll(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const child of children) if (!child.done) child.process.kill('SIGTERM');
    const all = Promise.all(children.map((child) => child.exited));
    const timedOut = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_TIMEOUT_MS).unref()),
    ]);
    if (timedOut) {
      for (const child of children) {
        if (!child.done) {
          log(`the ${child.name} did not stop within ${STOP_TIMEOUT_MS} ms; killing it`);
          try {
            process.kill(-child.process.pid!, 'SIGKILL');
          } catch {
            child.process.kill('SIGKILL');
          }
        }
      }
      await all;
    }
    process.exit(exitCode);
  }
  return new Promise<never>(() => {});
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// If we die anyway, take the children with us.
process.on('exit', () => {
  for (const child of children) if (!child.done) child.process.kill('SIGKILL');
});

startChild('API', 'apps/api/src/main.ts');
startChild('worker', 'apps/worker/src/main.ts');

const probeHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const baseUrl = `http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${config.port}`;
try {
  await waitUntil(
    async () => {
      if (stopping) throw new Error('stopped');
      try {
        const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(1_000) });
        await response.body?.cancel();
        return response.status === 200;
      } catch {
        return false;
      }
    },
    { timeoutMs: READY_TIMEOUT_MS, intervalMs: 250, what: `${baseUrl}/readyz` },
  );
} catch (err) {
  if (!stopping) {
    log((err as Error).message);
    await stopAll(1);
  }
  await new Promise(() => {});
}

process.stdout.write(`
Parapet is running at ${baseUrl}

Development API key (user "dev", saved in ${relative(ROOT, DEV_KEY_FILE)}):
  ${key}

Try it:
  curl -s ${baseUrl}/api/validate -H "Authorization: Bearer ${key}" -H 'content-type: application/json' -d '{"text":"my key is AKIAZ7Q3XK2LMNOP4RST","profileName":"default","validationType":"input"}'

Press Ctrl-C to stop.
`);
