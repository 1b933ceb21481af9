import { describe, expect, it } from 'vitest';
import { sync } from '../../detectors/testing/harness.ts';
import { fileWriteRestriction as g, judgePath } from './file-write-restriction.ts';

const run = (args: Record<string, unknown>, config: Record<string, unknown> = {}, name = 'write_file') =>
  sync(
    g.create(
      g.configSchema.parse(config),
      {},
    )({ text: '', stage: 'tool', context: {}, toolCall: { name, arguments: args }, caller: { userId: 'u' } }),
  );
const problems = (p: string) => judgePath(p, ['/tmp', '/workspace'], '/workspace', false).problems;

describe('FileWriteRestriction', () => {
  it('allows writes inside the roots, relative paths resolved against the base', () => {
    expect(run({ path: '/tmp/output.txt', content: 'hi' }).passed).toBe(true);
    expect(run({ path: 'reports/q1.md' }).passed).toBe(true);
    expect(run({ path: './a/./b.txt' }).passed).toBe(true);
  });
  it('fails writes outside the roots and system locations', () => {
    expect(problems('/etc/hosts')).toEqual(['outside the allowed roots', 'system location']);
    expect(problems('/var/www/index.html')).toEqual(['outside the allowed roots']);
    expect(problems('/tmpfoo/x')).toEqual(['outside the allowed roots']);
  });
  it('detects traversal after normalisation, including encoded and backslash forms', () => {
    expect(problems('/workspace/../etc/passwd')).toContain('path traversal (..)');
    expect(problems('/workspace/%2e%2e/%2e%2e/root/x')).toContain('path traversal (..)');
    expect(problems('..\\..\\Windows\\win.ini')).toContain('path traversal (..)');
    expect(problems('/workspace/a/../b.txt')).toEqual(['path traversal (..)']);
  });
  it('refuses sensitive files even inside the roots', () => {
    expect(problems('/tmp/.env')).toEqual(['sensitive file (.env)']);
    expect(problems('/workspace/.env.production')).toEqual(['sensitive file (.env.production)']);
    expect(problems('/workspace/.ssh/authorized_keys')).toContain('sensitive directory (.ssh)');
    expect(problems('/workspace/id_rsa')).toEqual(['sensitive file (id_rsa)']);
    expect(problems('/workspace/server.pem')).toEqual(['sensitive file (server.pem)']);
    expect(problems('/workspace/environment.md')).toEqual([]);
  });
  it('checks nested path arguments and content size', () => {
    expect(run({ files: [{ path: '/tmp/a' }, { path: '/etc/passwd' }] }).passed).toBe(false);
    const r = run({ path: '/tmp/a', content: 'x'.repeat(2048) }, { maxContentBytes: 1024 });
    expect(r).toMatchObject({ passed: false, details: { contentBytes: 2048 } });
  });
  it('only checks the configured tools', () => {
    expect(run({ path: '/etc/passwd' }, { tools: ['write_*'] }, 'read_file').passed).toBe(true);
  });
  it('can refuse hidden files', () => {
    expect(run({ path: '/tmp/.cache/x' }, { blockHiddenFiles: true }).passed).toBe(false);
    expect(run({ path: '/tmp/.cache/x' }).passed).toBe(true);
  });
});
