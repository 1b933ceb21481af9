import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callContextSchema } from './context.ts';

describe('callContextSchema', () => {
  it('accepts the documented facts', () => {
    const ok = callContextSchema.safeParse({
      userConsent: { given: true, scopes: ['analytics'], legalBasis: 'consent' },
      model: { name: 'gpt-4o-2024-08-06', provider: 'openai' },
      usage: { estimatedCostUsd: 0.01, dailyCostUsd: 3 },
      retention: { dataCollectedAt: '2024-01-01T00:00:00Z', legalHold: false },
      telemetry: { enabled: true, auditLogging: true },
      toolCall: { name: 'search', arguments: { q: 'x' } },
      agent: { id: 'a1', permissions: ['s3:GetObject'] },
      sources: [{ text: 'doc' }],
      inputText: 'hi',
      inputLanguage: 'en',
      securitySignals: { keyLeakSuspected: true },
      endUserId: 'alice',
    });
    expect(ok.success).toBe(true);
  });
  it('is strict at every level', () => {
    expect(callContextSchema.safeParse({ user: 'x' }).success).toBe(false);
    expect(callContextSchema.safeParse({ model: { name: 'x', version: '1' } }).success).toBe(false);
    expect(callContextSchema.safeParse({ retention: { dataCollectedAt: 'yesterday' } }).success).toBe(false);
  });
  it('documents every top-level field', () => {
    const schema = z.toJSONSchema(callContextSchema, { io: 'input' }) as {
      properties: Record<string, { description?: string }>;
    };
    const undocumented = Object.entries(schema.properties)
      .filter(([, p]) => !p.description)
      .map(([k]) => k);
    expect(undocumented).toEqual([]);
  });
});
