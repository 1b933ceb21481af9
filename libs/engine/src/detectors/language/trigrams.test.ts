import { francAll } from 'franc';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { rankByTrigrams } from './trigrams.ts';

const TEXTS = [
  'Hello, how are you doing today, my friend? I hope all is well.',
  'Bonjour, je voudrais réserver une table pour deux personnes ce soir.',
  'Hola, ¿cómo estás? Quisiera saber el horario de la biblioteca. 😂 123',
  'Привет, как дела? Я хотел бы узнать расписание поездов.',
  'Ich bin Student und suche nach Stipendienmöglichkeiten. Wo kann ich mich darüber informieren?',
  'مرحبا بالعالم، كيف حالك اليوم؟',
  'नमस्ते दुनिया, आप कैसे हैं?',
  'ΑΒΓ δέλτα İstanbul ſtraße 𝐀𝐁𝐂',
  '12345 !!! ???',
  'short',
  'x'.repeat(3000),
];

describe('rankByTrigrams', () => {
  it("gives franc's exact ranking and scores", () => {
    const lists = [Object.values(LANGUAGES).map((l) => l.iso3), [], ['eng', 'fra'], ['rus', 'kor'], ['hin']];
    for (const text of TEXTS)
      for (const only of lists)
        expect([text, only, rankByTrigrams(text, 10, only)]).toEqual([
          text,
          only,
          francAll(text, { minLength: 10, only: [...only] }),
        ]);
  });
});
