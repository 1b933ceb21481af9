import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { iamPermission as g } from './iam-permission.ts';

const toolPermissions = { s3_upload: ['s3:PutObject'], 'db_*': ['db:read'], db_write: ['db:write'] };
const run = (name: string, context: CallContext, config: Record<string, unknown> = {}) =>
  sync(
    g.create(
      g.configSchema.parse({ toolPermissions, ...config }),
      {},
    )({
      text: '',
      stage: 'tool',
      context,
      toolCall: { name, arguments: {} },
      caller: { userId: 'u' },
    }),
  );

describe('IAMPermission', () => {
  it('passes when the agent holds the permissions', () => {
    expect(run('s3_upload', { agent: { permissions: ['s3:PutObject'] } }).passed).toBe(true);
  });
  it('names the missing permissions, combining every matching entry', () => {
    expect(run('s3_upload', { agent: { permissions: ['s3:GetObject'] } })).toMatchObject({
      passed: false,
      details: { missingPermissions: ['s3:PutObject'] },
    });
    expect(run('db_write', { agent: { permissions: ['db:read'] } })).toMatchObject({
      passed: false,
      details: { missingPermissions: ['db:write'] },
    });
  });
  it('fails wildcard grants unless allowWildcards', () => {
    expect(run('s3_upload', { agent: { permissions: ['*'] } })).toMatchObject({
      passed: false,
      details: { wildcardPermissions: ['*'] },
    });
    expect(run('s3_upload', { agent: { permissions: ['s3:*'] } }, { allowWildcards: true }).passed).toBe(
      true,
    );
    expect(run('db_write', { agent: { permissions: ['s3:*'] } }, { allowWildcards: true }).passed).toBe(
      false,
    );
  });
  it('handles unmapped tools and missing facts', () => {
    expect(run('calculator', {}).passed).toBe(true);
    expect(run('calculator', {}, { unmappedTools: 'deny' }).passed).toBe(false);
    expect(run('s3_upload', {})).toMatchObject({
      passed: true,
      message: expect.stringContaining('No agent.permissions'),
    });
    expect(run('s3_upload', {}, { onMissing: 'fail' }).passed).toBe(false);
  });
});
