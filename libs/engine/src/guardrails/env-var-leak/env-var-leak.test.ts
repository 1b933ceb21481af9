import { describe, expect, it } from 'vitest';
import { envVarLeak } from './env-var-leak.ts';

const caller = { userId: 'u1' };
const run = (text: string, config: Record<string, unknown> = {}) =>
  envVarLeak.create(
    envVarLeak.configSchema.parse(config),
    {},
  )({ text, stage: 'output', context: {}, caller });

describe('EnvVarLeak', () => {
  it('finds KEY=value secrets', async () => {
    const r = await run('export OPENAI_API_KEY=sk-proj-Qw3rTy7uIo9pAs2dFg5hJk8lZx4cVb6nMq1wE3rT5yU7iO9p');
    expect(r.passed).toBe(false);
    expect(r.findings?.[0]?.start).toBe(22);
    expect((await run('API_KEY=supersecret1234567890')).passed).toBe(false);
  });

  it('finds secret-named variables of an environment dump whatever their shape', async () => {
    const dump = 'HOME=/home/app\nPATH=/usr/bin:/bin\nDB_PASSWORD=hunter\nNODE_ENV=production';
    const r = await run(dump);
    expect(r.findings?.map((f) => [f.type, dump.slice(f.start, f.end)])).toEqual([
      ['env-dump-secret', 'hunter'],
    ]);
    expect((await run(dump, { rules: { disabled: ['env-dump-secret'] } })).passed).toBe(true);
  });

  it('passes prices, variable mentions and references', async () => {
    for (const text of [
      'It costs $20, or $5 a month.',
      '$HOME is your home directory.',
      'Set process.env.OPENAI_API_KEY in your shell.',
      'export TOKEN=$TOKEN',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder under test
      'DATABASE_URL=${DATABASE_URL}',
    ]) {
      expect((await run(text)).passed, text).toBe(true);
    }
  });
});
