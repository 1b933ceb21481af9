import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/support/index.ts';
import { NODE, ROOT } from './util.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const dir = mkdtempSync(join(tmpdir(), 'parapet-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start (infra/local/start.ts)', () => {
  it('starts API and worker, prints a working key and curl, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const keyFile = join(dir, 'dev-key');
    const child = spawn(NODE, [join(ROOT, 'infra/local/start.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), API_PROCESSES: '1', PARAPET_DEV_KEY_FILE: keyFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor(() => stdout.includes('Press Ctrl-C'), { timeoutMs: 120_000, intervalMs: 200 }).catch(
        (err) => {
          throw new Error(`npm start did not become ready:\n${stderr.slice(-3000)}`, { cause: err });
        },
      );
      const key = /^\s+(ppt_\S+)$/m.exec(stdout)?.[1];
      expect(key).toBeDefined();
      expect(stdout).toContain(`http://127.0.0.1:${port}/api/validate`);
      expect(stdout).toContain(`Authorization: Bearer ${key}`);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);

      const response = await fetch(`http://127.0.0.1:${port}/api/validate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hello', profileName: 'default', validationType: 'input' }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ passed: true });
    } finally {
      child.kill('SIGTERM');
    }
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 45_000))]);
    expect(code).toBe(0);
    await waitFor(
      async () => {
        try {
          await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(500) });
          return false;
        } catch {
          return true;
        }
      },
      { timeoutMs: 10_000 },
    );
  }, 240_000);
});
