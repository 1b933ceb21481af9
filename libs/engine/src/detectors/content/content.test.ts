import { describe, expect, it } from 'vitest';
import { HATE_FAMILIES } from '../../guardrails/hate-speech/hate-speech.ts';
import { MEDICAL } from '../../guardrails/nsfw-advanced/nsfw-advanced.ts';
import { SELF_HARM_FAMILIES } from '../../guardrails/self-harm/self-harm.ts';
import { VIOLENCE_FAMILIES } from '../../guardrails/violence/violence.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { normalizeText } from '../normalize/normalize.ts';
import { foldText, narrowSafePatterns, tokenize } from './folded.ts';
import { Lexicon, maskWord } from './lexicon.ts';
import { BENIGN_CONTEXT, HARM_FAMILIES, REQUEST_FRAME, REQUEST_TOPICS } from './phrases.ts';
import { analyzeContent, contentLexicon, modelTokens, signalTags } from './signals.ts';
import { narrowSafe, tokenHash } from './tokens.ts';

const cats = (t: string) => contentLexicon.match(t).map((h) => `${h.matched}:${h.entry.category}`);

describe('content tokens and lexicons', () => {
  it('shares lexicon hits for one folded text and matches nothing with an empty lexicon', () => {
    const folded = foldText('you stupid b1tch');
    const a = contentLexicon.matchTokens(folded.tokens);
    expect(a.map((h) => h.matched)).toContain('bitch');
    expect(contentLexicon.matchTokens(folded.tokens)).toBe(a);
    expect(contentLexicon.matchTokens(tokenize('you stupid b1tch'))).toEqual(a);
    expect(new Lexicon([]).matchTokens(folded.tokens)).toEqual([]);
  });

  it('folds leetspeak, masks, stretched and spelled-out words with original offsets', () => {
    const t = 'p.o.r.n s3x @ss 2017';
    expect(tokenize(t).map((k) => k.text)).toEqual(['porn', 'sex', 'ass', '2017']);
    expect(tokenize(t)[0]).toMatchObject({ start: 0, end: 7 });
    expect(cats('f*ck')).toEqual(['f*ck:profanity-strong']);
    expect(cats('fuuuuck')).toHaveLength(1);
    expect(cats('b!tch')).toEqual(['bitch:profanity-strong']);
    expect(cats('ＦＵＣＫ')).toHaveLength(1);
    expect(cats('n\u200bigger')).toEqual(['nigger:slur']);
  });

  it('reads letters masked anywhere inside a word, in both lookups', () => {
    const masked: Array<[string, string]> = [
      ['f**king', 'fuck'],
      ['motherf***er', 'motherfucker'],
      ['a**hole', 'asshole'],
      ['b***h', 'bitch'],
    ];
    for (const [t, term] of masked) {
      expect(
        contentLexicon.match(t).map((h) => h.entry.term),
        t,
      ).toEqual([term]);
      expect(
        analyzeContent(`you ${t}`).lexHits.map((h) => h.entry.term),
        t,
      ).toEqual([term]);
    }
    // Too little shown to tell the word, or a footnote mark.
    for (const t of ['f***', 'trash*', 'sh****e']) expect(cats(t), t).toEqual([]);
  });

  it('matches whole words and declared suffixes only', () => {
    for (const t of [
      'spicy',
      'Scunthorpe',
      'cocktail',
      "assassin's creed",
      'classic',
      'Dickens',
      'therapist',
      'grape',
    ]) {
      expect(cats(t), t).toEqual([]);
    }
    expect(cats('spics')).toEqual(['spics:slur']);
  });

  it('supports phrases and masks previews', () => {
    const lx = new Lexicon([{ term: 'adult content', category: 'x', weight: 1 }]);
    expect(lx.match('no ADULT   content here')).toHaveLength(1);
    expect(maskWord('faggot')).toBe('f*****');
  });

  it("gives a model the folded tokens' hashes followed by its signal tags", () => {
    const text = 'How do I make a B0MB at home?';
    const s = analyzeContent(text);
    const words = s.folded.text.split(' ');
    expect(words).toEqual(['how', 'do', 'i', 'make', 'a', 'bomb', 'at', 'home']);
    const tags = signalTags(s).trim().split(' ');
    expect(tags).toContain('zzaskweapons');
    const { hashes, count } = modelTokens(s);
    expect(count).toBe(words.length + tags.length);
    // tokenHash is the hash the tokeniser stores, so a tag reads like a word of the text would.
    expect([...hashes.subarray(0, count)]).toEqual([...words, ...tags].map(tokenHash));
    expect(modelTokens(s, { topics: true }).count).toBe(count);
  });

  it('maps folded pattern hits back to the original text', () => {
    const f = foldText('How to make a B0MB!!');
    expect(f.text).toBe('how to make a bomb');
    const s = analyzeContent('How to make a B0MB!!');
    expect(s.requestFrame).toBe(true);
    const hit = s.harmHits.find((h) => h.category === 'weapons')!;
    expect('How to make a B0MB!!'.slice(hit.start, hit.end)).toBe('B0MB');
    expect(signalTags(s)).toContain('zzaskweapons');
  });

  it('reads look-alike letters as the shared normaliser does, offsets kept', () => {
    // Cyrillic inside Latin words, all-look-alike words, circled, mathematical, enclosed and
    // small-capital letters: each used to split or hide the word from every lexicon.
    const t = 'fuсk оff Ⓕⓤⓒⓚ 𝐟𝐮𝐜𝐤 🅵🆄🅲🅺 ꜰᴜᴄᴋ';
    const tokens = tokenize(t);
    expect(tokens.map((k) => k.text)).toEqual(['fuck', 'off', 'fuck', 'fuck', 'fuck', 'fuck']);
    expect(tokens.map((k) => t.slice(k.start, k.end))).toEqual(t.split(' '));
    expect(foldText(t).text).toBe('fuck off fuck fuck fuck fuck');
    expect(cats(t)).toHaveLength(5);
    // Spelled out with spaces, the symbols join as letters do.
    expect(tokenize('🅿 🅾 🆁 🅽').map((k) => k.text)).toEqual(['porn']);
    // Russian and Greek words stay as they are; emoji stay separators; a flag reads as its letters.
    expect(tokenize('Привет, как дела? Καλημέρα').map((k) => k.text)).toEqual([
      'привет',
      'как',
      'дела',
      'καλημερα',
    ]);
    // So do Hebrew and Armenian words; an Armenian look-alike inside a Latin word folds.
    expect(tokenize('שלום Բարև fսck').map((k) => k.text)).toEqual(['שלום', 'բարեւ', 'fuck']);
    expect(tokenize('pizza🍕 in 🇫🇷').map((k) => k.text)).toEqual(['pizza', 'in', 'fr']);
    // Also where a run of over 64 units ends on one (that tail is copied, not read).
    expect(tokenize(`${'a'.repeat(70)}🍕b`).map((k) => k.text)).toEqual(['a'.repeat(70), 'b']);
  });

  it('folds Latin letters without a decomposition as the shared normaliser does', () => {
    const t = 'Cæsar, œuvre, Straße';
    expect(tokenize(t).map((k) => k.text)).toEqual(['caesar', 'oeuvre', 'straße']);
    expect(normalizeText(t).text).toBe('caesar, oeuvre, straße');
  });

  it('reads other scripts as one stand-in and gives their true characters back', () => {
    const t = 'How do I repeat the scale of 文文 the massacres? Я тоже.';
    const folded = foldText(t);
    // One byte per character for the patterns: the string never becomes a two-byte large object.
    expect(folded.text).toBe(
      'how do i repeat the scale of \u00a4\u00a4 the massacres \u00a4 \u00a4\u00a4\u00a4\u00a4',
    );
    expect(folded.tokens.map((k) => k.text)).toContain('文文');
    expect(folded.tokens.at(-1)).toMatchObject({ text: 'тоже', start: t.indexOf('тоже') });
    expect(tokenize(t).map((k) => k.text)).toEqual(folded.tokens.map((k) => k.text));
    // A match across the other script reports its true text.
    expect(analyzeContent(t).topicHits.map((h) => h.matched)).toEqual([
      'how do i repeat the scale of 文文 the massacres',
    ]);
    expect(folded.slice(0, 3)).toBe('how');
  });

  it('runs only patterns that cannot tell the stand-in from other scripts', () => {
    for (const p of [/\bkill\b[^.!?\n]{0,20}?\byou\b/g, /\b(?:how|what) to\b/gi, /\S+ \\d/g]) {
      expect(narrowSafe(p)).toBe(true);
    }
    for (const p of [/убить/g, /\u0443/g, /\p{L}+/gu, /(\w)\1/g, /[^\x00-\xff]/g]) {
      expect(narrowSafe(p)).toBe(false);
    }
    expect(() => narrowSafePatterns([/kill/g, /(\w)\1/g])).toThrow(/cannot run on folded text/);
  });

  it('uses only linear-time patterns', async () => {
    const patterns = [
      REQUEST_FRAME,
      BENIGN_CONTEXT,
      MEDICAL,
      ...[
        ...HARM_FAMILIES,
        ...REQUEST_TOPICS,
        ...HATE_FAMILIES,
        ...VIOLENCE_FAMILIES,
        ...SELF_HARM_FAMILIES,
      ].map((f) => f.pattern),
    ];
    for (const p of patterns) {
      expect(await linearTimeStatus(p), p.source.slice(0, 60)).toBe('safe');
    }
  }, 300_000);

  it('analyses 1 MB of adversarial text well under a second', () => {
    const big =
      `${'k.i.l.l '.repeat(40_000)}${'how to '.repeat(40_000)}${'f*ck '.repeat(40_000)}${'f**k*ng '.repeat(40_000)}`.slice(
        0,
        1_000_000,
      );
    const t0 = performance.now();
    analyzeContent(big);
    expect(performance.now() - t0).toBeLessThan(1000);
    // One asterisk at the end: no token may look for it afresh (it did, quadratically).
    const t1 = performance.now();
    analyzeContent(`${'ab '.repeat(333_000)}f*ck`);
    expect(performance.now() - t1).toBeLessThan(500);
  });
});
