/**
 * A small, dependency-free linear text classifier: hashed word and character n-grams, logistic
 * regression trained with Adagrad, weights shipped as base64 Float32 JSON. Training is deterministic
 * for a given seed and example order; inference streams over the text once.
 */
import {
  type CharModelWeights,
  closeLastWindow,
  type FeatureSink,
  Featurizer,
  type LongTextRule,
  partsLogit,
  type TextInput,
  type TokenHashes,
} from './featurize.ts';

export { type LongTextRule, normalizeForClassifier, type TextInput, type TokenHashes } from './featurize.ts';

export interface LinearModelJson {
  version: 1;
  /** Hashed feature space size (a power of two). */
  buckets: number;
  features: {
    wordNgrams: number[];
    charNgrams: number[];
    deobfuscate?: boolean;
    tokenHashes?: boolean;
    aliases?: Record<string, string>;
    silentWords?: string[];
    collapseRepeats?: boolean;
    collapseRepeatedLines?: boolean;
  };
  /** base64 of a little-endian Float32Array of length `buckets`. */
  weights: string;
  bias: number;
  /** Decision threshold chosen at training. */
  threshold: number;
  /** Training data, seed, cross-validated figures. */
  meta: Record<string, unknown>;
  /**
   * The character n-grams as a second model, trained apart from the word n-grams (which `weights`
   * and `bias` then hold), with a table of its own; a text's logit is the mean of the two models',
   * window by window. Absent: one model over both kinds of n-gram.
   */
  charModel?: { buckets: number; weights: string; bias: number };
  /**
   * Texts of `minTokens` tokens or more are also judged as a whole (see `Featurizer.scoreHashes`).
   * Absent: windows alone. Read by word-hash models (`deobfuscate`, `tokenHashes`).
   */
  longText?: LongTextRule;
}

export interface TrainOptions {
  buckets?: number;
  epochs?: number;
  l2?: number;
  learningRate?: number;
  seed?: number;
  wordNgrams?: number[];
  charNgrams?: number[];
  /** Decision threshold stored in the model (default 0.5). */
  threshold?: number;
  /** Weight of positive examples relative to negatives (default 1). */
  positiveWeight?: number;
  /**
   * Naive-Bayes feature scaling (NB-LR, Wang & Manning 2012) with this smoothing when > 0 (default 0:
   * off). Each bucket is scaled by its log-count ratio between the classes during training and the
   * shipped weights carry the scale, so inference and the model format are unchanged.
   */
  nbAlpha?: number;
  /** See `FeatureSpec.deobfuscate` (default false). */
  deobfuscate?: boolean;
  /** See `FeatureSpec.tokenHashes` (default false): examples then carry `tokens`. */
  tokenHashes?: boolean;
  /** See `FeatureSpec.aliases` (default none); the model file carries them. */
  aliases?: Readonly<Record<string, string>>;
  /** See `FeatureSpec.silentWords` (default none); the model file carries them. */
  silentWords?: readonly string[];
  /** See `FeatureSpec.collapseRepeats` (default false); the model file carries it. */
  collapseRepeats?: boolean;
  /** See `FeatureSpec.collapseRepeatedLines` (default false); the model file carries it. */
  collapseRepeatedLines?: boolean;
  /**
   * Train the character n-grams as a model of their own with this many buckets (see
   * `LinearModelJson.charModel`); unset: one model over word and character n-grams.
   */
  charBuckets?: number;
  /** Stored in the model file as its `longText` rule (default none). Training is the same. */
  longText?: LongTextRule;
  /**
   * Fit this many times, each pass over the examples in its own shuffled order (seeds `seed`,
   * `seed + 7919`, …), and ship the mean of the weights (default 1). The order alone moves a
   * model that has not converged; the mean is one model, so scoring costs the same.
   */
  averagedFits?: number;
}

export interface Example {
  text: string;
  /** The input of a `tokenHashes` model (which reads no text). */
  tokens?: TokenHashes;
  label: 0 | 1;
  group?: string;
  /** Training weight of this example (default 1), e.g. annotator agreement for noisy labels. */
  weight?: number;
}

export interface Metrics {
  precision: number;
  recall: number;
  f1: number;
  fpr: number;
}

/**
 * Texts longer than this many tokens are scored in windows; the highest window wins (and, under a
 * model's `longText` rule, the whole text may win over it).
 */
export const WINDOW_TOKENS = 64;
export const MIN_TAIL_TOKENS = 16;

const DEFAULTS = {
  buckets: 1 << 18,
  epochs: 10,
  l2: 1e-6,
  learningRate: 0.2,
  seed: 1,
  wordNgrams: [1, 2],
  charNgrams: [3, 4, 5],
  threshold: 0.5,
  positiveWeight: 1,
  nbAlpha: 0,
  deobfuscate: false,
  tokenHashes: false,
  aliases: undefined as Readonly<Record<string, string>> | undefined,
  silentWords: undefined as readonly string[] | undefined,
  collapseRepeats: false,
  collapseRepeatedLines: false,
  longText: undefined as LongTextRule | undefined,
  averagedFits: 1,
};

function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

export function encodeWeights(weights: Float32Array): string {
  return Buffer.from(weights.buffer, weights.byteOffset, weights.byteLength).toString('base64');
}

export function decodeWeights(b64: string, buckets: number): Float32Array {
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.byteLength !== buckets * 4) {
    throw new Error(`model weights hold ${bytes.byteLength} bytes, expected ${buckets * 4}`);
  }
  const out = new Float32Array(buckets);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < buckets; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Window-scoring sink: sums weights per window of WINDOW_TOKENS tokens and keeps the best logit (the reference for Featurizer.score, which inlines it). */
export class ScoreSink implements FeatureSink {
  sum = 0;
  n = 0;
  charSum = 0;
  charN = 0;
  tokens = 0;
  best = Number.NEGATIVE_INFINITY;
  prevSum = 0;
  prevN = 0;
  prevCharSum = 0;
  prevCharN = 0;
  windows = 0;
  private readonly w: Float32Array;
  private readonly bias: number;
  private readonly charModel: CharModelWeights | undefined;
  constructor(w: Float32Array, bias: number, charModel?: CharModelWeights) {
    this.w = w;
    this.bias = bias;
    this.charModel = charModel;
  }
  reset(): void {
    this.sum = 0;
    this.n = 0;
    this.charSum = 0;
    this.charN = 0;
    this.tokens = 0;
    this.best = Number.NEGATIVE_INFINITY;
    this.prevSum = 0;
    this.prevN = 0;
    this.prevCharSum = 0;
    this.prevCharN = 0;
    this.windows = 0;
  }
  feature(index: number): void {
    this.sum += this.w[index]!;
    this.n++;
  }
  charFeature(index: number): void {
    // Called only by a featurizer with its own character table, which is scored with charModel.
    this.charSum += this.charModel!.w[index]!;
    this.charN++;
  }
  token(): void {
    this.tokens++;
    if (this.tokens >= WINDOW_TOKENS) this.close();
  }
  private close(): void {
    const m = this.charModel;
    const z = partsLogit(
      this.bias,
      this.sum,
      this.n,
      m?.bias ?? 0,
      this.charSum,
      this.charN,
      m !== undefined,
    );
    if (z > this.best) this.best = z;
    this.prevSum = this.sum;
    this.prevN = this.n;
    this.prevCharSum = this.charSum;
    this.prevCharN = this.charN;
    this.windows++;
    this.sum = 0;
    this.n = 0;
    this.charSum = 0;
    this.charN = 0;
    this.tokens = 0;
  }
  finish(): number {
    const m = this.charModel;
    this.best = closeLastWindow(
      this.best,
      this.tokens,
      this.windows,
      MIN_TAIL_TOKENS,
      m !== undefined,
      this.bias,
      this.sum,
      this.n,
      this.prevSum,
      this.prevN,
      m?.bias ?? 0,
      this.charSum,
      this.charN,
      this.prevCharSum,
      this.prevCharN,
    );
    return this.best;
  }
}

export interface TextClassifier {
  /**
   * Probability in [0, 1] that the text belongs to the positive class (max over windows for long
   * texts); `input` rewrites the text and appends a suffix as the model reads it (not for a
   * deobfuscating model).
   */
  score(text: string, input?: TextInput): number;
  /** `score` for a `tokenHashes` model, over the token hashes it reads instead of text. */
  scoreTokens(tokens: TokenHashes): number;
  /**
   * For a `tokenHashes` model: how many of the tokens are words the training saw (their unigram
   * weight is not 0), counted up to `limit`.
   */
  knownTokens(tokens: TokenHashes, limit: number): number;
  /** The model's decision threshold. */
  readonly threshold: number;
}

/** A model file's featurizer and decoded weights: what `createClassifier` scores with. */
export function loadModel(model: LinearModelJson): {
  featurizer: Featurizer;
  weights: Float32Array;
  bias: number;
  charModel: CharModelWeights | undefined;
} {
  if (model.version !== 1) throw new Error(`unsupported model version ${String(model.version)}`);
  // Refused at load, not at the first text scored: only word-hash scoring reads the rule.
  if (model.longText && model.features.deobfuscate !== true && model.features.tokenHashes !== true) {
    throw new Error('a long-text rule is read by word-hash scoring only (deobfuscate or tokenHashes models)');
  }
  return {
    featurizer: new Featurizer({
      ...model.features,
      buckets: model.buckets,
      ...(model.charModel ? { charBuckets: model.charModel.buckets } : {}),
    }),
    weights: decodeWeights(model.weights, model.buckets),
    bias: model.bias,
    charModel: model.charModel
      ? { w: decodeWeights(model.charModel.weights, model.charModel.buckets), bias: model.charModel.bias }
      : undefined,
  };
}

export function createClassifier(model: LinearModelJson): TextClassifier {
  const { featurizer, weights, bias, charModel } = loadModel(model);
  const { longText } = model;
  return {
    threshold: model.threshold,
    score(text: string, input?: TextInput): number {
      return sigmoid(
        featurizer.score(text, weights, bias, WINDOW_TOKENS, MIN_TAIL_TOKENS, charModel, input, longText),
      );
    },
    scoreTokens(tokens: TokenHashes): number {
      if (model.features.tokenHashes !== true) throw new Error('this model reads text: use score');
      return sigmoid(
        featurizer.scoreHashes(
          tokens.hashes,
          tokens.count,
          weights,
          bias,
          WINDOW_TOKENS,
          MIN_TAIL_TOKENS,
          longText,
        ),
      );
    },
    knownTokens(tokens: TokenHashes, limit: number): number {
      if (model.features.tokenHashes !== true) throw new Error('this model reads text');
      return featurizer.knownTokens(tokens.hashes, tokens.count, weights, limit);
    },
  };
}

interface SparseVec {
  idx: Int32Array;
  val: Float64Array;
}

/** Aggregated features of a whole input, each value count / sqrt(total count). */
function vectorize(featurizer: Featurizer, example: { text: string; tokens?: TokenHashes }): SparseVec {
  const counts = new Map<number, number>();
  let total = 0;
  const sink: FeatureSink = {
    feature(i) {
      counts.set(i, (counts.get(i) ?? 0) + 1);
      total++;
    },
    token() {},
  };
  if (example.tokens) featurizer.runHashes(example.tokens.hashes, example.tokens.count, sink);
  else featurizer.run(example.text, sink);
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const idx = new Int32Array(keys.length);
  const val = new Float64Array(keys.length);
  const norm = total > 0 ? 1 / Math.sqrt(total) : 0;
  keys.forEach((k, j) => {
    idx[j] = k;
    val[j] = counts.get(k)! * norm;
  });
  return { idx, val };
}

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffleInPlace<T>(arr: T[], rand: () => number): void {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const tmp = arr[i]!;
    arr[i] = arr[j]!;
    arr[j] = tmp;
  }
}

function fit(
  vecs: SparseVec[],
  labels: Array<0 | 1>,
  o: typeof DEFAULTS,
  sampleWeights?: ReadonlyArray<number | undefined>,
): { weights: Float64Array; bias: number } {
  const w = new Float64Array(o.buckets);
  const g2 = new Float64Array(o.buckets);
  let bias = 0;
  let biasG2 = 0;
  const order = vecs.map((_, i) => i);
  const rand = rng(o.seed);
  const eps = 1e-8;
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    shuffleInPlace(order, rand);
    for (const i of order) {
      const v = vecs[i]!;
      let z = bias;
      for (let k = 0; k < v.idx.length; k++) z += w[v.idx[k]!]! * v.val[k]!;
      const y = labels[i]!;
      const cw = (y === 1 ? o.positiveWeight : 1) * (sampleWeights?.[i] ?? 1);
      const g = (sigmoid(z) - y) * cw;
      for (let k = 0; k < v.idx.length; k++) {
        const j = v.idx[k]!;
        const grad = g * v.val[k]! + o.l2 * w[j]!;
        g2[j]! += grad * grad;
        w[j]! -= (o.learningRate * grad) / (Math.sqrt(g2[j]!) + eps);
      }
      biasG2 += g * g;
      bias -= (o.learningRate * g) / (Math.sqrt(biasG2) + eps);
    }
  }
  return { weights: w, bias };
}

/** `fit` run `o.averagedFits` times with shuffling seeds `o.seed + 7919 k`, weights and bias averaged. */
function averagedFit(
  vecs: SparseVec[],
  labels: Array<0 | 1>,
  o: typeof DEFAULTS,
  sampleWeights?: ReadonlyArray<number | undefined>,
): { weights: Float64Array; bias: number } {
  const first = fit(vecs, labels, o, sampleWeights);
  if (o.averagedFits <= 1) return first;
  const { weights } = first;
  let { bias } = first;
  for (let k = 1; k < o.averagedFits; k++) {
    const next = fit(vecs, labels, { ...o, seed: o.seed + 7919 * k }, sampleWeights);
    for (let j = 0; j < weights.length; j++) weights[j]! += next.weights[j]!;
    bias += next.bias;
  }
  for (let j = 0; j < weights.length; j++) weights[j]! /= o.averagedFits;
  return { weights, bias: bias / o.averagedFits };
}

/**
 * Log-count ratios r_j = log((α + p_j) / ‖α + p‖₁) − log((α + q_j) / ‖α + q‖₁), with p and q the
 * summed presence (feature occurs in the text) of bucket j over positive and negative examples.
 */
function nbRatios(vecs: SparseVec[], labels: Array<0 | 1>, buckets: number, alpha: number): Float64Array {
  const p = new Float64Array(buckets);
  const q = new Float64Array(buckets);
  vecs.forEach((v, i) => {
    const t = labels[i] === 1 ? p : q;
    for (let k = 0; k < v.idx.length; k++) t[v.idx[k]!]! += 1;
  });
  let sp = 0;
  let sq = 0;
  for (let j = 0; j < buckets; j++) {
    sp += p[j]! + alpha;
    sq += q[j]! + alpha;
  }
  const r = new Float64Array(buckets);
  for (let j = 0; j < buckets; j++) r[j] = Math.log((p[j]! + alpha) / sp) - Math.log((q[j]! + alpha) / sq);
  return r;
}

function resolve(options: TrainOptions | undefined): typeof DEFAULTS {
  return {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(options ?? {}).filter(([, v]) => v !== undefined)),
  };
}

export function trainLogisticRegression(
  examples: Array<{ text: string; tokens?: TokenHashes; label: 0 | 1; weight?: number }>,
  options?: TrainOptions,
): LinearModelJson {
  const o = resolve(options);
  if (options?.charBuckets !== undefined) return trainWordAndCharModels(examples, o, options.charBuckets);
  const featurizer = new Featurizer(o);
  const vecs = examples.map((e) => vectorize(featurizer, e));
  const labels = examples.map((e) => e.label);
  const scale = o.nbAlpha > 0 ? nbRatios(vecs, labels, o.buckets, o.nbAlpha) : undefined;
  if (scale) for (const v of vecs) for (let k = 0; k < v.idx.length; k++) v.val[k]! *= scale[v.idx[k]!]!;
  const { weights, bias } = averagedFit(
    vecs,
    labels,
    o,
    examples.map((e) => e.weight),
  );
  if (scale) for (let j = 0; j < weights.length; j++) weights[j]! *= scale[j]!;
  const f32 = new Float32Array(weights);
  const positives = examples.filter((e) => e.label === 1).length;
  return {
    version: 1,
    buckets: o.buckets,
    features: {
      wordNgrams: [...o.wordNgrams],
      charNgrams: [...o.charNgrams],
      ...(o.deobfuscate ? { deobfuscate: true } : {}),
      ...(o.tokenHashes ? { tokenHashes: true } : {}),
      ...(o.aliases ? { aliases: { ...o.aliases } } : {}),
      ...(o.silentWords?.length ? { silentWords: [...o.silentWords] } : {}),
      ...(o.collapseRepeats ? { collapseRepeats: true } : {}),
      ...(o.collapseRepeatedLines ? { collapseRepeatedLines: true } : {}),
    },
    weights: encodeWeights(f32),
    bias: Math.fround(bias),
    threshold: o.threshold,
    ...(o.longText ? { longText: { ...o.longText } } : {}),
    meta: {
      examples: examples.length,
      positives,
      epochs: o.epochs,
      l2: o.l2,
      learningRate: o.learningRate,
      seed: o.seed,
      positiveWeight: o.positiveWeight,
      ...(o.nbAlpha > 0 ? { nbAlpha: o.nbAlpha } : {}),
      ...(o.averagedFits > 1 ? { averagedFits: o.averagedFits } : {}),
    },
  };
}

/**
 * The word n-grams and the character n-grams as two models, each trained on its own with the same
 * options, in one model file (`LinearModelJson.charModel`).
 */
function trainWordAndCharModels(
  examples: Array<{ text: string; tokens?: TokenHashes; label: 0 | 1; weight?: number }>,
  o: typeof DEFAULTS,
  charBuckets: number,
): LinearModelJson {
  if (o.wordNgrams.length === 0 || o.charNgrams.length === 0) {
    throw new Error('charBuckets needs both word and character n-grams');
  }
  const words = trainLogisticRegression(examples, { ...o, charNgrams: [], charBuckets: undefined });
  const chars = trainLogisticRegression(examples, {
    ...o,
    wordNgrams: [],
    buckets: charBuckets,
    charBuckets: undefined,
  });
  return {
    ...words,
    features: { ...words.features, charNgrams: [...o.charNgrams] },
    charModel: { buckets: charBuckets, weights: chars.weights, bias: chars.bias },
    meta: { ...words.meta, charBuckets },
  };
}

/** Assigns each example to a fold; examples sharing a `group` share a fold. */
export function assignFolds(examples: Array<{ group?: string }>, folds: number, seed: number): number[] {
  const groups: string[] = [];
  const seen = new Map<string, number>();
  const keys = examples.map((e, i) => e.group ?? `\u0000${i}`);
  for (const k of keys) {
    if (!seen.has(k)) {
      seen.set(k, groups.length);
      groups.push(k);
    }
  }
  const order = groups.map((_, i) => i);
  shuffleInPlace(order, rng(seed ^ 0x5bd1e995));
  const foldOf = new Map<string, number>();
  order.forEach((g, pos) => {
    foldOf.set(groups[g]!, pos % folds);
  });
  return keys.map((k) => foldOf.get(k)!);
}

/** A classifier's score of an example: its token hashes for a `tokenHashes` model, else its text. */
export function scoreExample(model: TextClassifier, e: Pick<Example, 'text' | 'tokens'>): number {
  return e.tokens ? model.scoreTokens(e.tokens) : model.score(e.text);
}

/**
 * Out-of-fold scores: each example scored by a model trained without its fold. `onFold` gets each
 * fold's model and the indices of the examples it was not trained on (for probes of their own).
 * `alwaysTrain` examples (borrowed from other data) join every fold's training part and are never
 * scored.
 */
export function crossValidateScores(
  examples: Example[],
  options: TrainOptions | undefined,
  folds: number,
  onFold?: (model: TextClassifier, heldOut: number[]) => void,
  alwaysTrain: readonly Example[] = [],
): number[] {
  if (folds < 2) throw new Error('need at least 2 folds');
  const o = resolve(options);
  const fold = assignFolds(examples, folds, o.seed);
  const scores = new Array<number>(examples.length).fill(0);
  for (let f = 0; f < folds; f++) {
    const train = [...examples.filter((_, i) => fold[i] !== f), ...alwaysTrain];
    const model = createClassifier(trainLogisticRegression(train, o));
    const heldOut: number[] = [];
    examples.forEach((e, i) => {
      if (fold[i] !== f) return;
      scores[i] = scoreExample(model, e);
      heldOut.push(i);
    });
    onFold?.(model, heldOut);
  }
  return scores;
}

export function metricsAt(labels: Array<0 | 1>, flagged: boolean[]): Metrics {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  labels.forEach((y, i) => {
    if (y === 1) flagged[i] ? tp++ : fn++;
    else flagged[i] ? fp++ : tn++;
  });
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return {
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    fpr: fp + tn ? fp / (fp + tn) : 0,
  };
}

export function crossValidate(
  examples: Example[],
  options: Parameters<typeof trainLogisticRegression>[1],
  folds: number,
): Metrics {
  const threshold = resolve(options).threshold;
  const scores = crossValidateScores(examples, options, folds);
  return metricsAt(
    examples.map((e) => e.label),
    scores.map((s) => s >= threshold),
  );
}
