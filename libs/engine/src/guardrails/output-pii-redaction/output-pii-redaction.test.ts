import { describe, expect, it } from 'vitest';
import { effectiveAction } from '../../core/define.ts';
import type { Detection } from '../../core/types.ts';
import { applyRedactions } from '../../detectors/pii/index.ts';
import { outputPiiRedaction } from './output-pii-redaction.ts';

const run = (text: string, config: Record<string, unknown> = {}): Detection =>
  outputPiiRedaction.create(
    outputPiiRedaction.configSchema.parse(config),
    {},
  )({
    text,
    stage: 'output',
    context: {},
    caller: { userId: 'u1' },
  }) as Detection;

describe('OutputPIIRedaction', () => {
  it('redacts by default', () => {
    expect(effectiveAction(outputPiiRedaction.configSchema.parse({}))).toBe('redact');
  });
  it('replaces every occurrence with a typed placeholder', () => {
    const text =
      'Reach Dr. Alice Moreau at alice@example.org or alice@example.org; IBAN DE89 3704 0044 0532 0130 00.';
    const r = run(text);
    expect(applyRedactions(text, r.redactions ?? [])).toBe(
      'Reach Dr. <PERSON> at <EMAIL_ADDRESS> or <EMAIL_ADDRESS>; IBAN <IBAN_CODE>.',
    );
  });
  it('masks keeping the last characters', () => {
    const text = 'Card: 4111-1111-1111-1111';
    expect(applyRedactions(text, run(text, { operator: 'mask' }).redactions ?? [])).toBe(
      'Card: ****-****-****-1111',
    );
  });
  it('leaves clean output alone', () => {
    expect(run('Version 2.4.1 was released on 2024-03-01 (build 20240301).').passed).toBe(true);
  });
});
