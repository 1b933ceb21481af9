import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { languageRestriction as g } from './language-restriction.ts';

const CJK = '人工智能正在改变我们的工作方式和生活方式。'.repeat(15);

describe('LanguageRestriction', () => {
  const en = checker(g);
  it('passes English, emoji and a few foreign names', () => {
    expect(en('Please summarise the attached report for the board.').passed).toBe(true);
    expect(en('Hello 😊!!!').passed).toBe(true);
    expect(
      en('We met Mr. 王 at the conference in Singapore last week and discussed the roadmap.').passed,
    ).toBe(true);
  });
  it('fails disallowed scripts, even in short texts', () => {
    expect(en('Привет как дела').passed).toBe(false);
    expect(checker(g, { allowedLanguages: ['en', 'ru'] })('Привет как дела').passed).toBe(true);
  });
  it('fails a disallowed language in an allowed script once long enough', () => {
    expect(en('Bonjour, je voudrais réserver une table pour deux personnes ce soir.')).toMatchObject({
      passed: false,
      details: { language: 'fr' },
    });
    expect(en('Bonjour!').passed).toBe(true); // too short to judge the language
  });
  it('passes a 300-character CJK paragraph when CJK languages are allowed (regression)', () => {
    expect(checker(g, { allowedLanguages: ['en', 'zh'] })(CJK).passed).toBe(true);
    expect(en(CJK).passed).toBe(false);
  });
  it('rejects unknown language codes at save time', () => {
    expect(g.configSchema.safeParse({ allowedLanguages: ['klingon'] }).success).toBe(false);
  });
});
