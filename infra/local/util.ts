import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (infra/local/ is two levels down). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Git-ignored directory for local state: ClickHouse data, the development key. */
export const DATA_DIR = join(ROOT, '.data');
/** The pinned Node binary (devDependency `node`), falling back to the one running us. */
export const NODE = process.execPath;

export function log(message: string): void {
  process.stderr.write(`parapet: ${message}\n`);
}

/** Absolute path of an executable on PATH (plus the sbin directories root has), or undefined. */
export function which(
  name: string,
  extraDirs: readonly string[] = ['/usr/sbin', '/usr/local/sbin', '/sbin'],
): string | undefined {
  if (name.includes('/')) return isExecutable(name) ? name : undefined;
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), ...extraDirs].filter(Boolean);
  for (const dir of dirs) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a command to completion with its output on our stderr (stdout stays clean for what scripts
 * print). Rejects on a non-zero exit.
 */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', process.stderr, process.stderr],
      env: options.env ?? process.env,
      cwd: options.cwd ?? ROOT,
    });
    const timer = options.timeoutMs
      ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs).unref()
      : undefined;
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}

/** Polls `check` until it returns true or the deadline passes. Never a fixed sleep. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  { timeoutMs, intervalMs = 200, what }: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}

let aptUpdated = false;

/**
 * apt-get install, once-updated, non-interactive; progress goes to stderr. A package whose
 * maintainer script fails to start its service (common without systemd) makes apt-get exit non-zero
 * although the binaries are in place: `installed` tells whether what the caller needs is there.
 */
export async function aptInstall(
  packages: readonly string[],
  extraArgs: readonly string[] = [],
  installed: () => boolean = () => false,
): Promise<void> {
  if (!which('apt-get')) throw new Error(`cannot install ${packages.join(', ')}: apt-get is not available`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    if (!aptUpdated) {
      log('apt-get update…');
      await run('apt-get', ['update'], { env });
      aptUpdated = true;
    }
    log(`apt-get install ${packages.join(' ')}…`);
    await run('apt-get', ['install', '-y', ...extraArgs, ...packages], { env });
  } catch (err) {
    if (!installed()) throw err;
    log(`${(err as Error).message}; the binaries are installed, carrying on`);
  }
}

export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname.startsWith('127.') || hostname === '[::1]' || hostname === '::1'
  );
}
