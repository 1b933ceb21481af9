import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const root = new URL('../../', import.meta.url).pathname;

/** Starts `apps/api/src/main.ts` as its own OS process on a random port; resolves with its URL. */
export async function spawnApi(
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', API_PROCESSES: '1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('API process did not start within 30 s')), 30_000);
    lines.on('line', (line) => {
      const url = (JSON.parse(line) as { url?: string }).url;
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)));
  });
  return { url, child };
}
