/**
 * The optimised `Featurizer.score` must give the same logits as the frozen pre-optimisation code
 * (`reference.ts`, up to the order of a floating-point sum) for the shipped models of the original tokenizer: on every eval text (raw and as
 * each guardrail's model input), on long multi-window texts, and on random Unicode strings. (The
 * injection model uses the `deobfuscate` tokenizer and the harmful-request model reads the content
 * analysis' token hashes, both of which the reference predates; their scoring is checked against
 * the streaming sink in text-classifier.test.ts.) The toxicity model is two models, word n-grams
 * and character n-grams with a table each (`charModel`): each part is checked as a model of its
 * own, and their mean as `score` computes it in one pass.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { maskCodeTokens } from '../../guardrails/toxicity/code-tokens.ts';
import toxicityJson from '../../guardrails/toxicity/model/toxicity.model.json' with { type: 'json' };
import { analyzeContent, modelInput, signalTags } from '../content/signals.ts';
import { Featurizer } from './featurize.ts';
import {
  createClassifier,
  decodeWeights,
  type LinearModelJson,
  loadModel,
  MIN_TAIL_TOKENS,
  rng,
  ScoreSink,
  trainLogisticRegression,
  WINDOW_TOKENS,
} from './index.ts';
import { referenceLogit } from './reference.ts';

const here = dirname(fileURLToPath(import.meta.url));
const evalDir = join(here, '../../../../../../shared/eval');

function evalTexts(): string[] {
  if (!existsSync(evalDir)) return [];
  const out: string[] = [];
  for (const f of readdirSync(evalDir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(evalDir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const rec = JSON.parse(line) as { text?: unknown };
      if (typeof rec.text === 'string') out.push(rec.text);
    }
  }
  return out;
}

/** Random strings over ASCII, Latin-1, Greek (final sigma), Turkish dotted I, CJK, emoji, invisibles. */
function randomTexts(count: number, seed: number): string[] {
  const rand = rng(seed);
  const pools = [
    'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
    "     \n\t.,;:!?'’-_@/#",
    'éÉàÀüÜßøØæÆçÇñÑ',
    'ΣσςΑαΒβ',
    'İıŞşĞğ',
    '漢字かなカナ한국어',
    'ＡＢＣａｂｃ１２３ﬁﬂ',
    '\u00ad\u200b\u200d\ufeff\u202e\u2066',
    '😀👍🏽🇫🇷',
    'ⅠⅻⒶⓐ𐐀𐐨ǅǆ',
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const len = Math.floor(rand() * 400);
    let s = '';
    for (let k = 0; k < len; k++) {
      const r = rand();
      if (r < 0.01) s += 'https://example.com/x?y=1 ';
      else if (r < 0.02) s += '@someone ';
      else if (r < 0.03) s += 'www.test.org ';
      else if (r < 0.05) s += 'soooooo ';
      else if (r < 0.06) s += 'x'.repeat(Math.floor(rand() * 80));
      else {
        const pool = Array.from(
          pools[r < 0.7 ? 0 : r < 0.85 ? 1 : 2 + Math.floor(rand() * (pools.length - 2))]!,
        );
        s += pool[Math.floor(rand() * pool.length)]!;
      }
    }
    out.push(s);
  }
  return out;
}

/**
 * The shipped toxicity model without its `silentWords`, which the reference predates: that they
 * read as if deleted is checked in text-classifier.test.ts.
 */
const toxicity = (() => {
  const { silentWords: _, ...features } = (toxicityJson as unknown as LinearModelJson).features;
  return { ...(toxicityJson as unknown as LinearModelJson), features };
})();

/** The word part and the character part of a model with its own character table, each as a model. */
function parts(model: LinearModelJson): [LinearModelJson, LinearModelJson] {
  const { charModel, ...words } = model;
  if (!charModel) throw new Error('not a two-part model');
  return [
    { ...words, features: { ...model.features, charNgrams: [] } },
    { ...words, ...charModel, features: { ...model.features, wordNgrams: [] } },
  ];
}

const toxicityInput = (t: string): string => modelInput(t, analyzeContent(t));
const [toxicityWords, toxicityChars] = parts(toxicity);
const models: Array<[string, LinearModelJson, (text: string) => string]> = [
  ['toxicity words', toxicityWords, toxicityInput],
  ['toxicity characters', toxicityChars, toxicityInput],
];

/**
 * Logits equal up to the order of the floating-point sum: `score` adds each token's character
 * n-gram weights up first (the sum its cache keeps), the reference adds them one by one.
 */
const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-10 * Math.max(1, Math.abs(b));

function expectSameLogits(model: LinearModelJson, texts: readonly string[]): number {
  const w = decodeWeights(model.weights, model.buckets);
  const f = new Featurizer({ ...model.features, buckets: model.buckets });
  const classifier = createClassifier(model);
  let mismatches = 0;
  for (const text of texts) {
    const want = referenceLogit(model, w, text, WINDOW_TOKENS, MIN_TAIL_TOKENS);
    const got = f.score(text, w, model.bias, WINDOW_TOKENS, MIN_TAIL_TOKENS);
    if (!close(got, want)) {
      mismatches++;
      if (mismatches <= 3) expect({ text, got }).toEqual({ text, got: want });
    }
    const p = classifier.score(text);
    const wantP = want >= 0 ? 1 / (1 + Math.exp(-want)) : Math.exp(want) / (1 + Math.exp(want));
    if (!close(p, wantP)) mismatches++;
  }
  return mismatches;
}

describe('Featurizer.score matches the frozen reference on the shipped models', () => {
  const evals = evalTexts();
  const random = randomTexts(300, 12345);
  const long = Array.from({ length: 20 }, (_, i) => evals.slice(i * 37, i * 37 + 40).join('\n\n'));

  for (const [name, model, input] of models) {
    // Some 15,000 texts scored three ways: allow for a loaded machine.
    it.skipIf(evals.length === 0)(
      `${name}: eval texts, raw and as model input, and long texts`,
      () => {
        expect(expectSameLogits(model, evals)).toBe(0);
        expect(expectSameLogits(model, evals.map(input))).toBe(0);
        expect(expectSameLogits(model, long.map(input))).toBe(0);
      },
      60_000,
    );

    it(`${name}: a score does not depend on what the token cache holds`, () => {
      const w = decodeWeights(model.weights, model.buckets);
      const texts = [...random, ...evals.slice(0, 2000)].map(input);
      const warm = new Featurizer({ ...model.features, buckets: model.buckets });
      for (const t of texts) warm.score(t, w, model.bias, WINDOW_TOKENS, MIN_TAIL_TOKENS);
      let differ = 0;
      for (const t of texts) {
        const cold = new Featurizer({ ...model.features, buckets: model.buckets });
        const a = cold.score(t, w, model.bias, WINDOW_TOKENS, MIN_TAIL_TOKENS);
        if (!Object.is(a, warm.score(t, w, model.bias, WINDOW_TOKENS, MIN_TAIL_TOKENS))) differ++;
      }
      expect(differ).toBe(0);
    });

    it(`${name}: random Unicode strings, twice (warm caches)`, () => {
      expect(expectSameLogits(model, [...random, ...random])).toBe(0);
      expect(
        expectSameLogits(
          model,
          random.map((t) => input(t)),
        ),
      ).toBe(0);
    });
  }

  it('lowers Σ by its context (final sigma across case-ignorable characters) as the reference does', () => {
    const pool = Array.from("ΣΣΣσςαΑİIıi'.:^`\u0301\u02b0\u00b7\u2019 \n-,!0aZé😀\u0345\u03f9ᾈ@\u200b");
    const rand = rng(99);
    const texts = Array.from({ length: 3000 }, () => {
      let s = '';
      for (let k = Math.floor(rand() * 30); k >= 0; k--) s += pool[Math.floor(rand() * pool.length)]!;
      return `${s}Σ`;
    });
    for (const [, model] of models) expect(expectSameLogits(model, texts)).toBe(0);
  });

  it('reads a long text in pieces as the reference reads it whole, and reads a rewrite and a suffix as the concatenation', () => {
    // Pieces are cut after ASCII whitespace every 8K code units or so: put marks after spaces, Σ,
    // İ, mentions, URLs and full-width forms everywhere, and runs with no whitespace longer than a piece.
    const bits = [
      ' \u0301Σ ',
      'ΟΔΥΣΣΕΥΣ. ',
      'İstanbul ',
      '@user_name ',
      'https://example.com/a?b=1 ',
      'ＡＢＣ１２３ ',
      'ﬁne x\u200by ',
      'Σ\n',
      'a\u0301 ',
      'lin_api_21ms42m0rt ',
      '\t😀 ',
    ];
    const rand = rng(7);
    const texts = Array.from({ length: 12 }, (_, i) => {
      let s = '';
      while (s.length < 30_000) {
        const r = rand();
        if (r < 0.002) s += (i % 2 ? 'y' : 'Σ').repeat(9000 + Math.floor(rand() * 3000));
        else if (r < 0.3) s += bits[Math.floor(rand() * bits.length)]!;
        else s += `${evals[Math.floor(rand() * evals.length)] ?? 'some words here'} `;
      }
      return s;
    });
    for (const [, model, input] of models) expect(expectSameLogits(model, texts.map(input))).toBe(0);
    const classifier = createClassifier(toxicity);
    let differ = 0;
    for (const t of [...texts, ...random]) {
      const suffix = signalTags(analyzeContent(t));
      const whole = classifier.score(`${maskCodeTokens(t)}${suffix}`);
      if (!Object.is(classifier.score(t, { rewrite: maskCodeTokens, suffix }), whole)) differ++;
    }
    expect(differ).toBe(0);
  }, 60_000);

  it('scores the two-part toxicity model as the mean of its parts (one window) and as the streaming sink does', () => {
    const [words, chars] = parts(toxicity);
    const { featurizer: f, weights: ww, charModel } = loadModel(toxicity);
    const cw = charModel!.w;
    const sink = new ScoreSink(ww, toxicity.bias, charModel);
    const classifier = createClassifier(toxicity);
    const texts = [...evals, ...evals.map(toxicityInput), ...long.map(toxicityInput), ...random];
    let oneWindow = 0;
    let mismatches = 0;
    for (const text of texts) {
      const got = f.score(text, ww, toxicity.bias, WINDOW_TOKENS, MIN_TAIL_TOKENS, charModel);
      sink.reset();
      f.run(text, sink);
      if (!close(got, sink.finish())) mismatches++;
      const wordLogit = referenceLogit(words, ww, text, WINDOW_TOKENS, MIN_TAIL_TOKENS);
      const charLogit = referenceLogit(chars, cw, text, WINDOW_TOKENS, MIN_TAIL_TOKENS);
      // Texts of one window (the windows' maximum of a mean is not the mean of their maxima).
      if (sink.windows === 0 || (sink.windows === 1 && sink.tokens === 0)) {
        oneWindow++;
        if (!close(got, 0.5 * (wordLogit + charLogit))) mismatches++;
      }
      const p = classifier.score(text);
      if (!close(p, got >= 0 ? 1 / (1 + Math.exp(-got)) : Math.exp(got) / (1 + Math.exp(got)))) mismatches++;
    }
    expect(mismatches).toBe(0);
    // Most texts are checked against the frozen reference, the long ones against the sink alone.
    expect(oneWindow).toBeGreaterThan(texts.length / 2);
    expect(() => f.score('text', ww, toxicity.bias, WINDOW_TOKENS, MIN_TAIL_TOKENS)).toThrow(
      /character weights/,
    );
  }, 60_000);

  it('holds for other n-gram specs and tiny tables (many collisions)', () => {
    const toy = random.slice(0, 60).map((text, i) => ({ text, label: (i % 2) as 0 | 1 }));
    for (const spec of [
      { wordNgrams: [1], charNgrams: [] },
      { wordNgrams: [2, 3], charNgrams: [1, 2, 8] },
      { wordNgrams: [], charNgrams: [3, 5] },
      { wordNgrams: [1, 2, 3, 4, 5, 6, 7, 8], charNgrams: [1, 2, 3, 4, 5, 6, 7, 8] },
    ]) {
      const model = trainLogisticRegression(toy, { ...spec, buckets: 64, epochs: 2 });
      expect(expectSameLogits(model, [...random, ...random.slice(0, 50)])).toBe(0);
    }
  });
});
