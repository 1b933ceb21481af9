/**
 * The published artifact: `npm run build -w @parapet/sdk` (tsup) gives ESM, CJS and one
 * self-contained declaration file, usable without Node's types, zod or @parapet/contracts.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from './local-server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SDK = `${ROOT}libs/sdk/`;
const DIST = `${SDK}dist/`;
const pkg = JSON.parse(readFileSync(`${SDK}package.json`, 'utf8'));
let server: LocalServer;

const run = (cmd: string, args: string[], cwd = ROOT) =>
  spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 180_000 });

/** Asynchronous, so that the stand-in server in this process can answer the child. */
const runAsync = async (cmd: string, args: string[], env: Record<string, string> = {}) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(cmd, args, {
      cwd: ROOT,
      timeout: 60_000,
      env: { ...process.env, ...env },
    });
    return { status: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { status: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
};

beforeAll(async () => {
  const build = run(`${ROOT}node_modules/.bin/tsup`, [], SDK);
  expect(build.status, build.stderr + build.stdout).toBe(0);
  server = await startLocalServer([{ status: 200, body: { passed: true, results: [] } }]);
}, 200_000);
afterAll(async () => server?.close());

describe('@parapet/sdk package', () => {
  it('exports point at files the build wrote, and there is no runtime dependency', () => {
    const targets = [
      pkg.main,
      pkg.module,
      pkg.types,
      pkg.exports['.'].import.types,
      pkg.exports['.'].import.default,
      pkg.exports['.'].require.types,
      pkg.exports['.'].require.default,
    ];
    for (const t of targets) expect(() => readFileSync(`${SDK}${t}`), t).not.toThrow();
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.name).toBe('@parapet/sdk');
    expect(pkg.private).toBeUndefined();
  });

  it('the bundles import nothing (no node: modules, no process): they run on any platform with fetch', () => {
    for (const file of ['index.js', 'index.cjs']) {
      const code = readFileSync(`${DIST}${file}`, 'utf8');
      expect(code, file).not.toMatch(/\bfrom\s*["'][^"']+["']|require\(["'][^"']+["']\)|\bprocess\./);
    }
  });

  it('the declarations are self-contained (no zod, no @parapet/contracts, no imports)', () => {
    for (const file of ['index.d.ts', 'index.d.cts']) {
      const dts = readFileSync(`${DIST}${file}`, 'utf8');
      expect(dts, file).not.toMatch(/^\s*import\b|from ['"]|import\(['"]/m);
      expect(dts).toContain('declare class ParapetClient');
    }
  });

  it('a consumer type-checks against the declarations with only the DOM lib (no @types/node)', () => {
    mkdirSync(`${DIST}consumer-check`, { recursive: true });
    writeFileSync(
      `${DIST}consumer-check/consumer.ts`,
      `import { ParapetClient, RateLimitError, type ValidateResponse } from '../index.js';
declare const fromEnv: string | undefined; // like process.env.PARAPET, under exactOptionalPropertyTypes
const client = new ParapetClient({ apiKey: 'ppt_x', baseUrl: fromEnv, timeoutMs: 1000 });
export async function run(): Promise<string> {
  try {
    const res: ValidateResponse = await client.validateInput('hi', 'default', { signal: AbortSignal.timeout(500) });
    const p = await client.profiles.get('default');
    await client.profiles.update('x', { name: 'x', description: '', inputGuardrails: [], outputGuardrails: [], toolGuardrails: [] }, { ifMatch: p.etag });
    return res.sanitizedText ?? String(res.passed);
  } catch (err) {
    if (err instanceof RateLimitError) return String(err.retryAfter ?? err.status);
    throw err;
  }
}
`,
    );
    writeFileSync(
      `${DIST}consumer-check/tsconfig.json`,
      JSON.stringify({
        compilerOptions: {
          noEmit: true,
          strict: true,
          exactOptionalPropertyTypes: true,
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          module: 'nodenext',
          moduleResolution: 'nodenext',
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = run(`${ROOT}node_modules/.bin/tsc`, ['-p', `${DIST}consumer-check/tsconfig.json`]);
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  });

  it('the ESM and the CJS builds both validate over HTTP', async () => {
    const esm = await runAsync(process.execPath, [
      '--input-type=module',
      '-e',
      `import { ParapetClient } from '${DIST}index.js';
       const r = await new ParapetClient({ apiKey: 'k', baseUrl: '${server.url}' }).validateInput('hi', 'default');
       console.log(JSON.stringify(r));`,
    ]);
    expect(esm.status, esm.stderr).toBe(0);
    expect(JSON.parse(esm.stdout)).toMatchObject({ passed: true });
    const cjs = await runAsync(process.execPath, [
      '-e',
      `const { ParapetClient, NotFoundError, ParapetError } = require('${DIST}index.cjs');
       if (!(new NotFoundError('x', { code: 'not_found' }) instanceof ParapetError)) process.exit(3);
       new ParapetClient({ apiKey: 'k', baseUrl: '${server.url}' }).validateInput('hi', 'default')
         .then((r) => console.log(JSON.stringify(r)), (e) => { console.error(e); process.exit(2); });`,
    ]);
    expect(cjs.status, cjs.stderr).toBe(0);
    expect(JSON.parse(cjs.stdout)).toMatchObject({ passed: true });
    expect(server.seen).toHaveLength(2);
    expect(server.seen.every((s) => s.headers.authorization === 'Bearer k')).toBe(true);
  });

  it('the README "From TypeScript" snippet runs as pasted, importing @parapet/sdk', async () => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const section = readme.slice(readme.indexOf('### From TypeScript'));
    const snippet = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(snippet).toContain("from '@parapet/sdk'");
    // Under libs/sdk/dist (git-ignored), where `@parapet/sdk` resolves as it does anywhere in the repo.
    writeFileSync(`${DIST}readme-check.mts`, snippet!);
    const before = server.seen.length;
    const out = await runAsync(process.execPath, [`${DIST}readme-check.mts`], {
      PARAPET: server.url,
      PARAPET_KEY: 'ppt_readme',
    });
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain('true');
    expect(server.seen.length - before).toBe(1);
    expect(JSON.parse(server.seen.at(-1)!.body)).toMatchObject({
      profileName: 'default',
      validationType: 'input',
    });
  });
});
