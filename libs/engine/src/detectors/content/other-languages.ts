/**
 * English lexicon words that are everyday words of another language: Dutch "hoe" (how) and "kunt"
 * (can), German "dick" (thick), Swedish, Norwegian and Danish "slut" (end), "prick" (dot) and "fag"
 * (subject), Romanian "cum" (how), Latin "cum" ("magna cum laude"). Read as English, "Hoe laat is
 * het?" failed Toxicity at 0.96 and "Das Buch ist sehr dick." at 0.95.
 *
 * Such a word is read as the other language's when the text holds at least two of that language's
 * common words and more of them than of English ones, or when a word of a fixed phrase follows it
 * ("laude"); no content guardrail then counts it, and the Toxicity model does not read it. A short
 * text is enough ("Hoe laat is het?"), where a trigram language detector has too little to go on.
 * The lists leave out words English shares ("die", "hem", "till"), and the homographs themselves
 * do not count as evidence.
 */
import type { FoldedText } from './folded.ts';
import type { LexHit } from './lexicon.ts';
import { tokenHash } from './tokens.ts';

interface Homographs {
  /** Folded forms the lexicon reads as English (as it matches them: "dickes" is a plural of "dick"). */
  words: ReadonlySet<string>;
  /** Common words of the language, folded (accents dropped). */
  common: ReadonlySet<string>;
  /** Words that, right after a homograph, make it this language's whatever the rest of the text. */
  next?: ReadonlySet<string>;
}

const HOMOGRAPHS: readonly Homographs[] = [
  {
    words: new Set(['hoe', 'kunt']),
    common: new Set(
      'het een ik je jij jou de van dat niet met voor mijn wat laat gaat moet dit kan ook dan zijn er op naar maar wel nog wij jullie hebben heb heeft waar waarom wanneer deze om doen goed maak maken komt zou kunnen wil weet veel heel bij uit toch nu geen hier daar ze hij zij ons onze jouw uw dag morgen vandaag ziens graag'.split(
        ' ',
      ),
    ),
  },
  {
    words: new Set(['dick', 'dickes']),
    common: new Set(
      'ist sehr ein eine einen einem der das und nicht ich er sie es wird wurde geworden zu mit auf fur sind war hat wie aber auch mein meine dein deine sein seine nur noch schon wir ihr du den dem des im vom zum zur ja nein viel oder wenn dass weil bin bist habe hast haben kann muss mehr immer heute buch mann frau kind hund katze ganz etwas'.split(
        ' ',
      ),
    ),
  },
  {
    words: new Set(['slut', 'prick', 'fag']),
    common: new Set(
      'och ar jag det pa en ett med inte som av har kan mig meg vi att og er ikke jeg af han hon hun kom hjem sa fran fra skal ska vil ville nar hvor hvad vad hva detta dette ogsa ocksa mycket meget mye bara bare hos kartan skolan skolen tack takk idag endelig hvilket liker gillar min mitt din ditt'.split(
        ' ',
      ),
    ),
  },
  {
    words: new Set(['cum']),
    common: new Set(
      'esti este sunt faci face merge pot sa si nu pe ce mai te asta acesta bine azi acum foarte unde cand cine eu tu noi voi ei din cu pentru dar sau care spus zis'.split(
        ' ',
      ),
    ),
  },
  // Latin phrases inside English text: "magna cum laude", "cum grano salis".
  { words: new Set(['cum']), common: new Set(), next: new Set(['laude', 'grano']) },
];

const ENGLISH = new Set(
  'the a an and is are was were you your to of in it that this i he she they we what how for with my me on be not do does did have has at by from or as but so if his her their there here will would can just like get got its up out all no am'.split(
    ' ',
  ),
);

const ALL_HOMOGRAPHS = new Set(HOMOGRAPHS.flatMap((h) => [...h.words]));

/** Word lists as sets of token hashes, so that counting reads the folded tokens' hashes, not strings. */
const hashesOf = (words: ReadonlySet<string>): ReadonlySet<number> =>
  new Set([...words].map((w) => tokenHash(w)));
const ENGLISH_HASHES = hashesOf(ENGLISH);
const COMMON_HASHES = HOMOGRAPHS.map((l) => hashesOf(l.common));
const NEXT_HASHES = HOMOGRAPHS.map((l) => hashesOf(l.next ?? new Set()));

/**
 * The hits of `hits` that are another language's everyday words in this text (empty for almost
 * every text: the tokens are only read when a hit is one of the homographs).
 */
function otherLanguageHits(folded: FoldedText, hits: readonly LexHit[]): LexHit[] {
  if (!hits.some((h) => ALL_HOMOGRAPHS.has(h.matched))) return [];
  const candidates = hits.filter((h) => ALL_HOMOGRAPHS.has(h.matched));
  const starts = new Set(candidates.map((h) => h.start));
  /** The hash of the token after each candidate, by the candidate's start. */
  const nextHash = new Map<number, number>();
  const common = HOMOGRAPHS.map(() => 0);
  let english = 0;
  const { hashes, origStart, count } = folded;
  for (let i = 0; i < count; i++) {
    const h = hashes[i]!;
    if (ENGLISH_HASHES.has(h)) english++;
    for (let k = 0; k < COMMON_HASHES.length; k++) if (COMMON_HASHES[k]!.has(h)) common[k]!++;
    if (i + 1 < count && starts.has(origStart[i]!)) nextHash.set(origStart[i]!, hashes[i + 1]!);
  }
  return candidates.filter((hit) =>
    HOMOGRAPHS.some(
      (l, k) =>
        l.words.has(hit.matched) &&
        ((common[k]! >= 2 && common[k]! > english) || NEXT_HASHES[k]!.has(nextHash.get(hit.start) ?? 0)),
    ),
  );
}

/** A text's lexicon hits, read as English and as another language's everyday words. */
export interface LanguageSplit {
  english: readonly LexHit[];
  otherLanguage: readonly LexHit[];
}

/** The last split, by its hits: the content analysis and HateSpeech split the same shared array. */
let last: { hits: readonly LexHit[]; split: LanguageSplit } | undefined;

/**
 * `hits` (a lexicon's hits over `folded`, never changed after) split into those read as English
 * and those that are another language's everyday words; `english` is `hits` itself when none is.
 */
export function splitByLanguage(folded: FoldedText, hits: readonly LexHit[]): LanguageSplit {
  if (last?.hits === hits) return last.split;
  const otherLanguage = otherLanguageHits(folded, hits);
  const dropped = new Set(otherLanguage);
  const english = dropped.size === 0 ? hits : hits.filter((h) => !dropped.has(h));
  last = { hits, split: { english, otherLanguage } };
  return last.split;
}

/**
 * The text with the words of `otherLanguageHits` blanked out (same length, so offsets hold), for a
 * model that reads the text itself.
 */
export function blankOtherLanguageWords(text: string, otherLanguage: readonly LexHit[]): string {
  if (otherLanguage.length === 0) return text;
  let out = '';
  let at = 0;
  for (const h of otherLanguage) {
    out += text.slice(at, h.start) + ' '.repeat(h.end - h.start);
    at = h.end;
  }
  return out + text.slice(at);
}
