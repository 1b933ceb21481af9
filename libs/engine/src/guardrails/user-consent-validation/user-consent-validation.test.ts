import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../core/context.ts';
import { sync } from '../../detectors/testing/harness.ts';
import { userConsentValidation as g } from './user-consent-validation.ts';

const run = (context: CallContext, config: Record<string, unknown> = {}) =>
  sync(
    g.create(
      g.configSchema.parse(config),
      {},
    )({ text: '', stage: 'input', context, caller: { userId: 'u' } }),
  );

describe('UserConsentValidation', () => {
  it('passes plainly when consent is absent, or fails with onMissing fail', () => {
    expect(run({})).toMatchObject({ passed: true, message: expect.stringContaining('No userConsent') });
    expect(run({}, { onMissing: 'fail' })).toMatchObject({ passed: false });
  });
  it('fails when consent was refused', () => {
    expect(run({ userConsent: { given: false } })).toMatchObject({ passed: false });
  });
  it('passes given consent covering the scopes, case-insensitively', () => {
    const ctx = { userConsent: { given: true, scopes: ['Analytics', 'ai_processing'] } };
    expect(run(ctx, { requiredScopes: ['analytics'] }).passed).toBe(true);
  });
  it('names the missing scopes', () => {
    const r = run({ userConsent: { given: true, scopes: ['ai'] } }, { requiredScopes: ['analytics', 'ai'] });
    expect(r).toMatchObject({ passed: false, details: { missingScopes: ['analytics'] } });
    expect(r.message).toContain('analytics');
  });
  it('accepts an allowed legal basis instead of consent', () => {
    const ctx = { userConsent: { given: false, legalBasis: 'contract' } };
    expect(run(ctx, { allowedLegalBases: ['contract'] }).passed).toBe(true);
    expect(run(ctx, { allowedLegalBases: ['legal_obligation'] }).passed).toBe(false);
  });
  it('rejects unknown keys', () => {
    expect(g.configSchema.safeParse({ warnOnly: true }).success).toBe(false);
  });
});
