import { francAll } from 'franc';

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
const SCRIPT_RES = SCRIPTS.map((s) => [s, new RegExp(`\\p{Script=${s}}`, 'u')] as const);

const scriptCache = new Map<number, string | null>();

/** The script of a code point ('Other' for letters outside the known scripts, null for non-letters). Cached. */
function scriptOf(cp: number): string | null {
  if ((cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122)) return 'Latin';
  if (cp < 128) return null;
  let s = scriptCache.get(cp);
  if (s === undefined) {
    const ch = String.fromCodePoint(cp);
    s = /\p{L}/u.test(ch) ? (SCRIPT_RES.find(([, re]) => re.test(ch))?.[0] ?? 'Other') : null;
    if (scriptCache.size < 50_000) scriptCache.set(cp, s);
  }
  return s;
}

/** Letter counts per script (letters in none of the known scripts count as "Other"). Bounded sample. */
export function scriptCounts(
  text: string,
  maxChars = 20_000,
): { counts: Record<string, number>; letters: number } {
  const counts: Record<string, number> = {};
  let letters = 0;
  const n = Math.min(text.length, maxChars);
  for (let i = 0; i < n; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      cp = text.codePointAt(i) ?? cp;
      i++;
    }
    const s = scriptOf(cp);
    if (s === null) continue;
    letters++;
    counts[s] = (counts[s] ?? 0) + 1;
  }
  return { counts, letters };
}

/** The dominant script of a text, or undefined without letters. */
export function dominantScript(text: string): string | undefined {
  const { counts } = scriptCounts(text, 5_000);
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Frequent function words: a strong, cheap signal on short Latin-script texts where trigrams are noisy. */
const STOPWORDS: Record<string, Set<string>> = Object.fromEntries(
  Object.entries({
    eng: 'the a an and or but is are was were be been being you your i me my we our us they them their he she his her it its this that these those of to in on at by from with for as if not no do does did have has had can could would should will shall may might must what how why where when who which there here about into than then so just also',
    fra: 'le la les des est et une un vous je tu il elle nous pour pas que qui dans sur avec ce cette sont mais du au aux ou où comment quel quelle très aussi être avoir fait',
    spa: 'el la los las es y una un que de por para con como está estás qué no se lo del al pero muy yo tu su sus mi dónde cómo cuando también hay son',
    deu: 'der die das und ist nicht ein eine ich sie wir mit für auf sind zu den dem des auch wie was ist bitte kann können wo warum haben hat',
    ita: 'il lo la gli le è e una un che di per con come sono non del della nel ma anche questo quella dove perché ho hai',
    por: 'o os as é e uma um que de para com como não do da em no na mas você são isso onde porque tem',
    nld: 'de het een en is zijn niet ik je wij met voor op van dat dit ook maar hoe wat waar waarom heb',
  }).map(([k, v]) => [k, new Set(v.split(' '))]),
);

function stopwordScores(text: string): Array<readonly [string, number]> {
  const words =
    text
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 400) ?? [];
  return Object.entries(STOPWORDS)
    .map(([lang, set]) => [lang, words.filter((w) => set.has(w)).length] as const)
    .sort((a, b) => b[1] - a[1]);
}

function stopwordGuess(text: string): string | undefined {
  const [best, second] = stopwordScores(text);
  if (best && best[1] >= 2 && best[1] >= 1.5 * (second?.[1] ?? 0) + 0.5) return best[0];
  return undefined;
}

/** Whether the text reads as prose (mostly letters, several words) rather than code, keys or handles. */
export function isProse(text: string): boolean {
  const sample = text.length > 5_000 ? text.slice(0, 5_000) : text;
  const nonSpace = sample.replace(/\s+/g, '');
  if (nonSpace.length === 0) return false;
  const { letters } = scriptCounts(sample, 5_000);
  const words = sample.split(/\s+/).filter((w) => /^[\p{L}'’,.!?;:()"-]+$/u.test(w)).length;
  return letters / nonSpace.length >= 0.75 && words >= 4;
}

/**
 * Candidate languages with franc's relative scores (best = 1), restricted to `only`; function-word
 * evidence, when clear, is put first. Empty when the text is too short.
 */
export function rankLanguages(
  text: string,
  minLength = 20,
  only: readonly string[] = Object.values(LANGUAGES).map((l) => l.iso3),
): Array<[string, number]> {
  const sample = text.length > 5_000 ? text.slice(0, 5_000) : text;
  if (sample.trim().length < minLength) return [];
  const found = identify(sample, minLength, only);
  const top = found.top;
  if (top === 'und') return [];
  // franc's ranking is computed once: detection reuses it when it fell through to franc.
  const ranked = (found.ranked ?? francAll(sample, { minLength, only: [...only] })).filter(
    ([l]) => l !== 'und',
  ) as Array<[string, number]>;
  const rest = ranked.filter(([l]) => l !== top);
  return [[top, 1], ...rest];
}

/** Function-word hits of one language in the text. */
export function stopwordHits(text: string, iso3: string): number {
  return stopwordScores(text).find(([l]) => l === iso3)?.[1] ?? 0;
}

const CANDIDATES = Object.values(LANGUAGES).map((l) => l.iso3);

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
  const ranked = francAll(sample, { minLength, only: [...only] }) as Array<[string, number]>;
  return { top: ranked[0]?.[0] as string, ranked };
}
