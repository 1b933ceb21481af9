/**
 * npm run bench:http [-- --duration 10 --connections 32]
 *
 * Loads POST /api/validate (profile `default`, 1 KB texts, analytics on) on loopback with
 * autocannon, next to a bare Koa JSON POST endpoint measured in the same run on the same machine,
 * and prints req/s and latency p50/p99 for both and their ratio; then p99 at half of the API's
 * maximum throughput. Each server is one process (API_PROCESSES=1) so the comparison is per core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '@parapet/config';
import { createApiKey, createDb, createUser, findUserByName } from '@parapet/db';
import autocannon from 'autocannon';
import { ensureServices, prepareResources } from '../local/services.ts';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '32' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const node = process.execPath;
const root = new URL('../../', import.meta.url).pathname;

function startChild(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(node, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function waitFor(url: string, deadlineMs = 30_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

function sampleTexts(): string[] {
  const words =
    'the quick brown fox jumps over a lazy dog while our assistant summarises quarterly reports for the team'.split(
      ' ',
    );
  return Array.from({ length: 64 }, (_, i) => {
    let s = `Request ${i}: `;
    let j = i;
    while (s.length < 1024) s += `${words[j++ % words.length]} `;
    return s.slice(0, 1024);
  });
}

async function load(
  url: string,
  body: (i: number) => string,
  headers: Record<string, string>,
  rate?: number,
) {
  let i = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    headers: { 'content-type': 'application/json', ...headers },
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: body(i++) }) }],
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const config = loadConfig();
// The set-up `npm start` does, so that the bench also runs on a machine where it never ran: local
// services when no URL is configured, the databases and their migrations.
await ensureServices(process.env);
await prepareResources(config);
const db = createDb(config.databaseUrl);
const user = (await findUserByName(db, 'bench')) ?? (await createUser(db, 'bench'));
const { key } = await createApiKey(db, user.id, {
  name: 'bench',
  ...(config.keyPepper ? { pepper: config.keyPepper } : {}),
});
await db.destroy();

const apiPort = String(config.port + 100);
const api = startChild(['apps/api/src/main.ts'], {
  PORT: apiPort,
  API_PROCESSES: '1',
  LOG_LEVEL: 'warn',
  // Rate limits off: they cost a Redis round trip per request and would turn most of this load into
  // cheap 429s. Analytics stays on: every validation is handed to the buffer and queued.
  RATE_LIMIT_PER_MINUTE: '0',
  USER_RATE_LIMIT_PER_MINUTE: '0',
});
const bare = startChild(['infra/bench/bare-koa.ts'], { PORT: String(config.port + 101) });
try {
  await waitFor(`http://127.0.0.1:${apiPort}/readyz`);
  const [line] = (await once(bare.stdout!, 'data')) as [Buffer];
  const barePort = JSON.parse(line.toString()).port as number;
  const texts = sampleTexts();
  const validateBody = (i: number) =>
    JSON.stringify({ text: texts[i % texts.length], profileName: 'default', validationType: 'input' });

  const apiUrl = `http://127.0.0.1:${apiPort}/api/validate`;
  const auth = { authorization: `Bearer ${key}` };
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  await load(apiUrl, validateBody, auth); // warm-up (JIT, caches)
  await load(bareUrl, validateBody, {});
  const bareRun = await load(bareUrl, validateBody, {});
  const apiRun = await load(apiUrl, validateBody, auth);
  const halfRun = await load(apiUrl, validateBody, auth, Math.max(1, Math.floor(apiRun.reqPerSec / 2)));

  const cpu = cpus()[0]?.model ?? 'unknown';
  console.log(
    `machine: ${cpu} × ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.log(
    `load: autocannon, ${connections} connections, ${duration}s per run, 1 KB texts, one server process each, analytics on, rate limits off`,
  );
  const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
    console.log(
      `${name.padEnd(34)} ${r.reqPerSec.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  row('bare Koa JSON POST (baseline)', bareRun);
  row('POST /api/validate (default)', apiRun);
  row('POST /api/validate at half max', halfRun);
  console.log(`ratio validate / baseline throughput: ${(apiRun.reqPerSec / bareRun.reqPerSec).toFixed(2)}`);
} finally {
  api.kill('SIGTERM');
  bare.kill('SIGTERM');
  await Promise.allSettled([once(api, 'exit'), once(bare, 'exit')]);
}
