import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { modelVersionPin as g, isPinnedModel, MODEL_PIN_PATTERNS } from './model-version-pin.ts';

const run = (context: CallContext, config: Record<string, unknown> = {}) =>
  sync(
    g.create(
      g.configSchema.parse(config),
      {},
    )({ text: '', stage: 'input', context, caller: { userId: 'u' } }),
  );

describe('ModelVersionPin', () => {
  it('recognises pinned snapshots and floating aliases', () => {
    for (const m of [
      'gpt-4o-2024-08-06',
      'claude-3-5-sonnet-20241022',
      'gpt-4-0613',
      'gemini-1.5-pro-002',
      'anthropic.claude-v2:1',
    ])
      expect(isPinnedModel(m), m).toBe(true);
    for (const m of ['gpt-4', 'gpt-4.1', 'claude-3-5-sonnet-latest', 'llama3', 'mistral-large'])
      expect(isPinnedModel(m), m).toBe(false);
  });
  it('fails an undated alias when a pinned version is required', () => {
    const r = run({ model: { name: 'gpt-4' } }, { allowedModels: ['gpt-4*'] });
    expect(r).toMatchObject({ passed: false, message: expect.stringContaining('not version-pinned') });
    expect(run({ model: { name: 'gpt-4' } }, { requirePinned: false }).passed).toBe(true);
  });
  it('fails a model outside the allowed list, with globs', () => {
    const cfg = { allowedModels: ['gpt-4.1-2024-11-20', 'claude-3-5-*'] };
    expect(run({ model: { name: 'gpt-4.1-2024-10-01' } }, cfg)).toMatchObject({
      passed: false,
      message: expect.stringContaining('not in the allowed model list'),
    });
    expect(run({ model: { name: 'gpt-4.1-2024-11-20' } }, cfg).passed).toBe(true);
    expect(run({ model: { name: 'Claude-3-5-Sonnet-20241022' } }, cfg).passed).toBe(true);
  });
  it('follows onMissing without a model', () => {
    expect(run({}).passed).toBe(true);
    expect(run({}, { onMissing: 'fail' }).passed).toBe(false);
  });
  it('uses only linear-time patterns', async () => {
    for (const re of MODEL_PIN_PATTERNS) expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 60_000);
});
