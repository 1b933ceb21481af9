import { isJsSpace } from '../code-units/js-space.ts';
import { rankByTrigrams } from './trigrams.ts';

/** ISO 639-1 → ISO 639-3 (franc's codes) for the languages we name in configs, with their scripts. */
export const LANGUAGES: Record<string, { iso3: string; scripts: string[] }> = {
  en: { iso3: 'eng', scripts: ['Latin'] },
  fr: { iso3: 'fra', scripts: ['Latin'] },
  es: { iso3: 'spa', scripts: ['Latin'] },
  de: { iso3: 'deu', scripts: ['Latin'] },
  it: { iso3: 'ita', scripts: ['Latin'] },
  pt: { iso3: 'por', scripts: ['Latin'] },
  nl: { iso3: 'nld', scripts: ['Latin'] },
  sv: { iso3: 'swe', scripts: ['Latin'] },
  da: { iso3: 'dan', scripts: ['Latin'] },
  no: { iso3: 'nob', scripts: ['Latin'] },
  fi: { iso3: 'fin', scripts: ['Latin'] },
  pl: { iso3: 'pol', scripts: ['Latin'] },
  cs: { iso3: 'ces', scripts: ['Latin'] },
  sk: { iso3: 'slk', scripts: ['Latin'] },
  hu: { iso3: 'hun', scripts: ['Latin'] },
  ro: { iso3: 'ron', scripts: ['Latin'] },
  tr: { iso3: 'tur', scripts: ['Latin'] },
  id: { iso3: 'ind', scripts: ['Latin'] },
  ms: { iso3: 'zlm', scripts: ['Latin'] },
  vi: { iso3: 'vie', scripts: ['Latin'] },
  tl: { iso3: 'tgl', scripts: ['Latin'] },
  sw: { iso3: 'swh', scripts: ['Latin'] },
  hr: { iso3: 'hrv', scripts: ['Latin'] },
  ca: { iso3: 'cat', scripts: ['Latin'] },
  ru: { iso3: 'rus', scripts: ['Cyrillic'] },
  uk: { iso3: 'ukr', scripts: ['Cyrillic'] },
  bg: { iso3: 'bul', scripts: ['Cyrillic'] },
  sr: { iso3: 'srp', scripts: ['Cyrillic', 'Latin'] },
  el: { iso3: 'ell', scripts: ['Greek'] },
  ar: { iso3: 'arb', scripts: ['Arabic'] },
  fa: { iso3: 'pes', scripts: ['Arabic'] },
  ur: { iso3: 'urd', scripts: ['Arabic'] },
  he: { iso3: 'heb', scripts: ['Hebrew'] },
  hi: { iso3: 'hin', scripts: ['Devanagari'] },
  mr: { iso3: 'mar', scripts: ['Devanagari'] },
  bn: { iso3: 'ben', scripts: ['Bengali'] },
  ta: { iso3: 'tam', scripts: ['Tamil'] },
  th: { iso3: 'tha', scripts: ['Thai'] },
  zh: { iso3: 'cmn', scripts: ['Han'] },
  ja: { iso3: 'jpn', scripts: ['Han', 'Hiragana', 'Katakana'] },
  ko: { iso3: 'kor', scripts: ['Hangul', 'Han'] },
};
const CANDIDATES = Object.values(LANGUAGES).map((l) => l.iso3);
const BY_ISO3 = new Map(Object.entries(LANGUAGES).map(([iso1, v]) => [v.iso3, iso1]));

/** Accepts "en", "eng" or "en-US"; returns the ISO 639-3 code, or undefined if unknown. */
export function toIso3(code: string): string | undefined {
  const c = code.toLowerCase().split(/[-_]/)[0] ?? '';
  if (LANGUAGES[c]) return LANGUAGES[c].iso3;
  return BY_ISO3.has(c) ? c : undefined;
}
export function toIso1(iso3: string): string {
  return BY_ISO3.get(iso3) ?? iso3;
}
export const KNOWN_LANGUAGE_CODES = [
  ...Object.keys(LANGUAGES),
  ...Object.values(LANGUAGES).map((l) => l.iso3),
];

export const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Arabic',
  'Hebrew',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
] as const;
export type Script = (typeof SCRIPTS)[number];
const SCRIPT_RES = SCRIPTS.map((s) => new RegExp(`\\p{Script=${s}}`, 'u'));
/** Script ids: indexes into SCRIPTS, then OTHER_SCRIPT for letters of other scripts. */
const SCRIPT_NAMES: readonly string[] = [...SCRIPTS, 'Other'];
const OTHER_SCRIPT = SCRIPTS.length;
const NOT_LETTER = 255;
const UNCLASSIFIED = 254;
/** Script id per UTF-16 code unit, filled on first sight (the Unicode property regexes are slow). */
const bmpScripts = new Uint8Array(0x10000).fill(UNCLASSIFIED);
const astralScripts = new Map<number, number>();

function classify(cp: number): number {
  const ch = String.fromCodePoint(cp);
  if (!/\p{L}/u.test(ch)) return NOT_LETTER;
  const k = SCRIPT_RES.findIndex((re) => re.test(ch));
  return k < 0 ? OTHER_SCRIPT : k;
}

/** The script id of a code point, or NOT_LETTER. */
function scriptIdOf(cp: number): number {
  if (cp < 0x10000) {
    let s = bmpScripts[cp]!;
    if (s === UNCLASSIFIED) {
      s = classify(cp);
      bmpScripts[cp] = s;
    }
    return s;
  }
  let s = astralScripts.get(cp);
  if (s === undefined) {
    s = classify(cp);
    if (astralScripts.size < 50_000) astralScripts.set(cp, s);
  }
  return s;
}

/**
 * The last counts computed: a check counts the same sample for its script test, its prose test
 * and identification, and a text of at most 5 000 characters is its own sample.
 */
let lastCounted: { text: string; n: number; counts: Record<string, number>; letters: number } | undefined;

/** Letter counts per script (letters in none of the known scripts count as "Other"). Bounded sample. */
export function scriptCounts(
  text: string,
  maxChars = 20_000,
): { counts: Record<string, number>; letters: number } {
  const n = Math.min(text.length, maxChars);
  if (lastCounted === undefined || lastCounted.n !== n || lastCounted.text !== text) {
    lastCounted = { text, n, ...countScripts(text, n) };
  }
  return { counts: { ...lastCounted.counts }, letters: lastCounted.letters };
}

function countScripts(text: string, n: number): { counts: Record<string, number>; letters: number } {
  const tally = new Int32Array(SCRIPT_NAMES.length);
  /** Script ids in order of first appearance: the order of the keys of `counts`. */
  const seen: number[] = [];
  let letters = 0;
  for (let i = 0; i < n; i++) {
    let cp = text.charCodeAt(i);
    if (cp < 128) {
      if ((cp | 32) < 97 || (cp | 32) > 122) continue;
    } else if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      cp = text.codePointAt(i) ?? cp;
      i++;
    }
    const s = cp < 128 ? 0 : scriptIdOf(cp);
    if (s === NOT_LETTER) continue;
    letters++;
    if (tally[s] === 0) seen.push(s);
    tally[s]!++;
  }
  const counts: Record<string, number> = {};
  for (const s of seen) counts[SCRIPT_NAMES[s]!] = tally[s]!;
  return { counts, letters };
}

/** The dominant script of a text, or undefined without letters. */
export function dominantScript(text: string): string | undefined {
  const { counts } = scriptCounts(text, 5_000);
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Frequent function words: a strong, cheap signal on short Latin-script texts where trigrams are noisy. */
const STOPWORD_LISTS: Record<string, string> = {
  eng: 'the a an and or but is are was were be been being you your i me my we our us they them their he she his her it its this that these those of to in on at by from with for as if not no do does did have has had can could would should will shall may might must what how why where when who which there here about into than then so just also',
  fra: 'le la les des est et une un vous je tu il elle nous pour pas que qui dans sur avec ce cette sont mais du au aux ou où comment quel quelle très aussi être avoir fait',
  spa: 'el la los las es y una un que de por para con como está estás qué no se lo del al pero muy yo tu su sus mi dónde cómo cuando también hay son',
  deu: 'der die das und ist nicht ein eine ich sie wir mit für auf sind zu den dem des auch wie was ist bitte kann können wo warum haben hat',
  ita: 'il lo la gli le è e una un che di per con come sono non del della nel ma anche questo quella dove perché ho hai',
  por: 'o os as é e uma um que de para com como não do da em no na mas você são isso onde porque tem',
  nld: 'de het een en is zijn niet ik je wij met voor op van dat dit ook maar hoe wat waar waarom heb',
};
const STOPWORD_LANGUAGES = Object.keys(STOPWORD_LISTS);
/** Word → bit set of the languages (indexes into STOPWORD_LANGUAGES) listing it: one lookup per word. */
const STOPWORD_BITS = new Map<string, number>();
STOPWORD_LANGUAGES.forEach((lang, k) => {
  for (const w of (STOPWORD_LISTS[lang] as string).split(' '))
    STOPWORD_BITS.set(w, (STOPWORD_BITS.get(w) ?? 0) | (1 << k));
});

const MAX_STOPWORD_WORDS = 400;
const LONGEST_STOPWORD = Math.max(...[...STOPWORD_BITS.keys()].map((w) => w.length));

/** Whether a code point is a letter (\p{L}). */
const isLetter = (cp: number): boolean =>
  cp < 128 ? (cp | 32) >= 97 && (cp | 32) <= 122 : scriptIdOf(cp) !== NOT_LETTER;

/**
 * Function-word hits per language over the first words (maximal runs of \p{L}) of the lower-cased
 * text, scanned by code point; only a word short enough to be listed becomes a string.
 */
function stopwordScores(text: string): Array<readonly [string, number]> {
  const lower = text.toLowerCase();
  const hits = new Array<number>(STOPWORD_LANGUAGES.length).fill(0);
  const n = lower.length;
  let words = 0;
  let i = 0;
  while (i < n && words < MAX_STOPWORD_WORDS) {
    let cp = lower.codePointAt(i) as number;
    if (!isLetter(cp)) {
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const start = i;
    do {
      i += cp > 0xffff ? 2 : 1;
      cp = i < n ? (lower.codePointAt(i) as number) : -1;
    } while (cp >= 0 && isLetter(cp));
    words++;
    if (i - start > LONGEST_STOPWORD) continue;
    const bits = STOPWORD_BITS.get(lower.slice(start, i));
    if (bits === undefined) continue;
    for (let k = 0; k < hits.length; k++) if ((bits >> k) & 1) hits[k]!++;
  }
  return STOPWORD_LANGUAGES.map((lang, k) => [lang, hits[k]!] as const).sort((a, b) => b[1] - a[1]);
}

function stopwordGuess(text: string): string | undefined {
  const [best, second] = stopwordScores(text);
  if (best && best[1] >= 2 && best[1] >= 1.5 * (second?.[1] ?? 0) + 0.5) return best[0];
  return undefined;
}

/** Whether the text reads as prose (mostly letters, several words) rather than code, keys or handles. */
export function isProse(text: string): boolean {
  const sample = text.length > 5_000 ? text.slice(0, 5_000) : text;
  // One pass: characters outside \s, and whitespace-separated words made only of letters and
  // sentence punctuation (as /^[\p{L}'’,.!?;:()"-]+$/u would accept them).
  let nonSpace = 0;
  let words = 0;
  let wordLength = 0;
  let wordOk = true;
  for (let i = 0; i <= sample.length; i++) {
    const c = i < sample.length ? sample.charCodeAt(i) : 32;
    if (isJsSpace(c)) {
      if (wordLength > 0 && wordOk) words++;
      wordLength = 0;
      wordOk = true;
      continue;
    }
    nonSpace++;
    wordLength++;
    if (!wordOk) continue;
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < sample.length) {
      const low = sample.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        nonSpace++;
        wordLength++;
        i++;
      }
    }
    wordOk = cp < 128 ? PROSE_ASCII[cp] === 1 : cp === 0x2019 || scriptIdOf(cp) !== NOT_LETTER;
  }
  if (nonSpace === 0) return false;
  const { letters } = scriptCounts(sample, 5_000);
  return letters / nonSpace >= 0.75 && words >= 4;
}

/** ASCII characters a prose word may consist of: letters and sentence punctuation (’ is the one beyond ASCII). */
const PROSE_ASCII = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\',.!?;:()"-')
  PROSE_ASCII[c.charCodeAt(0)] = 1;

/** The most likely language, and the full ranking computed only when asked for. */
export interface LanguageRanking {
  top: string;
  /** Candidates with franc's relative scores (best = 1), `top` first with 1. */
  scores(): Array<[string, number]>;
}

/**
 * The most likely language restricted to `only`; function-word evidence, when clear, decides it.
 * Undefined when the text is too short. franc's full ranking is computed on demand only: a text
 * whose language is decided by its script or function words and is accepted needs no trigrams.
 */
export function rankLanguages(
  text: string,
  minLength = 20,
  only: readonly string[] = CANDIDATES,
): LanguageRanking | undefined {
  const sample = text.length > 5_000 ? text.slice(0, 5_000) : text;
  if (sample.trim().length < minLength) return undefined;
  const found = identify(sample, minLength, only);
  const top = found.top;
  if (top === 'und') return undefined;
  let scores: Array<[string, number]> | undefined;
  return {
    top,
    scores() {
      // The trigram ranking is computed once: detection reuses it when it fell through to trigrams.
      scores ??= [
        [top, 1],
        ...(found.ranked ?? rankByTrigrams(sample, minLength, only)).filter(
          ([l]) => l !== 'und' && l !== top,
        ),
      ];
      return scores;
    },
  };
}

/** Function-word hits of one language in the text. */
export function stopwordHits(text: string, iso3: string): number {
  return stopwordScores(text).find(([l]) => l === iso3)?.[1] ?? 0;
}

/**
 * Language identification with franc over a fixed candidate list (the languages above), which is
 * far more reliable on short texts than franc's full 400-language set. Returns 'und' below minLength.
 */
export function detectLanguage(text: string, minLength = 20, only: readonly string[] = CANDIDATES): string {
  return identify(text.length > 5_000 ? text.slice(0, 5_000) : text, minLength, only).top;
}

/** detectLanguage on a sample of at most 5 000 characters, with franc's full ranking when franc decided. */
function identify(
  sample: string,
  minLength: number,
  only: readonly string[],
): { top: string; ranked?: Array<[string, number]> } {
  // Japanese is recognised by kana, which franc's trigram model sometimes misses on mixed text.
  const { counts, letters } = scriptCounts(sample, 5_000);
  if (letters > 0 && ((counts.Hiragana ?? 0) + (counts.Katakana ?? 0)) / letters > 0.1) return { top: 'jpn' };
  if (letters > 0 && (counts.Hangul ?? 0) / letters > 0.3) return { top: 'kor' };
  if (letters > 0 && (counts.Han ?? 0) / letters > 0.5) return { top: 'cmn' };
  if (sample.trim().length < minLength) return { top: 'und' };
  const guess = stopwordGuess(sample);
  if (guess && only.includes(guess)) return { top: guess };
  const ranked = rankByTrigrams(sample, minLength, only);
  return { top: ranked[0]?.[0] as string, ranked };
}
