/**
 * Trains the Toxicity and HarmfulRequest models from the labelled dev files in ../shared/eval
 * (no downloads), deterministically, and prints cross-validated and leave-one-source-out figures.
 *
 *   npm run train:content [-- --data ../shared/eval] [--no-write] [--folds N] [--shipped-threshold]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blankOtherLanguageWords } from '../detectors/content/other-languages.ts';
import {
  analyzeContent,
  hasDecisiveTopic,
  modelInput,
  modelTokens,
  type TagOptions,
} from '../detectors/content/signals.ts';
import {
  assignFolds,
  createClassifier,
  type Example,
  metricsAt,
  scoreExample,
  type TextClassifier,
  type TokenHashes,
  type TrainOptions,
  trainLogisticRegression,
} from '../detectors/text-classifier/index.ts';
import { type EvalRecord, readRecords } from '../eval/run.ts';
import { knowsEnoughWords, MIN_PLAIN_WORDS } from '../guardrails/harmful-request/harmful-request.ts';
import { hasPlainWords } from '../guardrails/harmful-request/plain-words.ts';
import { maskCodeTokens } from '../guardrails/toxicity/code-tokens.ts';
import { notForModel } from '../guardrails/toxicity/not-for-model.ts';
import { POLITICIAN_NAMES } from '../guardrails/toxicity/politician-names.ts';
import { TOXICITY_CATEGORIES, toxicity } from '../guardrails/toxicity/toxicity.ts';
import { crossValidationFlags, shippedThreshold } from './cv-flags.ts';
import { everydayChat } from './everyday-chat.ts';
import { EVERYDAY_INNER_WORDS } from './everyday-inner-words.ts';
import { EVERYDAY_PLAIN } from './everyday-plain.ts';
import { EVERYDAY_TECH_VERBS } from './everyday-tech-verbs.ts';
import { everydayFlagged } from './everyday-texts.ts';
import { pct } from './percent.ts';
import { personalRequests } from './personal-requests.ts';
import { taskTwins } from './task-twins.ts';
import { templateGroups } from './template-groups.ts';

interface Rec extends EvalRecord {
  votes?: { hate: number; offensive: number; neither: number; total: number };
}

/**
 * Training weight: the share of annotators who agree with the label when the source gives votes
 * (Davidson tweets: 2 of 3 agreeing weighs 0.67), else 1. Evaluation never uses it.
 */
export function agreement(r: Rec): number {
  const v = r.votes;
  if (!v || v.total <= 0) return 1;
  return (r.label === 1 ? v.hate + v.offensive : v.neither) / v.total;
}

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dataDir = resolve(
  args.includes('--data') ? args[args.indexOf('--data') + 1]! : join(here, '../../../../../shared/eval'),
);
const loso = !args.includes('--no-loso');
const { folds: FOLDS, atShippedThreshold, write } = crossValidationFlags(args);

const source = (id: string) => id.replace(/-\d+$/, '');

/**
 * Toxicity with the model left out: what fails on its lexicon categories alone (slurs, wishes of
 * death or harm). The guardrail fails on these whatever the model says.
 */
const toxicityWithoutModel = toxicity.create(
  toxicity.configSchema.parse({ categories: TOXICITY_CATEGORIES.filter((c) => c !== 'toxic') }),
  {},
);

function failsToxicityWithoutModel(text: string): boolean {
  const detection = toxicityWithoutModel({ text, stage: 'input', context: {}, caller: { userId: 'train' } });
  if (detection instanceof Promise) throw new Error('Toxicity is synchronous');
  return !detection.passed;
}

export const MODELS = [
  {
    name: 'toxicity',
    file: 'toxicity.jsonl',
    out: join(here, '../guardrails/toxicity/model/toxicity.model.json'),
    /**
     * Chosen by 5-fold CV (docs/guardrails/content-safety.md): character 3–4-grams (5-grams added
     * nothing), naive-Bayes scaling and a stronger L2 (1e-4): F1 0.887 -> 0.896, FPR 10.7 % -> 9.1 %.
     * Tried and not kept: L2 3e-4 with the borrowed benign prompts at half weight, F1 0.896 ->
     * 0.900 (fold seeds 1–3 mean 0.893 -> 0.896, within seed noise) but "I love spicy food" crossed
     * the threshold; L2 1e-3: 0.900, benign look-alikes closer to the threshold.
     * Character 4-grams alone (3-grams dropped), measured as the guardrail decides: mean CV F1
     * 0.891 -> 0.894, but short texts with a profane 4-gram inside a word failed ("We drove through
     * Scunthorpe yesterday" 0.41, "shiitake mushrooms", "Cockburn Street"): the 3-grams dilute them.
     * Word n-grams and character 3–5-grams as two models (`charBuckets`, averaged in logit space):
     * trained together, the many character n-grams outweigh the words in the √total scaling. Mean
     * CV F1 of the guardrail at the same threshold (0.36) 0.891 -> 0.893, ordinary text flagged
     * 1.8 -> 1.2 %; one table for both parts lost that (0.883: their weights collide), a character
     * table of 2^14 or 2^16 scored no better than 2^15, a word table of 2^15 lost 0.004.
     */
    options: {
      seed: 1,
      epochs: 12,
      learningRate: 0.2,
      l2: 1e-4,
      buckets: 1 << 16,
      charNgrams: [3, 4, 5],
      charBuckets: 1 << 15,
      nbAlpha: 1,
      /**
       * Politicians' names are not read (politician-names.ts): mean CV F1 0.891 -> 0.891, threshold
       * 0.37 -> 0.36; hand-written statements about public life (`public-life`) flagged 13 -> 4 of 40.
       */
      silentWords: POLITICIAN_NAMES,
    } satisfies TrainOptions,
    maxHardNegativeFpr: 1,
    /**
     * Share of ordinary text the model may flag at its threshold: the texts of pii.jsonl and the
     * benign prompts of prompt_injection.jsonl that it does not train on (`neutralTexts`), scored by
     * the final model; 0.41 since the 945 prompts it trains on left the set (0.37 with them), 0.37
     * again since short plain questions skip the model (1.1 % flagged). The
     * two-part model's best-F1 threshold (0.30, mean CV F1 0.896) sits just above what an empty
     * text scores (0.28), and short plain sentences failed there ("Please send me the invoice by
     * Friday." 0.36, "She moved here from France" 0.34); at 3 % it took 0.31 (2.4 % flagged). At
     * 1.5 % it took 0.36 when first set, flagging less than the one-model Toxicity did (1.8 %).
     */
    maxNeutralFpr: 0.015,
    /**
     * As the guardrail (not-for-model.ts): a text that only names groups, or a short plain
     * question ("Who is Donald Trump?" scored 0.93), is not asked of the model. The questions took
     * mean CV F1 0.888 -> 0.891, since the ordinary text they spare lets the budget above take 0.37
     * instead of 0.41.
     */
    judges: (text: string) => !notForModel(text, analyzeContent(text)),
    judgesTokens: (_model: TextClassifier, _tokens: TokenHashes) => true,
    /**
     * As the guardrail: code, identifier and number tokens become one placeholder (code-tokens.ts).
     * CV F1 by fold seed 0.897 / 0.891 / 0.888 -> 0.892 / 0.891 / 0.888; secrets.jsonl snippets
     * flagged 391 -> 25 of 3,000. Another language's words that English reads as abuse are
     * blanked first (other-languages.ts; four Dutch tweets hold one: mean CV F1 0.892 -> 0.893).
     */
    prepare: (text: string) =>
      maskCodeTokens(blankOtherLanguageWords(text, analyzeContent(text).otherLanguageHits)),
    tags: {},
    /**
     * Slurs and wishes of harm fail the guardrail without the model: figures and threshold count
     * them, as `npm run eval` does.
     */
    failsWithoutModel: failsToxicityWithoutModel,
    /** Benign prompts from the other file: the tweets alone never show a plain question or task. */
    extraNegativesFrom: 'harmful_request.jsonl',
    /**
     * Training weight of each extra negative. At full weight the 945 prompts outweigh a third of
     * the tweets and pull the two-part model towards "not toxic" on anything question-like; mean
     * CV F1 at the ordinary-text budget by weight (harness over the same folds): 1 0.894, 0.7
     * 0.895, 0.5 0.896, 0.3 0.897, 0.2 0.897, 0.1 0.898, 0.05 0.899, 0 0.894 (and then 1 of 90
     * and 2 of 50 everyday requests flagged). 0.1 keeps every everyday request passing.
     */
    extraNegativeWeight: 0.1,
    /** No benign twins: the tweets hold no task-phrased harmful requests. */
    twinWeight: 0,
    handWrittenNegatives: [
      /**
       * Everyday remarks with strong words used mildly: the chat sets flagged 12 / 70 -> 2 / 70
       * (design) and 8 / 20 -> 3 / 20 (check), mean CV F1 0.887 either way, threshold 0.37 -> 0.35,
       * CV FPR 9.6 -> 10.1 %. At 0.1: 3 / 70 and 3 / 20; at 1: 2 / 70 and 1 / 20 but threshold
       * 0.31 and FPR 11.3 %.
       */
      { file: 'everyday-chat.ts', texts: everydayChat, weight: 0.3 },
      /**
       * Plain sentences of work and home (everyday-plain.ts): with the prompts above at 0.1,
       * short plain text scored near the threshold ("Please send me the invoice by Friday." 0.40
       * at 0.40). With them at 1: 0.26 at 0.39, mean CV F1 0.898 -> 0.897; at 0.3 the threshold
       * rose to 0.42 and mean F1 fell to 0.895.
       */
      { file: 'everyday-plain.ts', texts: () => EVERYDAY_PLAIN, weight: 1 },
      /**
       * Sentences whose words hold a slur, an identity term or a profane word inside them
       * (everyday-inner-words.ts): "Public transport is cheap here." 0.53 -> 0.22, "a class on
       * Dickens" 0.39 -> 0.31; the check set of other such words (`inner-words`) flagged 2 / 27
       * -> 0 / 27. Mean CV F1 0.897 -> 0.896 (10 folds: 0.902 -> 0.901), threshold 0.39 -> 0.38.
       */
      { file: 'everyday-inner-words.ts', texts: () => EVERYDAY_INNER_WORDS, weight: 1 },
      /**
       * Violent verbs in their technical sense (everyday-tech-verbs.ts): with the sentences above
       * "How do I kill all the zombie processes?" scored 0.40 at 0.38; the check set of other
       * phrasings (`tech-verbs`) flagged 2 / 15 -> 0 / 15. Mean CV F1 0.896 -> 0.899 (at weight 1:
       * 0.898, the same check sets), threshold 0.38 -> 0.39, so `inner-words` flags 1 / 27 again
       * (the shuttlecock sentence, 0.40); "I will kill you" still fails (0.56).
       */
      { file: 'everyday-tech-verbs.ts', texts: () => EVERYDAY_TECH_VERBS, weight: 0.3 },
    ],
  },
  {
    name: 'harmful-request',
    file: 'harmful_request.jsonl',
    out: join(here, '../guardrails/harmful-request/model/harmful-request.model.json'),
    /**
     * Chosen by 5-fold CV: word 1–2-grams without character n-grams (which outnumber the word and
     * signal-tag features and dilute them: CV F1 0.825 -> 0.850 at the same hard-negative budget),
     * trained longer. Word 1–3-grams scored the same in CV but learned "how do I make a" as harmful
     * on its own ("How do I make a cocktail with gin?"). L2 1e-5 (was 1e-6): on folds that keep
     * near-duplicates together, mean CV F1 0.917 -> 0.920, every fold seed gained.
     */
    options: {
      seed: 1,
      epochs: 25,
      learningRate: 0.2,
      l2: 1e-5,
      buckets: 1 << 18,
      wordNgrams: [1, 2],
      charNgrams: [],
      tokenHashes: true,
    } satisfies TrainOptions,
    maxHardNegativeFpr: 0.04,
    maxNeutralFpr: 1,
    /** Reads the analysis' token hashes, not the text. */
    prepare: (text: string) => text,
    /** As the guardrail: the model judges only texts of MIN_PLAIN_WORDS plain words or more. */
    judges: (text: string) => hasPlainWords(text, MIN_PLAIN_WORDS),
    /** As the guardrail: nor texts with fewer than MIN_KNOWN_WORDS tokens the model has seen (harmful-request.ts). */
    judgesTokens: knowsEnoughWords,
    /** Request-topic tags (privacy, confidential, stereotype): CV F1 0.868 -> 0.874 (seeds 2, 3: +0.001, +0.005). */
    tags: { topics: true },
    /** The guardrail fails on a decisive request topic whatever the model says: so are figures and threshold. */
    failsWithoutModel: (text: string) => hasDecisiveTopic(analyzeContent(text)),
    /** Neutral statements about identity groups and everyday tweets: not requests for harm. */
    extraNegativesFrom: 'toxicity.jsonl',
    /**
     * At full weight the 1,500 tweets outweigh the benign prompts and pull the bias towards "not
     * harmful", costing recall at the hard-negative budget; at 0.1 CV F1 0.850 -> 0.868 (mean over
     * fold seeds 1–3: 0.836 -> 0.851; each seed gained; 0.01 scored the same, 0.3 in between).
     */
    extraNegativeWeight: 0.1,
    /**
     * Benign twins of the file's task-phrased harmful requests (task-twins.ts): without them the
     * model flagged 33 % / 48 % of the hand-written everyday requests (design / check sets, "Write
     * a tutorial on how to make cold brew coffee" 0.98). Mean CV F1 over fold seeds 1–3 against
     * those rates, by weight: 0 0.929 (33 / 48 %), 0.1 0.925 (13 / 16 %), 0.15 0.920 (8 / 12 %),
     * 0.2 0.918 (6 / 10 %), 0.3 0.915 (4 / 2 %), 0.5 0.908 (3 / 2 %). 0.1 keeps the F1 target of 0.92.
     */
    twinWeight: 0.1,
    handWrittenNegatives: [
      /**
       * Benign requests about family, friends and colleagues: the personal everyday requests
       * flagged 14 / 30 -> 3 / 30, mean CV F1 0.925 either way (0.2: the same), hard-negative FPR
       * 3.1 -> 3.4 %.
       */
      { file: 'personal-requests.ts', texts: personalRequests, weight: 0.1 },
    ],
  },
];

/**
 * What a model reads of a text: the text (after the spec's `prepare`) plus its signal tags, or for a `tokenHashes` model the
 * hashes of the analysis' folded tokens plus the tags' (copied: `modelTokens` reuses its buffer).
 */
function modelExample(
  text: string,
  options: TrainOptions,
  tags: TagOptions,
  prepare: (text: string) => string,
): Pick<Example, 'text' | 'tokens'> {
  const signals = analyzeContent(text);
  if (!options.tokenHashes) return { text: modelInput(prepare(text), signals, tags) };
  const t = modelTokens(signals, tags);
  return { text, tokens: { hashes: t.hashes.slice(0, t.count), count: t.count } };
}

/**
 * Ordinary text a model does not train on: every text of pii.jsonl and the benign prompts of
 * prompt_injection.jsonl, less `trained`, the model's extra negatives (Toxicity trains on
 * the benign prompts of harmful_request.jsonl, 945 of which are also benign prompts here; they
 * scored low for that reason and hid false alarms: 0.5 % flagged of them, 1.7 % of the rest).
 */
function neutralTexts(trained: ReadonlySet<string>): string[] {
  return ['pii.jsonl', 'prompt_injection.jsonl'].flatMap((f) =>
    readRecords(join(dataDir, f))
      .filter((r) => (r.label === 0 || f === 'pii.jsonl') && !trained.has(r.text))
      .map((r) => r.text),
  );
}

/** The train/ files of a spec's hand-written benign texts, and of its benign twins when it trains on them. */
function handWrittenFiles(spec: (typeof MODELS)[number]): string {
  const files = spec.handWrittenNegatives.map((h) => `train/${h.file}`);
  if (spec.twinWeight > 0) files.push('train/task-twins.ts');
  return files.join(', ');
}

/** An example's score as the guardrail computes it, 0 where the model does not judge its tokens. */
function knownScore(
  m: TextClassifier,
  e: Pick<Example, 'text' | 'tokens'>,
  spec: (typeof MODELS)[number],
): number {
  if (e.tokens && !spec.judgesTokens(m, e.tokens)) return 0;
  return scoreExample(m, e);
}

/** A text's score as the guardrail computes it with this model. */
function scoreText(classifier: TextClassifier, text: string, spec: (typeof MODELS)[number]): number {
  if (!spec.judges(text)) return 0;
  return knownScore(classifier, modelExample(text, spec.options, spec.tags, spec.prepare), spec);
}

/** Fold seeds of the cross-validation: one split alone moves F1 by up to 0.02 and favours its own threshold. */
const FOLD_SEEDS = [1, 2, 3];

/** Mean-F1 differences below this (one or two texts) are noise in the threshold choice. */
const F1_TIE = 0.001;

/**
 * The threshold by mean F1 over the out-of-fold scores of every fold seed, among those whose
 * hard-negative FPR stays within the budget in each of them: the highest whose mean F1 is within
 * F1_TIE of the best, since of thresholds that score alike the higher raises fewer false alarms on
 * text unlike the training data. A text with `decisive` set counts as flagged at every threshold.
 * `neutral` holds the final model's scores of ordinary text, of which at most `maxNeutralFpr` may
 * reach the threshold.
 */
function chooseThreshold(
  recs: Rec[],
  oofs: number[][],
  decisive: boolean[],
  maxHardFpr: number,
  neutral: number[],
  maxNeutralFpr: number,
): number {
  const labels = recs.map((r) => r.label);
  const candidates: Array<{ t: number; f1: number }> = [];
  for (let t = 0.2; t <= 0.9501; t += 0.01) {
    let f1 = 0;
    let withinBudget = true;
    for (const scores of oofs) {
      const flagged = scores.map((s, i) => s >= t || decisive[i]!);
      f1 += metricsAt(labels, flagged).f1 / oofs.length;
      const hard = recs.flatMap((r, i) => (r.hard_negative ? [flagged[i]!] : []));
      if (hard.length && hard.filter(Boolean).length / hard.length > maxHardFpr) withinBudget = false;
    }
    if (neutral.length && neutral.filter((s) => s >= t).length / neutral.length > maxNeutralFpr)
      withinBudget = false;
    if (withinBudget) candidates.push({ t: Math.round(t * 100) / 100, f1 });
  }
  const best = Math.max(...candidates.map((c) => c.f1));
  return Math.max(...candidates.filter((c) => c.f1 >= best - F1_TIE).map((c) => c.t));
}

function report(label: string, recs: Rec[], flagged: boolean[]): Record<string, unknown> {
  const m = metricsAt(
    recs.map((r) => r.label),
    flagged,
  );
  const hard = recs.map((r, i) => [r, flagged[i]] as const).filter(([r]) => r.hard_negative);
  const hardFpr = hard.length ? hard.filter(([, f]) => f).length / hard.length : undefined;
  const bySource: Record<string, string> = {};
  for (const s of new Set(recs.filter((r) => r.label === 1).map((r) => source(r.id)))) {
    const pos = recs
      .map((r, i) => [r, flagged[i]] as const)
      .filter(([r]) => r.label === 1 && source(r.id) === s);
    bySource[s] = `${pct(pos.filter(([, f]) => f).length / pos.length)} of ${pos.length}`;
  }
  console.log(
    `  ${label}: P ${pct(m.precision)} R ${pct(m.recall)} F1 ${m.f1.toFixed(3)} FPR ${pct(m.fpr)}` +
      (hardFpr !== undefined ? ` hard-neg FPR ${pct(hardFpr)}` : ''),
  );
  console.log(
    `    recall by source: ${Object.entries(bySource)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  return { ...m, hardNegativeFpr: hardFpr, recallBySource: bySource };
}

function main(): void {
  for (const spec of MODELS) {
    const recs = readRecords<Rec>(join(dataDir, spec.file));
    const started = performance.now();
    // Near-duplicates (texts sharing their opening or their ending) stay in one fold, as they stay
    // in one half of the eval's dev/holdout split.
    const groups = templateGroups(recs.map((r) => r.text));
    const examples: Example[] = recs.map((r, i) => ({
      ...modelExample(r.text, spec.options, spec.tags, spec.prepare),
      label: r.label,
      group: groups[i]!,
      weight: agreement(r),
    }));
    const extraNegativeTexts = readRecords(join(dataDir, spec.extraNegativesFrom))
      .filter((r) => r.label === 0)
      .map((r) => r.text);
    const extra: Example[] = extraNegativeTexts.map((text) => ({
      ...modelExample(text, spec.options, spec.tags, spec.prepare),
      label: 0 as const,
      weight: spec.extraNegativeWeight,
    }));
    // The spec's hand-written benign texts, always in training.
    for (const { texts, weight } of spec.handWrittenNegatives) {
      for (const text of texts()) {
        extra.push({ ...modelExample(text, spec.options, spec.tags, spec.prepare), label: 0, weight });
      }
    }
    // A row's benign twin trains only where the row itself trains, so no fold sees the wrapper of
    // a request it is scored on. Benign rows get none.
    const twinTexts = taskTwins(recs.map((r) => (r.label === 1 && spec.twinWeight > 0 ? r.text : undefined)));
    const twins: Array<Example | undefined> = twinTexts.map((t) =>
      t === undefined
        ? undefined
        : { ...modelExample(t, spec.options, spec.tags, spec.prepare), label: 0, weight: spec.twinWeight },
    );
    /** The training examples of the rows `keep` accepts: each with its twin, then the extra negatives. */
    const trainingSet = (keep: (i: number) => boolean): Example[] => [
      ...examples.flatMap((e, i) => (keep(i) ? (twins[i] ? [e, twins[i]] : [e]) : [])),
      ...extra,
    ];
    console.log(
      `${spec.name}: ${recs.length} examples from ${spec.file} + ${extra.length} extra negatives (${spec.extraNegativesFrom} and hand-written) + ${twins.filter(Boolean).length} benign twins`,
    );
    // Cross-validation grouped by template, once per fold seed; the extra negatives are always in the
    // training part, never scored.
    const oofs = FOLD_SEEDS.map((seed) => {
      const fold = assignFolds(examples, FOLDS, seed);
      const oof = new Array<number>(recs.length).fill(0);
      for (let f = 0; f < FOLDS; f++) {
        const m = createClassifier(
          trainLogisticRegression(
            trainingSet((i) => fold[i] !== f),
            spec.options,
          ),
        );
        examples.forEach((e, i) => {
          if (fold[i] === f) oof[i] = spec.judges(recs[i]!.text) ? knownScore(m, e, spec) : 0;
        });
      }
      return oof;
    });
    const oof = oofs[0]!;
    // Texts the guardrail fails on whatever the model says (a decisive request topic, a slur).
    const decisive = recs.map((r) => spec.failsWithoutModel(r.text));
    // The final model's weights do not depend on the threshold: train it first, so that its scores
    // of ordinary text can bound the threshold.
    const model = trainLogisticRegression(
      trainingSet(() => true),
      spec.options,
    );
    const finalClassifier = createClassifier(model);
    const neutral =
      spec.maxNeutralFpr < 1
        ? neutralTexts(new Set(extraNegativeTexts)).map((t) => scoreText(finalClassifier, t, spec))
        : [];
    const threshold = atShippedThreshold
      ? shippedThreshold(spec.out)
      : chooseThreshold(recs, oofs, decisive, spec.maxHardNegativeFpr, neutral, spec.maxNeutralFpr);
    model.threshold = threshold;
    const neutralFpr = neutral.length
      ? neutral.filter((s) => s >= threshold).length / neutral.length
      : undefined;
    const cv = report(
      `${FOLDS}-fold CV of the guardrail, fold seed ${FOLD_SEEDS[0]} (threshold ${threshold}, ${decisive.filter(Boolean).length} texts fail without the model)`,
      recs,
      oof.map((s, i) => s >= threshold || decisive[i]!),
    );
    const seedF1 = oofs.map(
      (scores) =>
        metricsAt(
          recs.map((r) => r.label),
          scores.map((s, i) => s >= threshold || decisive[i]!),
        ).f1,
    );
    if (neutralFpr !== undefined) {
      cv.neutralFpr = Number(neutralFpr.toFixed(4));
      console.log(
        `    ordinary text (pii.jsonl, benign prompts) flagged by the final model: ${pct(neutralFpr)}`,
      );
    }
    const everyday = everydayFlagged(
      (t) => scoreText(finalClassifier, t, spec) >= threshold || spec.failsWithoutModel(t),
    );
    cv.everydayTextsFlagged = everyday.rates;
    console.log(`    hand-written everyday texts flagged by the final model: ${everyday.summary}`);
    cv.f1ByFoldSeed = Object.fromEntries(FOLD_SEEDS.map((seed, k) => [seed, Number(seedF1[k]!.toFixed(4))]));
    console.log(
      `    F1 by fold seed ${FOLD_SEEDS.join(' / ')}: ${seedF1.map((f) => f.toFixed(3)).join(' / ')} (mean ${(seedF1.reduce((a, b) => a + b, 0) / seedF1.length).toFixed(3)})`,
    );
    const worst = recs
      .map((r, i) => ({ id: r.id, label: r.label, s: decisive[i] ? 1 : oof[i]! }))
      .filter((x) => (x.label === 1 ? x.s < threshold : x.s >= threshold))
      .sort((a, b) => Math.abs(b.s - threshold) - Math.abs(a.s - threshold));
    console.log(
      `    worst CV misses: ${worst
        .filter((x) => x.label === 1)
        .slice(0, 20)
        .map((x) => x.id)
        .join(' ')}`,
    );
    console.log(
      `    worst CV false alarms: ${worst
        .filter((x) => x.label === 0)
        .slice(0, 20)
        .map((x) => x.id)
        .join(' ')}`,
    );
    const losoFigures: Record<string, string> = {};
    if (loso) {
      for (const s of new Set(recs.map((r) => source(r.id)))) {
        const testIdx = recs.flatMap((r, i) => (source(r.id) === s ? [i] : []));
        const model = createClassifier(
          trainLogisticRegression(
            trainingSet((i) => source(recs[i]!.id) !== s),
            {
              ...spec.options,
              threshold,
            },
          ),
        );
        const flagged = testIdx.map(
          (i) =>
            decisive[i]! ||
            (spec.judges(recs[i]!.text) && knownScore(model, examples[i]!, spec) >= threshold),
        );
        const pos = testIdx.filter((i) => recs[i]!.label === 1);
        const neg = testIdx.filter((i) => recs[i]!.label === 0);
        const hit = testIdx.filter((i, k) => recs[i]!.label === 1 && flagged[k]).length;
        const fa = testIdx.filter((i, k) => recs[i]!.label === 0 && flagged[k]).length;
        losoFigures[s] =
          (pos.length ? `recall ${pct(hit / pos.length)} of ${pos.length}` : '') +
          (pos.length && neg.length ? ', ' : '') +
          (neg.length ? `FPR ${pct(fa / neg.length)} of ${neg.length}` : '');
      }
      console.log(
        `  leave-one-source-out: ${Object.entries(losoFigures)
          .map(([k, v]) => `${k} ${v}`)
          .join('; ')}`,
      );
    }
    model.meta = {
      ...model.meta,
      data: `shared/eval/${spec.file} + label-0 texts of shared/eval/${spec.extraNegativesFrom} (dev parts; sources and licences in docs/guardrails/content-safety.md) + hand-written benign texts (${handWrittenFiles(spec)})`,
      input: spec.options.tokenHashes
        ? 'hashes of the content analysis tokens + signal tags (detectors/content/signals.ts modelTokens)'
        : 'text + signal tags (detectors/content/signals.ts modelInput)',
      cv5: cv,
      leaveOneSourceOut: losoFigures,
    };
    if (write) {
      writeFileSync(spec.out, `${JSON.stringify(model)}\n`);
      console.log(`  wrote ${spec.out}`);
    }
    console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

main();
