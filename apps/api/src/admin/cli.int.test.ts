import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { findApiKeyByHash, findUserByName } from '@parapet/db';
import { hashKey, parseKey } from '@parapet/keys';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, randomName } from '../../../../test/support/index.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const db = createTestDb();
afterAll(() => db.destroy());

/** Runs the CLI on the pinned Node against the test environment (set by the global setup). */
function admin(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'apps/api/src/admin/cli.ts'), ...args], {
      cwd: ROOT,
      env: process.env,
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
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('admin CLI', () => {
  it('creates a user, issues keys, lists them without secrets and revokes', async () => {
    const name = randomName('cli');
    const created = await admin('users', 'create', name);
    expect(created.code, created.stderr).toBe(0);
    const user = await findUserByName(db, name);
    expect(user).toBeDefined();
    expect(created.stdout.trim()).toBe(user!.id);

    const issued = await admin(
      'keys',
      'create',
      '--user',
      name,
      '--name',
      'ci',
      '--per-minute',
      '60',
      '--per-day',
      '0',
    );
    expect(issued.code, issued.stderr).toBe(0);
    const key = issued.stdout.trim();
    expect(issued.stdout).toBe(`${key}\n`);
    expect(parseKey(key)).toBeDefined();
    const pepper = process.env['KEY_PEPPER']?.trim() || undefined;
    const record = await findApiKeyByHash(db, hashKey(key, pepper));
    expect(record).toMatchObject({ userId: user!.id, perMinute: 60, perDay: 0, revokedAt: null });

    const listed = await admin('keys', 'list', '--user', name);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(key.slice(0, 12));
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout).toContain('active');

    const revoked = await admin('keys', 'revoke', key.slice(0, 12));
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await findApiKeyByHash(db, hashKey(key, pepper)))?.revokedAt).toBeInstanceOf(Date);
    expect((await admin('keys', 'list', '--user', name)).stdout).toContain('revoked');
  });

  it('fails with a clear message and a non-zero code', async () => {
    const name = randomName('cli');
    expect((await admin('users', 'create', name)).code).toBe(0);

    const duplicate = await admin('users', 'create', name);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/already exists/);

    const unknownUser = await admin('keys', 'create', '--user', randomName('nobody'));
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toMatch(/no user named/);
    expect(unknownUser.stdout).toBe('');

    const unknownPrefix = await admin('keys', 'revoke', 'ppt_zzzzzzzz');
    expect(unknownPrefix.code).toBe(1);
    expect(unknownPrefix.stderr).toMatch(/no API key/);

    const badLimit = await admin('keys', 'create', '--user', name, '--per-minute', 'lots');
    expect(badLimit.code).toBe(2);
    expect(badLimit.stderr).toMatch(/--per-minute/);

    const unknownCommand = await admin('frobnicate');
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/Usage/);
  });
});
