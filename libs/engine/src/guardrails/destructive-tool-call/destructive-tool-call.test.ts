import { describe, expect, it } from 'vitest';
import { DESTRUCTIVE_PATTERNS } from '../../detectors/commands/destructive.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { destructiveToolCall as g } from './destructive-tool-call.ts';

const run = (name: string, args: Record<string, unknown>, config: Record<string, unknown> = {}) =>
  sync(
    g.create(
      g.configSchema.parse(config),
      {},
    )({
      text: JSON.stringify({ name, arguments: args }),
      stage: 'tool',
      context: {},
      toolCall: { name, arguments: args },
      caller: { userId: 'u' },
    }),
  );
const types = (name: string, args: Record<string, unknown>, config?: Record<string, unknown>) =>
  (run(name, args, config).details?.types as string[] | undefined) ?? [];

describe('DestructiveToolCall', () => {
  it('passes ordinary calls and their look-alikes', () => {
    for (const command of [
      'ls -la /tmp',
      'git push origin main',
      'SELECT * FROM users WHERE id = 1',
      'DELETE FROM sessions WHERE expires < now()',
      'kubectl get pods',
      'terraform plan',
      'echo "drop me a line"',
      'npm run format',
    ])
      expect(run('shell.exec', { command }).passed, command).toBe(true);
    expect(run('read_user', { id: 1 }).passed).toBe(true);
  });
  it('finds destructive commands anywhere in the arguments', () => {
    expect(types('shell.exec', { command: 'rm -rf /' })).toContain('rm_recursive');
    expect(types('shell', { steps: [{ run: 'cd x && rm *.log' }] })).toContain('rm_wildcard');
    expect(types('sql', { query: 'DROP TABLE users;' })).toContain('sql_drop');
    expect(types('sql', { query: 'truncate table audit' })).toContain('sql_truncate');
    expect(types('sql', { query: 'DELETE FROM users;' })).toContain('sql_without_where');
    expect(types('sql', { query: 'update accounts set balance = 0' })).toContain('sql_without_where');
    expect(types('git', { cmd: 'git push --force origin main' })).toContain('git_force_push');
    expect(types('git', { cmd: 'git push origin +main' })).toContain('git_force_push');
    expect(types('k8s', { cmd: 'kubectl delete ns prod' })).toContain('kubectl_delete');
    expect(types('iac', { cmd: 'terraform destroy -auto-approve' })).toContain('iac_destroy');
    expect(types('aws', { cmd: 'aws s3 rm s3://b --recursive' })).toContain('cloud_delete');
    expect(types('redis', { cmd: 'FLUSHALL' })).toContain('datastore_flush');
    expect(types('ps', { cmd: 'Remove-Item C:\\data -Recurse -Force' })).toContain('windows_delete');
    expect(types('sh', { cmd: 'dd if=/dev/zero of=/dev/sda bs=1M' })).toContain('disk_wipe');
    expect(run('sh', { cmd: 'dd if=a.img of=b.img' }).passed).toBe(true);
    expect(run('git', { cmd: 'git push origin main; ls -f' }).passed).toBe(true);
    expect(types('mongo', { code: 'db.users.deleteMany({})' })).toContain('datastore_flush');
  });
  it('flags destructive tool names and mass deletes', () => {
    expect(types('delete_user', { id: 3 })).toEqual(['destructive_tool']);
    expect(types('dropTable', { table: 'x' })).toEqual(['destructive_tool']);
    expect(
      types(
        'delete_records',
        { ids: Array.from({ length: 150 }, (_, i) => i) },
        { allowedTools: ['delete_records'] },
      ),
    ).toEqual(['mass_delete']);
    expect(types('delete_files', { path: '/data', recursive: true }, { allowedTools: ['delete_*'] })).toEqual(
      ['mass_delete'],
    );
    expect(run('delete_user', { id: 3 }, { allowedTools: ['delete_user'] }).passed).toBe(true);
  });
  it('exempts argument values matching an allowed pattern', () => {
    expect(
      run('shell', { command: 'rm -rf ./build' }, { allowedPatterns: ['^rm -rf \\./build$'] }).passed,
    ).toBe(true);
    expect(run('shell', { command: 'rm -rf /' }, { allowedPatterns: ['^rm -rf \\./build$'] }).passed).toBe(
      false,
    );
    expect(g.configSchema.safeParse({ allowedPatterns: ['('] }).success).toBe(false);
  });
  it('fails arguments too deeply nested to scan rather than skipping them', () => {
    let deep: Record<string, unknown> = { command: 'ls' };
    for (let i = 0; i < 100; i++) deep = { next: deep };
    expect(types('shell', deep)).toEqual(['unscanned_arguments']);
  });
  it('uses only linear-time patterns', async () => {
    for (const p of DESTRUCTIVE_PATTERNS)
      for (const re of p.andThen ? [p.re, p.andThen] : [p.re])
        expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});
