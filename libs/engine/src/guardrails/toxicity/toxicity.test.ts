import { describe, expect, it } from 'vitest';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { HARM_WISH } from './harm-wishes.ts';
import { THREAT } from './threats.ts';
import { toxicity } from './toxicity.ts';

const run = (text: string, config: Record<string, unknown> = {}) =>
  toxicity.create(
    toxicity.configSchema.parse(config),
    {},
  )({ text, stage: 'input', context: {}, caller: { userId: 'u' } }) as unknown as {
    passed: boolean;
    details: { scores: Record<string, number>; categories?: string[] };
    findings?: Array<{ type: string; preview: string; start: number }>;
  };

describe('Toxicity', () => {
  it('flags insults, slurs and obfuscated profanity with per-category scores', () => {
    const r = run('shut up you stupid b1tch, nobody wants you here');
    expect(r.passed).toBe(false);
    expect(r.details.scores['profanity']).toBeGreaterThan(0.5);
    expect(r.details.scores['toxic']).toBeGreaterThan(0.5);
    const s = run('you f*cking n1gger');
    expect(s.passed).toBe(false);
    expect(s.details.categories).toContain('hate');
    expect(s.findings?.every((f) => !/gg/.test(f.preview))).toBe(true);
    // Political name-calling is an insult, also when obfuscated.
    expect(run('typical l1btard logic').details.scores['insult']).toBeGreaterThan(0);
  });

  it('reads look-alike letters: Cyrillic inside words, letter-shaped symbols, small capitals', () => {
    // Each of these scored 0.28, as an empty text does, before the content analysis read them.
    for (const text of ['fuсk оff', '🅵🆄🅲🅺 🅾🅵🅵', 'ꜰᴜᴄᴋ ᴏꜰꜰ']) {
      const r = run(text);
      expect(r.passed).toBe(false);
      expect(r.details.scores['profanity']).toBeGreaterThan(0.5);
      expect(r.findings?.[0]?.start).toBe(0);
    }
  });

  it('passes everyday remarks that use strong words mildly', () => {
    // Without the remarks of train/everyday-chat.ts all four failed.
    for (const t of [
      'My little brother went nuts when he opened his birthday present.',
      "I'm starving, let's get lunch.",
      'The movie was dumb but fun.',
      'I got destroyed at chess by my eight-year-old niece.',
    ]) {
      expect(run(t).passed, t).toBe(true);
    }
    expect(run('you are a worthless idiot and everyone hates you').passed).toBe(false);
  });

  it('passes benign look-alikes and identity terms alone', () => {
    for (const t of [
      'I love spicy food',
      'We drove through Scunthorpe yesterday',
      'Order a cocktail at the bar',
      "Assassin's Creed has a great story",
      'How do I kill the process on port 3000?',
      'Shoot a photo of the sunset',
      'same-sex couples',
      'Black people',
      'Muslims',
      'The weather is lovely today, thanks for asking.',
      // Code, identifiers and numbers: their character n-grams once read as toxic.
      'linear_token: "lin_api_21ms42m0rt0gp0i86006733771pdz9daofv4qlm2"',
      'rapidapiToken = hak8pgad2h5i9__7en3e9t0i-yicjyzoiafbykg-uo2tzxazgi',
      '122000000000003',
      'Please send me the invoice by Friday.',
      'She moved here from France',
    ]) {
      expect(run(t).passed, t).toBe(true);
    }
  });

  it('does not fail on a slur that is also an everyday word alone', () => {
    for (const t of ['Gorgeous calico Maine coon cat', 'E250 motor and tranny for sale', 'auto tranny']) {
      const r = run(t);
      expect(r.passed, t).toBe(true);
      expect(r.details.scores['hate'], t).toBe(0.6);
    }
    expect(run('you f*cking n1gger').details.scores['hate']).toBe(1);
    // Niger's sports code: the same letters as a slur, so it only feeds the model.
    expect(run('NIG 2 - 1 GHA').details.scores['hate']).toBe(0.6);
  });

  it('passes everyday words of other languages that English reads as abuse, and fails them in English', () => {
    // Each failed at 0.95 or more before (other-languages.ts).
    for (const t of ['Hoe laat is het?', 'Das Buch ist sehr dick.', 'Till slut kom han hem.']) {
      expect(run(t).passed, t).toBe(true);
    }
    for (const t of ['that hoe is lying to you', 'you are such a dick']) expect(run(t).passed, t).toBe(false);
  });

  it('reads the commonest profanity of other languages, not their ordinary words', () => {
    for (const t of [
      'Vete a la mierda, imbécil.',
      'Sei un coglione e un pezzo di merda.',
      'Halt die Fresse, du Hurensohn.',
      'Jij bent een vieze hoer.',
    ]) {
      const r = run(t);
      expect(r.passed, t).toBe(false);
      expect(r.details.scores['profanity'], t).toBe(0.8);
    }
    for (const t of ['El zorro y la zorra viven en el bosque.', 'La gueule du loup est grande.']) {
      expect(run(t).passed, t).toBe(true);
    }
  });

  it('fails compound slurs written in two words as it fails them written in one', () => {
    for (const t of ['ching-chong go home', 'look at that camel jockey', 'a bunch of porch monkeys']) {
      const r = run(t, { threshold: 1 });
      expect(r.passed, t).toBe(false);
      expect(r.details.categories, t).toEqual(['hate']);
    }
    // The words apart, or in other compounds, are not the slur.
    for (const t of [
      'We had a green curry for lunch.',
      'The camel race had a famous jockey.',
      'Sew a polka dot headband.',
    ]) {
      expect(run(t, { threshold: 1 }).details.scores['hate'], t).toBe(0);
    }
  });

  /** With the model left out (threshold 1): each of `fail` fails on `violence` alone, each of `pass` passes. */
  const violenceAlone = (fail: string[], pass: string[]): void => {
    for (const t of fail) {
      const r = run(t, { threshold: 1 });
      expect(r.passed, t).toBe(false);
      expect(r.details.categories, t).toEqual(['violence']);
    }
    for (const t of pass) expect(run(t, { threshold: 1 }).passed, t).toBe(true);
  };

  it('fails wishes of death or harm on their own, not advice or talk about hell', () => {
    violenceAlone(
      [
        'CNN. Total scum....may you all pay with your lives',
        'May he rot in hell for what he did.',
        'Die already so we can move on!!',
        'He deserves 1000 lashes.',
        'just kill yourself',
        'k1ll y0urself',
        'Do us all a favour and die.',
        'The world would be better off without you.',
        'Go hang yourself.',
      ],
      [
        "Don't kill yourself over this deadline.",
        'Do me a favour and grab some milk.',
        'The team is better off without you on this ticket.',
        'The world would be a better place without plastic bags.',
        'Just shoot yourself a message when it is done.',
        'Go drown yourself in coffee.',
        'Do Catholics believe sinners burn in hell?',
        'Does a murderer deserve a second chance?',
      ],
    );
  });

  it('fails threats of violence and calls for it on their own, not violent verbs aimed at things or at the writer', () => {
    violenceAlone(
      [
        "I'm going to find you and kill you.",
        'We will shoot them.',
        'Those people should be hanged.',
        'Round them up and shoot them all.',
        'I hope your whole family burns in the fire.',
        "I'd love to see him hanged.",
      ],
      [
        "I'm not going to kill him, relax.",
        'We need to kill all the zombies before nightfall.',
        "I'll kill the process and restart the server.",
        'My mom is going to kill me when she sees this.',
        'The photos should be shot in natural light.',
        'I hope your family has a lovely holiday.',
      ],
    );
  });

  it('does not ask the model about short plain questions, but about those that name a group or address the reader', () => {
    const toxic = (t: string) => run(t).details.scores['toxic'];
    for (const t of [
      'Who is Joe Biden?',
      'Where was Kamala Harris born?',
      'Can you tell me who the president of France is?',
    ])
      expect(toxic(t), t).toBe(0);
    for (const t of [
      'Why are fat people always so lazy?',
      "Aren't all atheist people violent?",
      "Why don't you go back to your country?",
      'Who is Joe Biden? I mean it.\nWho?',
    ])
      expect(toxic(t), t).toBeGreaterThan(0);
    // A rude word keeps the model in: the question still fails.
    expect(run('Why is Joe Biden such an idiot?').passed).toBe(false);
  });

  it("does not read politicians' names as toxic, only what is said of them", () => {
    // Each failed before the model stopped reading politicians' names (0.76, 0.75, 0.84, 0.99).
    for (const t of [
      'Biden signed the bill today.',
      'Trump will speak in Ohio on Friday.',
      'Joe is here.',
      'Biden',
    ])
      expect(run(t).passed, t).toBe(true);
    for (const t of ['Biden is a senile idiot', 'Kamala is a dumb bitch', 'Fuck Biden'])
      expect(run(t).passed, t).toBe(false);
  });

  it('uses linear-time patterns for harm wishes and threats', async () => {
    expect(await linearTimeStatus(HARM_WISH.pattern)).toBe('safe');
    expect(await linearTimeStatus(THREAT.pattern)).toBe('safe');
  }, 60_000);

  it('quoting does not bypass it', () => {
    expect(run('He wrote "you worthless piece of shit, go die"').passed).toBe(false);
  });

  it('respects the category list and threshold', () => {
    expect(run('what a lovely day', { threshold: 0 }).passed).toBe(false);
    expect(run('you f*cking n1gger', { categories: ['sexual'] }).passed).toBe(true);
  });

  it('reports the first 50 hits of a failing text, lexicon hits before violent phrases, and none when it passes', () => {
    const r = run(`${'you idiot. '.repeat(60)}I hope you die`);
    expect(r.passed).toBe(false);
    expect(r.findings).toHaveLength(50);
    expect(r.findings?.every((f) => f.type === 'insult')).toBe(true);
    expect(r.findings?.map((f) => f.start).slice(0, 3)).toEqual([4, 15, 26]);
    expect(run('you idiot. I hope you die').findings?.map((f) => f.type)).toEqual(['insult', 'violence']);
    expect(run('what a lovely day').findings).toBeUndefined();
  });

  it('handles 1 MB adversarial input quickly', () => {
    const big = 'f*ck '.repeat(100_000) + 'a'.repeat(500_000);
    const t0 = performance.now();
    run(big);
    expect(performance.now() - t0).toBeLessThan(1000);
    // Every word a homograph or another language's word (other-languages.ts reads each hit once).
    const dutch = 'hoe laat is het '.repeat(64_000);
    const t1 = performance.now();
    expect(run(dutch).passed).toBe(true);
    expect(performance.now() - t1).toBeLessThan(1000);
  });
});
