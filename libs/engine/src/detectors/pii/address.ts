/**
 * Street addresses and dates of birth: structural patterns (house number + street name + street
 * type, European "Name-straße 12" / "Via Roma 10" forms, PO boxes and military addresses),
 * raised by address cues ("I live at", "ship to", "address is").
 */

import { stickyOf } from '../regex/sticky.ts';
import { digitRuns, isAsciiDigit, isAsciiLetter, letterAt, letterBefore } from './chars.ts';
import type { PiiMatch } from './types.ts';

const SUFFIX_EN =
  'street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|ter|circle|cir|parkway|pkwy|highway|hwy|square|sq|close|crescent|cres|point|points|row|walk|trail|trl|alley|plaza|grove|gardens|gdns|heights|mews|rise|parade|esplanade|expressway|freeway|loop|pike|causeway|crossing|junction|manor|meadows?|ridge|villas?|vista|wharf|quay';
const WORD = "[\\p{L}\\p{M}][\\p{L}\\p{M}'’.-]*";
// number + up to 4 words + street type ("221B Baker Street", "3658 Sunburst Drive")
const US_STREET = new RegExp(
  `(?<![\\p{L}\\p{N}])\\d{1,6}[A-Za-z]?(?: \\d{1,5})?(?:,? ${WORD}){1,4} (?:${SUFFIX_EN})(?![\\p{L}\\p{N}])\\.?`,
  'giu',
);
// "Hauptstraße 5", "Pachergasse 64", "Industrivej 82", "Fitjabraut 85", "vanhamaantie 83"
const EU_SUFFIX_STREET = /(?<![\p{L}\p{M}'-])[\p{L}\p{M}'-]{3,40}\.? ?\d{1,5}[a-z]?(?![\p{L}\p{N}])/giu;
const EU_SUFFIX =
  /(?:straße|strasse|str\.?|gasse|weg|platz|allee|damm|ufer|vej|veien|vegen|vägen|väg|gata|gatan|gade|gränd|stræti|braut|tie|katu|kuja|polku|tori|straat|laan|plein|gracht|kade|utca|út|u\.|ulica|cesta|ulice|sokak|caddesi)$/i;
// the last characters of the EU_SUFFIX words in either case (under /i without /u nothing else matches them)
const EU_SUFFIX_LAST = new Set([...'egrzmjnaditkuGRZMJNADITKUE.'].map((c) => c.charCodeAt(0)));

/** `EU_SUFFIX.test(text.slice(from, to))`, the regex (which tries every start) only after its last character. */
function endsWithEuSuffix(text: string, from: number, to: number): boolean {
  return to > from && EU_SUFFIX_LAST.has(text.charCodeAt(to - 1)) && EU_SUFFIX.test(text.slice(from, to));
}
// "Via dei Fiorentini 17", "Rua Mina 50", "Rue de Virton 38", "ul. Paderewskiego Ignacego 85"
const EU_PREFIX_WORDS =
  'via|viale|vicolo|piazza|corso|largo|rua|avenida|av.|calle|carrer|camino|paseo|plaza|rue|avenue|chemin|allée|impasse|quai|ul.|ulica|aleja|al.|odos|leoforos|λεωφόρος|οδός|strada|bulevardul|calea'.split(
    '|',
  );
const EU_PREFIX_STREET = new RegExp(
  `(?<![\\p{L}\\p{M}])(?:${EU_PREFIX_WORDS.map((w) => w.replace('.', '\\.')).join('|')})(?: ${WORD}){1,5} \\d{1,5}[a-z]?(?![\\p{L}\\p{N}])`,
  'giu',
);
const PO_BOX =
  /(?<![\p{L}\p{N}])(?:p\.? ?o\.? box|post office box|unit \d{1,6},? box|psc \d{1,6},? box) \d{1,6}(?![\p{L}\p{N}])/giu;
const MILITARY =
  /(?<![\p{L}\p{N}])(?:(?:USNS|USNV|USS|USCGC) [\p{L}\p{M}'’-]{2,30}\s{0,3})?(?:APO|FPO|DPO) (?:AA|AE|AP) \d{5}(?![\p{L}\p{N}])/giu;
/**
 * The phrases that cue an address, lower-case, in the order CUE_ADDRESS tries them (a longer
 * phrase before its own prefix: "address is" before "address").
 */
const CUE_PHRASE_LIST =
  "address is|address:|address|lives at|lives in|lives on|lived at|lived in|lived on|live at|live in|live on|living at|located at|office is at|is at|sent to|send it to|send this to|shipped to|ship to|delivered to|deliver to|return it to|return to|moved to|meet me at|meet at|meeting at|arrived at|resides at|reside at|drops you off at|drop you off at|it's in|is in".split(
    '|',
  );
// after an address cue: "is at 37 Parva Domus 6896", "sent to Edeby 55", "address is 82 vanhamaantie 83"
const CUE_ADDRESS = new RegExp(
  `(?:${CUE_PHRASE_LIST.join('|')}) (?:the corner of )?((?:\\d{1,6} ){0,2}${WORD}(?: ${WORD}){0,4} \\d{1,5}[a-z]?|\\d{1,6}(?: ${WORD}){1,4})(?![\\p{L}\\p{N}])`,
  'giu',
);
// "49 Via Nizza 60", "37 Parva Domus 6896": number, capitalised words, number
const NUM_WORDS_NUM =
  /(?<![\p{L}\p{N}.,:/-])\d{1,5} (?:\p{Lu}[\p{L}\p{M}'’-]* ){1,3}\d{1,5}(?![\p{L}\p{N}.,:/-])/gu;
const UNIT =
  /(?<![\p{L}\p{N}])(?:apt\.?|apartment|suite|ste\.?|unit|flat) #?\d{1,5}[a-z]?(?![\p{L}\p{N}])/giu;
const ZIP_TAIL = /^,? ?(?:\n ?)?(?:[\p{L}\p{M}' .-]{2,40},? (?:[A-Z]{2} )?\d{5}(?:-\d{4})?)/u;

/**
 * The matches of the sticky `re` that start at one of `starts`, as a global scan finds them when
 * every match starts at one of them: in text order, a start inside an earlier match skipped.
 */
function matchesAt(
  text: string,
  re: RegExp,
  starts: number[],
  visit: (m: RegExpExecArray, at: number) => void,
): void {
  if (starts.length > 1) starts.sort((a, b) => a - b);
  let lastEnd = 0;
  let tried = -1;
  for (const at of starts) {
    if (at < lastEnd || at === tried) continue;
    tried = at;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) continue;
    visit(m, at);
    lastEnd = at + m[0].length;
  }
}

function collectAt(
  text: string,
  re: RegExp,
  starts: number[],
  score: number,
  out: PiiMatch[],
  group = 0,
  type: PiiMatch['type'] = 'STREET_ADDRESS',
): void {
  matchesAt(text, re, starts, (m, at) => {
    const value = m[group];
    if (!value) return;
    const start = at + m[0].lastIndexOf(value);
    out.push({ type, start, end: start + value.length, score });
  });
}

/**
 * Whether `[a-z]?(?![\p{L}\p{N}])` (case-insensitive) can hold at text[e], right after a digit run:
 * false only when ASCII letters or digits rule it out.
 */
function numberEnds(text: string, e: number): boolean {
  const c = text.charCodeAt(e);
  if (c >= 128 || !isAsciiLetter(c)) return true;
  const d = text.charCodeAt(e + 1);
  return d >= 128 || !(isAsciiLetter(d) || isAsciiDigit(d));
}

/** Whether text[start, end) is a WORD: a letter or mark, then letters, marks and `'’.-`. */
function isWord(text: string, start: number, end: number): boolean {
  if (start >= end || letterAt(text, start, text.length) === 0) return false;
  for (let i = start; i < end; ) {
    const c = text.charCodeAt(i);
    const l = c === 39 || c === 0x2019 || c === 46 || c === 45 ? 1 : letterAt(text, i, text.length);
    if (l === 0) return false;
    i += l;
  }
  return true;
}

/** Start of the run of letters and marks that ends at `end` (`end` itself when there is none). */
function letterRunStart(text: string, end: number): number {
  let p = end;
  for (let l = letterBefore(text, p); l !== 0; l = letterBefore(text, p)) p -= l;
  return p;
}

/**
 * Whether text[start, start + word.length) equals the lower-case ASCII `word` ignoring ASCII case; a
 * non-ASCII character counts as equal (case folding may map it to an ASCII letter).
 */
function sameWord(text: string, start: number, word: string): boolean {
  if (start < 0) return false;
  for (let k = 0; k < word.length; k++) {
    const c = text.charCodeAt(start + k);
    if (c < 128 && (isAsciiLetter(c) ? c | 32 : c) !== word.charCodeAt(k)) return false;
  }
  return true;
}

const US_STREET_AT = stickyOf(US_STREET);
const EU_SUFFIX_STREET_AT = stickyOf(EU_SUFFIX_STREET);
const EU_PREFIX_STREET_AT = stickyOf(EU_PREFIX_STREET);
const PO_BOX_AT = stickyOf(PO_BOX);
const MILITARY_AT = stickyOf(MILITARY);
const CUE_ADDRESS_AT = stickyOf(CUE_ADDRESS);
const NUM_WORDS_NUM_AT = stickyOf(NUM_WORDS_NUM);
const UNIT_AT = stickyOf(UNIT);

const EU_PREFIX_WORD_SET = new Set(EU_PREFIX_WORDS);
/** `.,:/-`, which NUM_WORDS_NUM does not allow right before its first number. */
const NUMBER_PUNCT = [46, 44, 58, 47, 45];
/**
 * The cue phrases by last character: a match of CUE_ADDRESS starts at one of them right before the
 * address (or before "the corner of").
 */
const CUE_PHRASES = new Map<number, string[]>();
for (const phrase of CUE_PHRASE_LIST) {
  const last = phrase.charCodeAt(phrase.length - 1);
  CUE_PHRASES.set(last, [...(CUE_PHRASES.get(last) ?? []), phrase]);
}
/** Every cue phrase: the candidates when the character before the space is not ASCII. */
const ALL_CUE_PHRASES = [...CUE_PHRASES.values()].flat();
const CORNER = 'the corner of';

/** Starts of the cue phrases (and "the corner of" before them) that end at the space text[space]. */
function cueStarts(text: string, space: number, starts: number[]): void {
  for (let end = space, corner = false; ; corner = true) {
    const last = text.charCodeAt(end - 1);
    const phrases = last >= 128 ? ALL_CUE_PHRASES : CUE_PHRASES.get(isAsciiLetter(last) ? last | 32 : last);
    for (const p of phrases ?? []) if (sameWord(text, end - p.length, p)) starts.push(end - p.length);
    if (
      corner ||
      !sameWord(text, end - CORNER.length, CORNER) ||
      text.charCodeAt(end - CORNER.length - 1) !== 32
    )
      return;
    end -= CORNER.length + 1;
  }
}

/**
 * Street address candidates with scores. Every pattern but the unit/ZIP tail needs a digit run, and
 * where a match can start is fixed by the run: at the run (a house number), at the word right before
 * it ("Hauptstraße 5"), at a keyword a few words before ("Via dei Fiorentini 17", "ship to …",
 * "P.O. Box 5"). Cheap character tests on each run pick those starts and the regex runs only there
 * (sticky), in text order, so it finds exactly what a scan of the whole text finds; prose is never
 * scanned by a regex.
 */
export function findAddresses(text: string, runs: readonly number[] = digitRuns(text)): PiiMatch[] {
  const out: PiiMatch[] = [];
  const us: number[] = [];
  const euSuffix: number[] = [];
  const euPrefix: number[] = [];
  const poBox: number[] = [];
  const military: number[] = [];
  const cue: number[] = [];
  const numWords: number[] = [];
  const unit: number[] = [];
  for (let r = 0; r < runs.length; r += 2) {
    const s = runs[r]!;
    const e = runs[r + 1]!;
    const len = e - s;
    const before = text.charCodeAt(s - 1);
    const after = text.charCodeAt(e);
    // "221B Baker Street", "12 34 Main St": a house number not glued to a word, then words
    if (len <= 6 && !isAsciiLetter(before)) {
      let i = isAsciiLetter(after) ? e + 1 : e;
      if (text.charCodeAt(i) === 32 && isAsciiDigit(text.charCodeAt(i + 1))) {
        i++;
        while (isAsciiDigit(text.charCodeAt(i))) i++;
      }
      if (text.charCodeAt(i) === 44) i++;
      const c = text.charCodeAt(i + 1);
      if (after >= 128 || (text.charCodeAt(i) === 32 && (c >= 128 || isAsciiLetter(c)))) us.push(s);
    }
    // "49 Via Nizza 60": number, capitalised words, number
    if (len <= 5 && after === 32 && !isAsciiLetter(before) && !NUMBER_PUNCT.includes(before)) {
      const c = text.charCodeAt(e + 1);
      if (c >= 128 || (c >= 65 && c <= 90)) numWords.push(s);
    }
    if (
      len <= 6 &&
      before === 32 &&
      after === 32 &&
      (text.charCodeAt(e + 1) >= 128 || isAsciiLetter(text.charCodeAt(e + 1)))
    )
      cueStarts(text, s - 1, cue); // "ship to 12 Main St": the number opens the address
    if (len > 6 || !numberEnds(text, e)) continue;
    // "P.O. Box 5", "unit 5, box 6", "PSC 3, Box 4": "box " right before the number
    if (before === 32 && sameWord(text, s - 4, 'box'))
      for (let p = Math.max(0, s - 17); p <= s - 5; p++) {
        const c = text.charCodeAt(p) | 32;
        if (c === 112 || c === 117 || text.charCodeAt(p) >= 128) poBox.push(p);
      }
    if (len > 5) continue;
    // "APO AE 09012", after an optional "USS Name"
    if (
      len === 5 &&
      before === 32 &&
      text.charCodeAt(s - 4) === 32 &&
      /^[afd]po a[aep]$/i.test(text.slice(s - 7, s - 1))
    ) {
      for (let p = Math.max(0, s - 77); p < s - 7; p++)
        if ((text.charCodeAt(p) | 32) === 117) military.push(p);
      military.push(s - 7);
    }
    // "Hauptstraße 5", "Str. 5": a word with a street suffix right before the number
    let k = s;
    if (text.charCodeAt(k - 1) === 32) k--;
    const dot = text.charCodeAt(k - 1) === 46;
    if (dot) k--;
    let p = k;
    let points = 0;
    while (points <= 40) {
      const c = text.charCodeAt(p - 1);
      const l = c === 39 || c === 45 ? 1 : letterBefore(text, p);
      if (l === 0) break;
      p -= l;
      points++;
    }
    // a word without a street suffix is no address, but its match still takes a letter glued to the
    // number ("born 42a-weg 5"), which the scan then skips
    if (
      points >= 3 &&
      points <= 40 &&
      (after >= 128 || isAsciiLetter(after) || endsWithEuSuffix(text, p, dot ? k + 1 : k))
    )
      euSuffix.push(p);
    // "Apt 5", "Suite #12": a unit keyword right before
    k = text.charCodeAt(s - 1) === 35 ? s - 1 : s;
    if (text.charCodeAt(k - 1) === 32) {
      const last = text.charCodeAt(k - 2);
      if (last >= 128 || (last | 32) === 116 || (last | 32) === 101 || last === 46)
        for (const n of [9, 5, 4, 3]) if (k - 1 - n >= 0) unit.push(k - 1 - n);
    }
    if (before !== 32) continue;
    // the number closes an address: words right before it, up to two numbers before those, and an
    // address cue before that ("ship to 12 Main 5") or a street keyword before the words ("Via Roma 10")
    let space = s - 1;
    let words = 0;
    let numbers = 0;
    for (let tokens = 1; space > 0; tokens++) {
      let t = space;
      while (t > 0 && text.charCodeAt(t - 1) !== 32) t--;
      if (tokens >= 2 && tokens <= 6 && numbers === 0) {
        const q = text.charCodeAt(space - 1) === 46 ? space - 1 : space;
        const w = letterRunStart(text, q);
        if (w < q && space - w <= 10) {
          let ascii = true;
          for (let i = w; i < space && ascii; i++) ascii = text.charCodeAt(i) < 128;
          if (!ascii || EU_PREFIX_WORD_SET.has(text.slice(w, space).toLowerCase())) euPrefix.push(w);
        }
      }
      let num = t < space;
      for (let i = t; i < space && num; i++) num = isAsciiDigit(text.charCodeAt(i));
      if (numbers === 0 && words < 5 && isWord(text, t, space)) words++;
      else if (num && words > 0 && numbers < 2) numbers++;
      else break;
      if (t === 0) break;
      cueStarts(text, t - 1, cue);
      space = t - 1;
    }
  }
  collectAt(text, US_STREET_AT, us, 0.75, out);
  matchesAt(text, EU_SUFFIX_STREET_AT, euSuffix, (m, at) => {
    if (EU_SUFFIX.test(/^[^\d ]+/.exec(m[0])?.[0] ?? ''))
      out.push({ type: 'STREET_ADDRESS', start: at, end: at + m[0].length, score: 0.6 });
  });
  collectAt(text, EU_PREFIX_STREET_AT, euPrefix, 0.7, out);
  collectAt(text, PO_BOX_AT, poBox, 0.7, out);
  collectAt(text, MILITARY_AT, military, 0.8, out);
  collectAt(text, CUE_ADDRESS_AT, cue, 0.7, out, 1);
  collectAt(text, NUM_WORDS_NUM_AT, numWords, 0.55, out);
  collectAt(text, UNIT_AT, unit, 0.35, out);
  // a unit, city or ZIP right after a street raises it
  for (const m of out) {
    if (m.score < 0.5) continue;
    const tail = text.slice(m.end, m.end + 60);
    if (/^,?\s{0,3}(?:apt\.?|apartment|suite|ste\.?|unit|flat) #?\d/i.test(tail) || ZIP_TAIL.test(tail))
      m.score = Math.min(1, m.score + 0.15);
  }
  return out;
}

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:\\d{1,2}[./-]\\d{1,2}[./-](?:19|20)?\\d{2}|(?:19|20)\\d{2}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:${MONTHS})\\.?,? (?:19|20)\\d{2}|(?:${MONTHS})\\.? \\d{1,2}(?:st|nd|rd|th)?,? (?:19|20)\\d{2})(?![\\p{L}\\p{N}])`,
  'giu',
);
const DOB_CUE =
  /(?:\bborn|\bbirth|\bd\.?o\.?b\b|\bbirthday|\bgeboren|\bgeb\.|\bnée?\b|\bnacid[oa]|\bnat[oa]\b)/i;

const DATE_AT = stickyOf(DATE);
/** First letters of the month names, and the "o" of "of". */
const MONTH_INITIALS = [...'jfmasondo'].map((c) => c.charCodeAt(0));

/** Index after an ordinal suffix ("st", "nd", "rd", "th", or any two letters) at text[i], else i. */
function ordinalEnd(text: string, i: number): number {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  return (a >= 128 || isAsciiLetter(a)) && (b >= 128 || isAsciiLetter(b)) ? i + 2 : i;
}

/**
 * Dates with a birth cue shortly before. A date of birth alone is a quasi-identifier: it scores
 * below the default threshold unless other personal data is present (see analyze()). A date starts
 * at a digit run of one, two or four digits, or at a month name right before a run of one or two:
 * the regex runs only there.
 */
export function findDatesOfBirth(text: string, runs: readonly number[] = digitRuns(text)): PiiMatch[] {
  const starts: number[] = [];
  for (let r = 0; r < runs.length; r += 2) {
    const s = runs[r]!;
    const len = runs[r + 1]! - s;
    const after = text.charCodeAt(s + len);
    // "12/05/1980", "1980-05-12": a separator and a digit
    const digitAfter = isAsciiDigit(text.charCodeAt(s + len + 1));
    if (!isAsciiLetter(text.charCodeAt(s - 1))) {
      if (len <= 2 && (after === 46 || after === 47 || after === 45) && digitAfter) {
        // only `\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d{2}` starts so: the next run has one or two
        // digits, then a separator and at least two digits ("1-1-1-1…" starts nothing)
        const e2 = runs[r + 3]!;
        const sep = text.charCodeAt(e2);
        if (
          e2 - runs[r + 2]! <= 2 &&
          (sep === 46 || sep === 47 || sep === 45) &&
          runs[r + 5]! - runs[r + 4]! >= 2 &&
          runs[r + 4] === e2 + 1
        )
          starts.push(s);
      } else if (len === 4 && after === 45 && digitAfter) starts.push(s);
      else if (len <= 2) {
        // "12th of May, 1980", "12 May 1980": a month (or "of") after the day
        const i = ordinalEnd(text, s + len);
        const c = text.charCodeAt(i + 1);
        if (text.charCodeAt(i) === 32 && (c >= 128 || MONTH_INITIALS.includes(c | 32))) starts.push(s);
      }
    }
    // "May 12, 1980", "Sept. 3rd 1980": the month before the day, the year after it
    if (len <= 2 && text.charCodeAt(s - 1) === 32) {
      let i = ordinalEnd(text, s + len);
      if (text.charCodeAt(i) === 44) i++;
      const y = text.charCodeAt(i + 1);
      if (text.charCodeAt(i) !== 32 || (y !== 49 && y !== 50)) continue;
      const end = text.charCodeAt(s - 2) === 46 ? s - 2 : s - 1;
      let p = end;
      while (p > 0 && isAsciiLetter(text.charCodeAt(p - 1))) p--;
      if (end - p >= 3 && end - p <= 9) starts.push(p);
      // a non-ASCII letter may fold to an ASCII one ("ſept")
      if (text.charCodeAt(p - 1) >= 128) starts.push(letterRunStart(text, p));
    }
  }
  const out: PiiMatch[] = [];
  matchesAt(text, DATE_AT, starts, (m, at) => {
    // the cue must be in the same sentence, at most 40 characters before the date
    const before =
      text
        .slice(Math.max(0, at - 40), at)
        .split(/[!?\n]|\.\s/)
        .pop() ?? '';
    if (DOB_CUE.test(before))
      out.push({ type: 'DATE_OF_BIRTH', start: at, end: at + m[0].length, score: 0.45 });
  });
  return out;
}

export const ADDRESS_PATTERNS: readonly RegExp[] = [
  US_STREET,
  EU_SUFFIX_STREET,
  EU_SUFFIX,
  EU_PREFIX_STREET,
  PO_BOX,
  MILITARY,
  CUE_ADDRESS,
  NUM_WORDS_NUM,
  UNIT,
  ZIP_TAIL,
  DATE,
  DOB_CUE,
];
