import { describe, expect, it } from 'vitest';
import { blankOtherLanguageWords } from './other-languages.ts';
import { analyzeContent } from './signals.ts';

const counted = (text: string) => analyzeContent(text).lexHits.map((h) => h.matched);
const otherLanguage = (text: string) => analyzeContent(text).otherLanguageHits.map((h) => h.matched);

describe('other languages’ everyday words', () => {
  it('reads a homograph as the other language’s word among that language’s common words', () => {
    expect(otherLanguage('Hoe laat is het?')).toEqual(['hoe']);
    expect(otherLanguage('Das Buch ist sehr dick.')).toEqual(['dick']);
    expect(otherLanguage('Till slut kom han hem.')).toEqual(['slut']);
    expect(otherLanguage('Kan du hjälpa mig med en prick på kartan?')).toEqual(['prick']);
    expect(otherLanguage('Ce faci? Cum merge treaba?')).toEqual(['cum']);
    expect(counted('Hoe laat is het?')).toEqual([]);
    // A Latin phrase inside English text.
    expect(otherLanguage('She graduated magna cum laude from Yale.')).toEqual(['cum']);
  });

  it('reads it as English in English text, or with too little of the other language', () => {
    for (const text of [
      'that hoe is lying to you',
      'you are such a dick',
      'Hoe',
      'what a prick, ist das',
      'cum on me',
    ]) {
      expect(otherLanguage(text), text).toEqual([]);
      expect(counted(text).length, text).toBeGreaterThan(0);
    }
    // Only the homographs of the language the text is in: "slut" is not Dutch.
    expect(counted('Het is een slut, ik weet het.')).toEqual(['slut']);
  });

  it('blanks the words for a model that reads the text, keeping offsets', () => {
    const text = 'Weet je hoe ik dit moet installeren?';
    expect(blankOtherLanguageWords(text, analyzeContent(text).otherLanguageHits)).toBe(
      'Weet je     ik dit moet installeren?',
    );
  });
});
