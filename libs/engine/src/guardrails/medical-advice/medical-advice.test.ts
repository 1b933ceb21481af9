import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { medicalAdvice as g, MEDICAL_PATTERNS } from './medical-advice.ts';

describe('MedicalAdvice', () => {
  const run = checker(g);
  it('passes general health information and first aid', () => {
    for (const t of [
      'Exercise is good for health.',
      'Diabetes is a chronic condition that affects how the body turns food into energy.',
      'Apply pressure to the wound and call emergency services.',
      'Ibuprofen is a nonsteroidal anti-inflammatory drug.',
      'You have a meeting at 3 pm about the cancer research grant.',
    ])
      expect(run(t).passed, t).toBe(true);
  });
  it('fails diagnoses, dosages and directives', () => {
    expect(run('Based on your symptoms, you have diabetes.').passed).toBe(false);
    expect(run('Take 500mg twice daily with food.').passed).toBe(false);
    expect(run('You should take antibiotics.').passed).toBe(false);
    expect(run('This is not medical advice, but take 2 tablets of 400 mg every 6 hours.').passed).toBe(false);
    expect(run('Just double your dose tonight.').passed).toBe(false);
  });
  it('fails requests for individual advice unless allowRequests', () => {
    expect(run('How much ibuprofen should I take for my back?').passed).toBe(false);
    expect(run('Do I have cancer?').passed).toBe(false);
    expect(checker(g, { allowRequests: true })('Do I have cancer?').passed).toBe(true);
  });
  it('uses linear-time patterns', async () => {
    for (const { re } of MEDICAL_PATTERNS) expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 180_000);
});
