/**
 * Street addresses and dates of birth: structural patterns (house number + street name + street
 * type, European "Name-straße 12" / "Via Roma 10" forms, PO boxes and military addresses),
 * raised by address cues ("I live at", "ship to", "address is").
 */
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
// "Via dei Fiorentini 17", "Rua Mina 50", "Rue de Virton 38", "ul. Paderewskiego Ignacego 85"
const EU_PREFIX_STREET = new RegExp(
  `(?<![\\p{L}\\p{M}])(?:via|viale|vicolo|piazza|corso|largo|rua|avenida|av\\.|calle|carrer|camino|paseo|plaza|rue|avenue|chemin|allée|impasse|quai|ul\\.|ulica|aleja|al\\.|odos|leoforos|λεωφόρος|οδός|strada|bulevardul|calea)(?: ${WORD}){1,5} \\d{1,5}[a-z]?(?![\\p{L}\\p{N}])`,
  'giu',
);
const PO_BOX =
  /(?<![\p{L}\p{N}])(?:p\.? ?o\.? box|post office box|unit \d{1,6},? box|psc \d{1,6},? box) \d{1,6}(?![\p{L}\p{N}])/giu;
const MILITARY =
  /(?<![\p{L}\p{N}])(?:(?:USNS|USNV|USS|USCGC) [\p{L}\p{M}'’-]{2,30}\s{0,3})?(?:APO|FPO|DPO) (?:AA|AE|AP) \d{5}(?![\p{L}\p{N}])/giu;
// after an address cue: "is at 37 Parva Domus 6896", "sent to Edeby 55", "address is 82 vanhamaantie 83"
const CUE_ADDRESS = new RegExp(
  `(?:address(?: is|:)?|live(?:s|d)? (?:at|in|on)|living at|located at|office is at|is at|sent to|send (?:it|this) to|ship(?:ped)? to|deliver(?:ed)? to|return (?:it )?to|moved to|meet(?: me)? at|meeting at|arrived at|reside(?:s)? at|drops? you off at|it's in|lived in|live in|is in) (?:the corner of )?((?:\\d{1,6} ){0,2}${WORD}(?: ${WORD}){0,4} \\d{1,5}[a-z]?|\\d{1,6}(?: ${WORD}){1,4})(?![\\p{L}\\p{N}])`,
  'giu',
);
// "49 Via Nizza 60", "37 Parva Domus 6896": number, capitalised words, number
const NUM_WORDS_NUM =
  /(?<![\p{L}\p{N}.,:/-])\d{1,5} (?:\p{Lu}[\p{L}\p{M}'’-]* ){1,3}\d{1,5}(?![\p{L}\p{N}.,:/-])/gu;
/** MILITARY needs "APO ", "FPO " or "DPO ". */
const MILITARY_GATE = /po /i;
const UNIT =
  /(?<![\p{L}\p{N}])(?:apt\.?|apartment|suite|ste\.?|unit|flat) #?\d{1,5}[a-z]?(?![\p{L}\p{N}])/giu;
const ZIP_TAIL = /^,? ?(?:\n ?)?(?:[\p{L}\p{M}' .-]{2,40},? (?:[A-Z]{2} )?\d{5}(?:-\d{4})?)/u;

/**
 * Every pattern below needs a digit, and no match spans more than 14 single spaces before or 7 after
 * any digit run inside it (cue phrase, up to two numbers and five words before the house number;
 * street words and type after it). MILITARY, whose `\s{0,3}` may cross a newline, is gated
 * separately. The text is cut into windows: each digit run with 16 spaces of text before it and 8
 * after, overlapping windows merged; every window begins after a space (or at the start) and ends
 * before one (or at the end). Every match of the whole text lies inside one window, and a pattern run
 * on the window (plus the space on either side, for the look-behinds and look-aheads) finds exactly
 * the matches the whole text has there. Prose away from digits is never scanned.
 */
const SPACES_BEFORE = 16;
const SPACES_AFTER = 8;

interface Window {
  /** Offset in the text of window[0] (the space before, or 0). */
  from: number;
  text: string;
}

function digitWindows(text: string): Window[] {
  const out: Window[] = [];
  const n = text.length;
  let spaces: number[] | undefined;
  let k = 0; // spaces before the current digit run
  let winStart = -1;
  let winEnd = -1;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    if (!spaces) {
      spaces = [];
      for (let p = text.indexOf(' '); p >= 0; p = text.indexOf(' ', p + 1)) spaces.push(p);
    }
    let e = i + 1;
    while (e < n && text.charCodeAt(e) >= 48 && text.charCodeAt(e) <= 57) e++;
    while (k < spaces.length && spaces[k]! < i) k++;
    // after the 17th space before the run, up to the 9th space after it
    const s = k > SPACES_BEFORE ? spaces[k - SPACES_BEFORE - 1]! + 1 : 0;
    const end = k + SPACES_AFTER < spaces.length ? spaces[k + SPACES_AFTER]! : n;
    if (winStart >= 0 && s <= winEnd) winEnd = Math.max(winEnd, end);
    else {
      if (winStart >= 0) out.push(slice(text, winStart, winEnd));
      winStart = s;
      winEnd = end;
    }
    i = e;
  }
  if (winStart >= 0) out.push(slice(text, winStart, winEnd));
  return out;
}

function slice(text: string, start: number, end: number): Window {
  const from = Math.max(0, start - 1);
  return { from, text: text.slice(from, Math.min(text.length, end + 1)) };
}

function collectIn(
  windows: readonly Window[],
  re: RegExp,
  score: number,
  out: PiiMatch[],
  group = 0,
  type: PiiMatch['type'] = 'STREET_ADDRESS',
): void {
  for (const w of windows) {
    re.lastIndex = 0;
    for (let m = re.exec(w.text); m; m = re.exec(w.text)) {
      const value = m[group];
      if (!value) continue;
      const start = w.from + m.index + m[0].lastIndexOf(value);
      out.push({ type, start, end: start + value.length, score });
    }
  }
}

function collect(text: string, re: RegExp, score: number, out: PiiMatch[], group = 0): void {
  collectIn([{ from: 0, text }], re, score, out, group);
}

/** Street address candidates with scores. */
export function findAddresses(text: string): PiiMatch[] {
  const out: PiiMatch[] = [];
  const windows = digitWindows(text);
  collectIn(windows, US_STREET, 0.75, out);
  for (const w of windows) {
    EU_SUFFIX_STREET.lastIndex = 0;
    for (let m = EU_SUFFIX_STREET.exec(w.text); m; m = EU_SUFFIX_STREET.exec(w.text)) {
      const word = /^[^\d ]+/.exec(m[0])?.[0] ?? '';
      if (EU_SUFFIX.test(word))
        out.push({
          type: 'STREET_ADDRESS',
          start: w.from + m.index,
          end: w.from + m.index + m[0].length,
          score: 0.6,
        });
    }
  }
  collectIn(windows, EU_PREFIX_STREET, 0.7, out);
  collectIn(windows, PO_BOX, 0.7, out);
  if (MILITARY_GATE.test(text)) collect(text, MILITARY, 0.8, out);
  collectIn(windows, CUE_ADDRESS, 0.7, out, 1);
  collectIn(windows, NUM_WORDS_NUM, 0.55, out);
  collectIn(windows, UNIT, 0.35, out);
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

/**
 * Dates with a birth cue shortly before. A date of birth alone is a quasi-identifier: it scores
 * below the default threshold unless other personal data is present (see analyze()).
 */
export function findDatesOfBirth(text: string): PiiMatch[] {
  const out: PiiMatch[] = [];
  const dates: PiiMatch[] = [];
  collectIn(digitWindows(text), DATE, 0.45, dates, 0, 'DATE_OF_BIRTH');
  for (const d of dates) {
    const m = { index: d.start, 0: text.slice(d.start, d.end) };
    // the cue must be in the same sentence, at most 40 characters before the date
    const before =
      text
        .slice(Math.max(0, m.index - 40), m.index)
        .split(/[!?\n]|\.\s/)
        .pop() ?? '';
    if (DOB_CUE.test(before))
      out.push({ type: 'DATE_OF_BIRTH', start: m.index, end: m.index + m[0].length, score: 0.45 });
  }
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
