import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { BINARY_PATTERNS, binaryAttachment as g } from './binary-attachment.ts';

const types = (text: string, config: Record<string, unknown> = {}) =>
  (checker(g, config)(text).details?.types as string[]) ?? [];
const CJK = '人工智能正在改变我们的工作方式和生活方式。'.repeat(15);
const b64 = Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 37) % 256)).toString('base64');

describe('BinaryAttachment', () => {
  it('passes prose, CJK (regression: 300 characters), emoji and identifiers', () => {
    expect(types('Hello, how are you today?')).toEqual([]);
    expect(types(CJK)).toEqual([]);
    expect(types('🎉🎉🎉 Great job team! 🚀🚀🚀 '.repeat(20))).toEqual([]);
    expect(
      types('commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b and uuid 123e4567-e89b-12d3-a456-426614174000'),
    ).toEqual([]);
  });
  it('finds data URLs, base64 and hex blobs', () => {
    expect(
      types(
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      ),
    ).toEqual(['data_url']);
    expect(types('A'.repeat(512))).toEqual(['base64']);
    expect(types(`payload: ${b64}`)).toEqual(['base64']);
    expect(types('A'.repeat(512), { allowBase64: true })).toEqual([]);
    expect(types('0a1b'.repeat(100))).toEqual(['hex']);
    expect(types('\\x90'.repeat(40))).toEqual(['hex_escapes']);
  });
  it('finds control characters and file signatures', () => {
    expect(types('\x00\x01\x02\x03'.repeat(200))).toContain('binary');
    expect(types('%PDF-1.7 ...')).toEqual(['file_signature']);
  });
  it('uses linear-time patterns', async () => {
    for (const re of BINARY_PATTERNS) expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});
