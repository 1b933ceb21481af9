import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { languageSame as g } from './language-same.ts';

const en = 'Can you explain how photosynthesis works in simple terms?';
const fr =
  'La photosynthèse est le processus par lequel les plantes produisent leur énergie à partir de la lumière.';
const enAnswer =
  'Photosynthesis is the process plants use to turn light, water and air into sugar and oxygen.';

describe('LanguageSame', () => {
  const run = checker(g);
  it('passes output in the input language', () => {
    expect(run(enAnswer, { context: { inputText: en } }).passed).toBe(true);
    expect(run(fr, { context: { inputLanguage: 'fr' } }).passed).toBe(true);
  });
  it('fails output in another language', () => {
    expect(run(fr, { context: { inputText: en } })).toMatchObject({
      passed: false,
      details: { inputLanguage: 'en', outputLanguage: 'fr' },
    });
    expect(run(enAnswer, { context: { inputLanguage: 'fra' } }).passed).toBe(false);
  });
  it('passes too-short texts and follows onMissing', () => {
    expect(run('OK.', { context: { inputText: en } }).passed).toBe(true);
    expect(run(enAnswer).passed).toBe(true);
    expect(checker(g, { onMissing: 'fail' })(enAnswer).passed).toBe(false);
  });
});
