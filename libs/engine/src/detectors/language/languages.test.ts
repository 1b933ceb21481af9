import { describe, expect, it } from 'vitest';
import { detectLanguage, dominantScript, scriptCounts, toIso3 } from './languages.ts';

describe('language helpers', () => {
  it('normalises codes', () => {
    expect(toIso3('en-US')).toBe('eng');
    expect(toIso3('fra')).toBe('fra');
    expect(toIso3('xx')).toBeUndefined();
  });
  it('identifies common languages on sentence-length text', () => {
    expect(detectLanguage('Hello, how are you doing today, my friend? I hope all is well.')).toBe('eng');
    expect(detectLanguage('Bonjour, je voudrais réserver une table pour deux personnes ce soir.')).toBe(
      'fra',
    );
    expect(detectLanguage('Hola, ¿cómo estás? Quisiera saber el horario de la biblioteca.')).toBe('spa');
    expect(detectLanguage('Привет, как дела? Я хотел бы узнать расписание поездов.')).toBe('rus');
    expect(detectLanguage('今日はとても良い天気ですね。散歩に行きましょう。')).toBe('jpn');
    expect(detectLanguage('这是一个关于天气的句子，今天很好。')).toBe('cmn');
    expect(detectLanguage('ok')).toBe('und');
  });
  it('counts scripts', () => {
    expect(scriptCounts('Hello 世界').counts).toEqual({ Latin: 5, Han: 2 });
    expect(dominantScript('Привет мир hi')).toBe('Cyrillic');
  });
});
