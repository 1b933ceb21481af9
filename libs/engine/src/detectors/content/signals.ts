/**
 * Shared content analysis: one pass of tokenising, lexicon lookup and phrase families, reused by
 * every content guardrail, plus the tag string that feeds lexicon knowledge into the trained models
 * (a linear model over n-grams cannot know that an unseen slur spelling is a slur; a tag can).
 */

import type { TokenHashes } from '../text-classifier/index.ts';
import { type FoldedText, foldText, matchFamilies, narrowSafePatterns, type PatternHit } from './folded.ts';
import { PatternGate } from './gate.ts';
import { type LexHit, Lexicon } from './lexicon.ts';
import { CONTENT_LEXICON } from './lexicons.ts';
import { splitByLanguage } from './other-languages.ts';
import { BENIGN_CONTEXT, HARM_FAMILIES, REQUEST_FRAME, REQUEST_TOPICS } from './phrases.ts';
import { tokenHash } from './tokens.ts';

export const contentLexicon = new Lexicon(CONTENT_LEXICON);

export interface ContentSignals {
  folded: FoldedText;
  lexHits: readonly LexHit[];
  /**
   * Lexicon words that are another language's everyday words in this text ("Hoe laat is het?"),
   * left out of `lexHits` (other-languages.ts).
   */
  otherLanguageHits: readonly LexHit[];
  harmHits: PatternHit[];
  /**
   * Request topics (phrases.ts REQUEST_TOPICS), found on first read; tagged only for the
   * HarmfulRequest model.
   */
  readonly topicHits: PatternHit[];
  /** A request / instruction frame is present ("how do I", "write a guide"). */
  requestFrame: boolean;
  /** A violent verb with a harmless object ("kill the process", "shoot a photo"). */
  benignContext: boolean;
}

let last: { text: string; signals: ContentSignals } | undefined;

/**
 * Analyses a text once; the last result is kept so that several content guardrails checking the
 * same text in one request share the work.
 */
export function analyzeContent(text: string): ContentSignals {
  if (last && last.text === text) return last.signals;
  const signals = analyze(text);
  last = { text, signals };
  return signals;
}

/**
 * The frame and benign-context tests and the harm families as one gate (one trie walk per word
 * start instead of three): pattern 0 is the request frame, 1 the benign context (one match each is
 * enough), then the harm families (20 matches each). The gate reports matches pattern by pattern,
 * so the hits come in the order of separate matchFamilies runs.
 */
const analysisGate = new PatternGate(
  narrowSafePatterns([REQUEST_FRAME, BENIGN_CONTEXT, ...HARM_FAMILIES.map((f) => f.pattern)]),
);
const LIMITS = [1, 1, ...HARM_FAMILIES.map(() => 20)];

function analyze(text: string): ContentSignals {
  const folded = foldText(text);
  const { english, otherLanguage } = splitByLanguage(folded, contentLexicon.matchFolded(folded));
  const signals = new Signals(folded, english, otherLanguage);
  analysisGate.run(
    folded.text,
    LIMITS,
    (k, index, matched) => {
      if (k === 0) signals.requestFrame = true;
      else if (k === 1) signals.benignContext = true;
      else {
        const f = HARM_FAMILIES[k - 2]!;
        const end = index + matched.length;
        const o = folded.toOriginal(index, end);
        signals.harmHits.push({
          category: f.category,
          weight: f.weight,
          start: o.start,
          end: o.end,
          matched: folded.slice(index, end),
        });
      }
    },
    undefined,
    folded.wordStarts,
  );
  return signals;
}

/**
 * ContentSignals as a class, so that the lazy request topics are a getter on the prototype (an
 * object literal with a getter made a new accessor for every text analysed).
 */
class Signals implements ContentSignals {
  readonly folded: FoldedText;
  readonly lexHits: readonly LexHit[];
  readonly otherLanguageHits: readonly LexHit[];
  readonly harmHits: PatternHit[] = [];
  requestFrame = false;
  benignContext = false;
  private topicList: PatternHit[] | undefined;

  constructor(folded: FoldedText, lexHits: readonly LexHit[], otherLanguageHits: readonly LexHit[]) {
    this.folded = folded;
    this.lexHits = lexHits;
    this.otherLanguageHits = otherLanguageHits;
  }

  /**
   * The request topics run the first time they are read: only HarmfulRequest reads them, so the
   * other content guardrails do not pay for them.
   */
  get topicHits(): PatternHit[] {
    this.topicList ??= matchFamilies(this.folded, REQUEST_TOPICS, 20);
    return this.topicList;
  }
}

/**
 * Whether a request topic of weight 1 matched: such a topic fails a request on its own, whatever
 * the model says (phrases.ts REQUEST_TOPICS).
 */
export function hasDecisiveTopic(s: ContentSignals): boolean {
  return s.topicHits.some((h) => h.weight >= 1);
}

/** Tag strings by prefix, then category. */
const tagNames = new Map<string, Map<string, string>>();

/** `prefix` followed by `category` without its hyphens. */
function tagOf(prefix: string, category: string): string {
  let names = tagNames.get(prefix);
  if (!names) {
    names = new Map();
    tagNames.set(prefix, names);
  }
  let tag = names.get(category);
  if (tag === undefined) {
    tag = `${prefix}${category.replace(/-/g, '')}`;
    names.set(category, tag);
  }
  return tag;
}

/** The tags of `signalTags` in that order, each as a token. */
function signalTagList(s: ContentSignals, options: TagOptions): string[] {
  const tags = new Set<string>();
  // A long text can hold many thousands of hits of a few categories: one tag string per category.
  let lastCategory = '';
  for (const h of s.lexHits) {
    if (h.entry.category === lastCategory) continue;
    lastCategory = h.entry.category;
    tags.add(tagOf('zzlex', lastCategory));
  }
  const addFamilies = (hits: readonly PatternHit[]): void => {
    for (const h of hits) {
      tags.add(tagOf('zzharm', h.category));
      if (s.requestFrame) tags.add(tagOf('zzask', h.category));
    }
  };
  addFamilies(s.harmHits);
  if (options.topics) addFamilies(s.topicHits);
  if (s.requestFrame) tags.add('zzframe');
  if (s.benignContext) tags.add('zzbenignobj');
  return [...tags].sort();
}

/** Which signals a model's input carries. */
export interface TagOptions {
  /** Tags of the request topics (HarmfulRequest). */
  topics?: boolean;
}

/**
 * Tag tokens appended to a text before the model sees it, at training and at inference alike:
 * one tag per lexicon family and harm family found, and a combined tag when a harm family occurs
 * inside a request frame.
 */
export function signalTags(s: ContentSignals, options: TagOptions = {}): string {
  const tags = signalTagList(s, options);
  return tags.length === 0 ? '' : ` ${tags.join(' ')}`;
}

/** The text the content models score: the text itself plus its signal tags. */
export function modelInput(
  text: string,
  s: ContentSignals = analyzeContent(text),
  options: TagOptions = {},
): string {
  return text + signalTags(s, options);
}

/** tokenHash of each tag string met so far (a few dozen at most). */
const tagHashes = new Map<string, number>();

function tagHash(tag: string): number {
  let h = tagHashes.get(tag);
  if (h === undefined) {
    h = tokenHash(tag);
    tagHashes.set(tag, h);
  }
  return h;
}

/** Token hashes of the last `modelTokens` call (reused: a caller scores them before the next call). */
let tokenBuffer = new Int32Array(1024);

/**
 * The input of a `tokenHashes` content model: the hashes of the folded tokens the analysis has
 * already made, then those of the signal tags, so the model reads the text without tokenising it
 * again. Valid until the next call.
 */
export function modelTokens(s: ContentSignals, options: TagOptions = {}): TokenHashes {
  const tags = signalTagList(s, options);
  const { hashes, count } = s.folded;
  const total = count + tags.length;
  if (tokenBuffer.length < total) tokenBuffer = new Int32Array(Math.max(total, tokenBuffer.length * 2));
  tokenBuffer.set(hashes.subarray(0, count));
  for (let k = 0; k < tags.length; k++) tokenBuffer[count + k] = tagHash(tags[k]!);
  return { hashes: tokenBuffer, count: total };
}
