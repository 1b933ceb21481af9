import { describe, expect, it } from 'vitest';
import type { Detection } from '../../core/types.ts';
import { findMedicalTerms, MEDICAL_TERMS } from '../../detectors/pii/medical.ts';
import { phiAwareness } from './phi-awareness.ts';

const run = (text: string, config: Record<string, unknown> = {}): Detection =>
  phiAwareness.create(
    phiAwareness.configSchema.parse(config),
    {},
  )({
    text,
    stage: 'input',
    context: {},
    caller: { userId: 'u1' },
  }) as Detection;

describe('PHIAwareness', () => {
  it('flags a diagnosis tied to a named person', () => {
    const r = run('Patient John Miller was diagnosed with type 2 diabetes and started metformin.');
    expect(r.passed).toBe(false);
    expect(r.findings?.map((f) => f.type)).toEqual([
      'PERSON',
      'MEDICAL_FACT',
      'MEDICAL_FACT',
      'MEDICAL_FACT',
    ]);
    expect(r.redactions?.[0]?.replacement).toBe('<PERSON>');
    expect(r.message).not.toContain('Miller');
  });
  it('matches multi-word medical terms across any whitespace, and only as words', () => {
    const facts = (text: string) =>
      run(text)
        .findings?.filter((f) => f.type === 'MEDICAL_FACT')
        .map((f) => text.slice(f.start, f.end));
    expect(facts('Patient John Miller was treated for heart\n failure after a blood test.')).toEqual([
      'treated for',
      'heart\n failure',
      'blood test',
    ]);
    expect(run('Patient John Miller wrote about heartfailure and bloodtests.').passed).toBe(true);
  });
  it('finds exactly what the whole-text MEDICAL_TERMS scan finds', () => {
    const text =
      "HIV, ſtd and \u212Aidney disease; a1c x-Ray covid-19 alzheimer's _asthma éasthma 2asthma questions cooperation ct\u2003scan";
    const all = [...text.matchAll(MEDICAL_TERMS)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
    }));
    expect(all.length).toBeGreaterThan(8);
    expect(findMedicalTerms(text)).toEqual(all);
  });
  it('flags a medication next to an identifier', () => {
    expect(run('Member SSN 078-05-1123 prescribed sertraline 50mg').passed).toBe(false);
  });
  it('passes generic medical text', () => {
    expect(run('Diabetes is a chronic condition.').passed).toBe(true);
    expect(run('Metformin is usually the first medication prescribed for type 2 diabetes.').passed).toBe(
      true,
    );
  });
  it('passes personal data without medical facts', () => {
    expect(run('Contact John Miller at john@example.com').passed).toBe(true);
  });
  it('respects the window', () => {
    const far = `John Miller joined the team. ${'The weather was fine. '.repeat(20)} Asthma is common.`;
    expect(run(far, { windowChars: 50 }).passed).toBe(true);
  });
  it('rejects unknown identifier types', () => {
    expect(phiAwareness.configSchema.safeParse({ identifiers: ['NAME'] }).success).toBe(false);
  });
});
