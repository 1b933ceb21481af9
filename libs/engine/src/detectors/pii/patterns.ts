/**
 * Pattern recognizers: a linear-time candidate regex, a validator (checksum, ranges) and context
 * words that raise the score when they appear just before the match (Presidio-style).
 */
import { isIPv6 } from 'node:net';
import { countrySpecs, getCountrySpecifications } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isJsSpace } from '../code-units/js-space.ts';
import * as ck from './checksums.ts';
import { keccak256Hex } from './keccak.ts';
import type { PiiEntity } from './types.ts';

export interface PatternRecognizer {
  type: PiiEntity;
  regex: RegExp;
  /** Score of a validated match without context. */
  score: number;
  /**
   * Returns false to drop the candidate, or a score to use instead of `score`. `floor` is the
   * lowest score (before the context boost) that can still be reported: a validator may return
   * false instead of any lower score, and so skip expensive work that cannot change the outcome.
   */
  validate?: (value: string, floor: number) => boolean | number;
  /** `validate` reads `floor`, so the context must be known before it runs; other validators run first. */
  usesFloor?: boolean;
  /** With usesFloor: the checks of `validate` that do not read the floor, run before the context (false drops the candidate). */
  plausible?: (value: string) => boolean;
  /** Words that, shortly before the match, raise the score by CONTEXT_BOOST. */
  context?: readonly string[];
  /** Lower the score when order/version/invoice words precede the match (numeric ids). */
  numeric?: boolean;
  /** Instead of validate: the length of the valid prefix of the candidate and its score, or false. */
  refine?: (value: string) => { length: number; score: number } | false;
  /**
   * The format alone is too weak to report at any threshold (Presidio's context rule): a match
   * counts only when one of its context words precedes it within CONTEXT_WINDOW.
   */
  contextRequired?: boolean;
  /** Fewest digits a match holds: candidate windows with fewer digits skip this pattern. */
  minDigits: number;
  /**
   * A necessary condition for a finding on the shape of the candidate window (exact digit-run
   * lengths, digit chains, letters, alphanumeric runs): a window failing it skips this pattern.
   */
  gate?: (w: WindowShape) => boolean;
  /**
   * A character class holding the first character of every match, for patterns built with re():
   * such a match starts at an ASCII word boundary, so a window without one of these characters
   * at a word start skips the pattern.
   */
  first?: string;
}

/** What a candidate window holds, counted in one pass, for the patterns' gates. All ASCII. */
export interface WindowShape {
  /** Bit n set for a maximal run of exactly n digits (1 <= n <= 30); bit 31 for longer runs. */
  runs: number;
  /** Most digits in a chain of digits joined by at most one character other than a letter. */
  chain: number;
  upper: number;
  lower: number;
  /** Longest run of letters and digits. */
  alnum: number;
  dots: number;
  colons: number;
  dashes: number;
  /** The ASCII letters and digits that start a word (see wordStartBit), one bit each, in two masks. */
  starts0: number;
  starts1: number;
  /** An upper-case letter (or Ä, Ö, Ü), a space or '-', then an ASCII upper-case letter. */
  plate: boolean;
  /**
   * Most digits in seven consecutive digit runs joined by at most four of `( ) . -` and space: a
   * bound on the digits of a phone match ("00" and six digit groups, each inside one run, with
   * such joins).
   */
  phoneDigits: number;
  /** Longest run of ASCII letters that starts a word. */
  wordLetters: number;
  /** Bit n for a run of exactly n ASCII letters (31: more) that starts a word and is followed by a digit. */
  lettersThenDigit: number;
  /** A digit that starts a word, followed by an ASCII letter. */
  digitThenLetter: boolean;
  /**
   * Bit n for a maximal run of exactly n ASCII word characters (`\w`, 1 <= n <= 30); bit 31 for
   * longer runs. A match of a re() pattern without separators is such a run: `\b` on both sides.
   */
  words: number;
}

/**
 * Bit of an ASCII letter or digit in the word-start masks: digits 0-9, A-Z 10-35, a-z 36-61; below
 * 31 in `starts0`, the rest (minus 31) in `starts1`. -1 for any other code.
 */
export function wordStartBit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  if (c >= 97 && c <= 122) return c - 61;
  return -1;
}

/** Whether the window has a maximal digit run of one of these lengths. */
const run = (w: WindowShape, ...lengths: number[]): boolean => lengths.some((n) => (w.runs & (1 << n)) !== 0);
/** Whether the window has a maximal run of `\w` of one of these lengths (31: longer than 30). */
const word = (w: WindowShape, ...lengths: number[]): boolean =>
  lengths.some((n) => (w.words & (1 << n)) !== 0);
const letters = (w: WindowShape): number => w.upper + w.lower;
/** Length of the longest digit run (31 for any longer one). */
const longestRun = (w: WindowShape): number => 31 - Math.clz32(w.runs);

export const CONTEXT_BOOST = 0.35;
export const CONTEXT_WINDOW = 48;

/** The ASCII digits of s (a loop: the candidates are short, and a regex per candidate costs more). */
function digits(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) out += s[i];
  }
  return out;
}
const B = '(?<![\\p{L}\\p{N}_])'; // start boundary (Unicode-aware, no \b surprises)
const E = '(?![\\p{L}\\p{N}_])'; // end boundary
/**
 * A pattern bounded by ASCII word boundaries. `\b` (unlike a leading look-behind) lets the regex
 * engine skip ahead to the first possible character, which makes a scan several times faster; every
 * pattern built here starts and ends with an ASCII letter or digit, so `\b` is the same boundary
 * except next to non-ASCII letters.
 */
const re = (src: string, flags = 'g'): RegExp => new RegExp(`\\b(?:${src})\\b`, flags.replace('u', ''));
/** Unicode-aware boundaries, for patterns that may start with a non-ASCII letter. */
const reU = (src: string, flags = 'gu'): RegExp => new RegExp(`${B}(?:${src})${E}`, flags);
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
/** Same separator between groups: no mixing "123-45 6789" (at most one code point other than a letter or number). */
function consistent(v: string): boolean {
  let sep = -1;
  for (let i = 0; i < v.length; i++) {
    const c = v.codePointAt(i)!;
    if (c > 0xffff) i++;
    const other =
      c < 128
        ? !(((c | 32) >= 97 && (c | 32) <= 122) || (c >= 48 && c <= 57))
        : !LETTER_OR_NUMBER.test(String.fromCodePoint(c));
    if (!other) continue;
    if (sep === -1) sep = c;
    else if (sep !== c) return false;
  }
  return true;
}

/**
 * Regions a formatted national number is tried in; any valid one gives the same score, so the order
 * only decides how many parses (~35 µs each) a number pays: the regions that validate most such
 * numbers in the eval and bench texts come first (DE, FR or GB: over 90 % of them).
 */
const PHONE_REGIONS = [
  'DE',
  'FR',
  'GB',
  'IT',
  'ES',
  'NL',
  'BE',
  'AT',
  'CH',
  'PL',
  'SE',
  'NO',
  'DK',
  'FI',
  'IE',
  'PT',
  'IN',
  'AU',
  'BR',
  'MX',
  'JP',
] as const;

const CARD_PREFIX =
  /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|3(?:0[0-5]|[68]\d|9)|6(?:011|5|4[4-9]|22)|35|62|5018|5020|5038|5[6-8]|6304|6759|676|1)/;

/** `/^(\d)\1+$/`: two or more of one digit. */
function oneDigitRepeated(n: string): boolean {
  const c = n.charCodeAt(0);
  if (n.length < 2 || c < 48 || c > 57) return false;
  for (let i = 1; i < n.length; i++) if (n.charCodeAt(i) !== c) return false;
  return true;
}

function validCard(v: string): boolean | number {
  const n = digits(v);
  if (n.length < 12 || n.length > 19 || !consistent(v)) return false;
  // 12 digits: Maestro only (50, 56-59, 6)
  if (n.length === 12 && !(n[0] === '6' || (n[0] === '5' && (n[1] === '0' || n[1]! >= '6')))) return false;
  if (oneDigitRepeated(n) || !ck.luhn(n) || !CARD_PREFIX.test(n)) return false;
  if (n[0] === '3' && n[1] === '4' && n.length !== 15) return false;
  if (n[0] === '3' && n[1] === '7' && n.length !== 15) return false;
  if (n[0] === '4' && n.length !== 13 && n.length !== 16 && n.length !== 19) return false;
  if (n[0] === '1' && n.length !== 15) return false;
  return n.length === 12 ? 0.45 : true;
}

function validSsn(v: string): boolean | number {
  if (!consistent(v)) return false;
  const n = digits(v);
  const area = n.slice(0, 3);
  if (area === '000' || area === '666' || area[0] === '9') return false;
  if (n.slice(3, 5) === '00' || n.slice(5) === '0000') return false;
  if (oneDigitRepeated(n) || n === '123456789' || n === '078051120') return false;
  // grouped 3-2-4 is the SSN shape; a bare 9-digit run needs context
  return /\D/.test(v) ? (/-/.test(v) ? 0.85 : 0.6) : 0.4;
}

function validItin(v: string): boolean | number {
  if (!consistent(v)) return false;
  const n = digits(v);
  const g = Number(n.slice(3, 5));
  if (!((g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || (g >= 94 && g <= 99)))
    return false;
  return /\D/.test(v) ? 0.85 : 0.4;
}

/**
 * Whether v is a date or version rather than a phone number: `\d{1,4}[./-]\d{1,2}[./-]\d{1,4}`,
 * or digit groups joined by single dots (three or more groups) other than `\d{3}.\d{3}.\d{4}`.
 * Read in one pass: regexes run once per candidate are mostly compiled anew.
 */
function dateOrVersion(v: string): boolean {
  const lengths: number[] = [];
  let dots = true;
  let dateSeps = true;
  let run = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      run++;
      continue;
    }
    if (run === 0) return false;
    lengths.push(run);
    run = 0;
    if (c !== 46) dots = false;
    if (c !== 46 && c !== 47 && c !== 45) dateSeps = false;
  }
  if (run === 0) return false;
  lengths.push(run);
  const [a, b, c] = lengths as [number, number, number];
  if (dateSeps && lengths.length === 3 && a <= 4 && b <= 2 && c <= 4) return true;
  return dots && lengths.length >= 3 && !(lengths.length === 3 && a === 3 && b === 3 && c === 4);
}

/** 7 to 15 digits, and no date, version or dotted number. */
function phonePlausible(v: string): boolean {
  let n = 0;
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) >= 48 && v.charCodeAt(i) <= 57) n++;
  return n >= 7 && n <= 15 && !dateOrVersion(v);
}

/** A phonePlausible candidate's score, or false. */
function validPhone(v: string, floor: number): boolean | number {
  const n = digits(v);
  const intl = v.startsWith('+') || v.startsWith('00');
  let formatted = false;
  for (let i = 0; i < v.length && !formatted; i++) {
    const c = v.charCodeAt(i);
    formatted = c === 40 || c === 41 || c === 46 || c === 45 || isJsSpace(c);
  }
  // parsing with full metadata costs ~0.1 ms: skip it when no outcome could reach the floor
  if (intl) {
    if (floor > 0.8) return false;
    // no calling code starts with 0: libphonenumber gives up on such a number without a country
    if (n[v.startsWith('00') ? 2 : 0] === '0') return false;
    const p = parsePhoneNumberFromString(v.startsWith('00') ? `+${v.slice(2)}` : v);
    return p?.isValid() ? 0.8 : false;
  }
  // a North American number has 10 digits, 11 with the leading 1
  const nanp = n.length === 10 || (n.length === 11 && n[0] === '1');
  // its area code starts with 2-9, so the parse can only fail otherwise, unless "011" (the US
  // international prefix) makes it an international number
  const area = n.length === 11 ? n[1]! : n[0]!;
  const usPossible = area >= '2' || n.startsWith('011');
  if (
    nanp &&
    usPossible &&
    floor <= (formatted ? 0.7 : 0.35) &&
    parsePhoneNumberFromString(v, 'US')?.isValid()
  )
    return formatted ? 0.7 : 0.35;
  if (!formatted || floor > 0.3) return false;
  // a formatted national number of another country: valid there, or phone-shaped with context
  for (const region of PHONE_REGIONS) if (parsePhoneNumberFromString(v, region)?.isValid()) return 0.3;
  return floor <= 0.2 && /^\(?\d{2,5}\)?[ .-]\d{2,4}(?:[ .-]\d{2,4}){0,3}$/.test(v) ? 0.2 : false;
}

/** The longest prefix of the candidate that is an IBAN: checksum-valid 0.9, right length and bank format but bad checksum 0.4. */
function refineIban(v: string): { length: number; score: number } | false {
  // positions in v of each non-space character
  const pos: number[] = [];
  let compact = '';
  for (let i = 0; i < v.length; i++) {
    if (v[i] !== ' ') {
      pos.push(i);
      compact += v[i];
    }
  }
  const spec = IBAN_LENGTHS.get(compact.slice(0, 2).toUpperCase());
  if (!spec || compact.length < spec) return false;
  const candidate = compact.slice(0, spec).toUpperCase();
  const length = pos[spec - 1]! + 1;
  // an all-lower-case IBAN ("gb82west1234...") is reported only with a context word
  const lower = candidate !== compact.slice(0, spec);
  // the check digits first: most candidates (hex digests) fail them, and a lower-case one is then out
  const checksumOk = ck.ibanCheckDigits(candidate);
  if ((!checksumOk && lower) || !bbanValid(candidate)) return false;
  return { length, score: checksumOk ? (lower ? 0.45 : 0.9) : 0.4 };
}

/** ibantools' checkFormatBBAN compiles the country's BBAN regexp on every call; compiled once here. */
const BBAN_FORMATS = new Map<string, RegExp>();

/**
 * What ibantools' isValidIBAN and validateIBAN check besides the length, the check digits and their
 * checksum, for a candidate of the country's length with two digits at 2-3 (the regex and
 * IBAN_LENGTHS guarantee both): the country's BBAN format, then its bank check if it has one. So
 * isValidIBAN is checksum and bbanValid, and validateIBAN reports only WrongIBANChecksum exactly when
 * the checksum fails and bbanValid holds (its bank check runs even on a bad format, but the bank
 * checks are pure and cannot throw on letters and digits).
 */
function bbanValid(iban: string): boolean {
  const spec = countrySpecs[iban.slice(0, 2)];
  if (!spec?.bban_regexp) return false;
  let format = BBAN_FORMATS.get(spec.bban_regexp);
  if (!format) {
    format = new RegExp(spec.bban_regexp);
    BBAN_FORMATS.set(spec.bban_regexp, format);
  }
  const bban = iban.slice(4);
  return format.test(bban) && (!spec.bban_validation_func || spec.bban_validation_func(bban));
}

const IBAN_LENGTHS = new Map<string, number>(
  Object.entries(getCountrySpecifications())
    .filter(([, c]) => c.chars)
    .map(([k, c]) => [k, c.chars as number]),
);

export const PATTERNS: readonly PatternRecognizer[] = [
  {
    type: 'EMAIL_ADDRESS',
    minDigits: 0,
    regex:
      /(?<![\w.%+-])[\w%+-](?:[\w.%+-]{0,62}[\w%+-])?@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?){0,6}\.[a-zA-Z]{2,24}(?![\w-])/g,
    score: 0.9,
    validate: (v) => !v.includes('..'),
  },
  {
    type: 'PHONE_NUMBER',
    minDigits: 7,
    // phonePlausible wants 7 digits
    gate: (w) => w.phoneDigits >= 7,
    regex: /(?<![\w+.\-/:])(?:\+|00)?\(?\d{1,4}\)?(?:[ .-]{0,2}\(?\d{1,5}\)?){1,5}(?![\w.\-/:]\d|[\w])/g,
    score: 0.7,
    validate: validPhone,
    usesFloor: true,
    plausible: phonePlausible,
    context: [
      'phone',
      'tel',
      'telephone',
      'mobile',
      'cell',
      'call',
      'calling',
      'number',
      'fax',
      'whatsapp',
      'contact',
      'reach',
      'answering',
      'dial',
      'ring',
      'text me',
      'sms',
    ],
    numeric: true,
  },
  {
    type: 'CREDIT_CARD',
    minDigits: 12,
    gate: (w) => w.chain >= 12,
    first: '[0-9]',
    regex: re('\\d(?:[ -]?\\d){11,18}'),
    score: 0.85,
    validate: validCard,
    numeric: true,
    context: ['card', 'credit', 'visa', 'mastercard', 'amex', 'cc', 'debit', 'payment'],
  },
  {
    type: 'IBAN_CODE',
    minDigits: 2,
    gate: (w) =>
      (w.upper >= 2 || w.lower >= 2) && w.alnum >= 4 && (w.runs & ~3) !== 0 && (w.lettersThenDigit & 4) !== 0,
    first: '[A-Za-z]',
    regex: re('[A-Z]{2}\\d{2}(?: ?[A-Z0-9]){11,30}|[a-z]{2}\\d{2}[a-z0-9]{11,30}', 'g'),
    score: 0.9,
    refine: refineIban,
    context: ['iban', 'account', 'transfer', 'bank', 'wire', 'konto', 'sepa'],
  },
  {
    type: 'US_SSN',
    minDigits: 9,
    gate: (w) => w.chain >= 9 && longestRun(w) >= 4 && (run(w, 9) || (run(w, 3) && run(w, 2) && run(w, 4))),
    first: '[0-9]',
    regex: re('\\d{3}([- ]?)\\d{2}\\1\\d{4}'),
    score: 0.85,
    validate: validSsn,
    context: ['ssn', 'social security', 'social-security', 'ss#', 'ssns'],
    numeric: true,
  },
  {
    type: 'US_ITIN',
    minDigits: 9,
    gate: (w) => w.chain >= 9 && longestRun(w) >= 4 && (run(w, 9) || (run(w, 3) && run(w, 2) && run(w, 4))),
    first: '9',
    regex: re('9\\d{2}([- ]?)[5-9]\\d\\1\\d{4}'),
    score: 0.85,
    validate: validItin,
    context: ['itin', 'taxpayer', 'tax id', 'tax identification'],
    numeric: true,
  },
  {
    type: 'US_BANK_ROUTING',
    minDigits: 9,
    gate: (w) => run(w, 9),
    first: '[0-9]',
    regex: re('\\d{9}'),
    score: 0.5,
    validate: (v) => ck.abaRouting(v),
    context: ['routing', 'aba', 'rtn', 'transit', 'bank'],
    numeric: true,
  },
  {
    type: 'US_BANK_ROUTING',
    minDigits: 9,
    gate: (w) => w.chain >= 9 && longestRun(w) >= 4 && run(w, 4) && run(w, 1),
    first: '[0-9]',
    regex: re('\\d{4}-\\d{4}-\\d'),
    score: 0.6,
    validate: (v) => ck.abaRouting(digits(v)),
    context: ['routing', 'aba', 'rtn', 'transit', 'bank'],
  },
  {
    type: 'US_NPI',
    minDigits: 10,
    gate: (w) => w.chain >= 10 && longestRun(w) >= 4 && (run(w, 10) || (run(w, 4) && run(w, 3))),
    first: '[12]',
    regex: re('[12]\\d{3}([ -]?)\\d{3}\\1\\d{3}'),
    score: 0.5,
    validate: (v) => consistent(v) && ck.npi(digits(v)),
    context: ['npi', 'provider', 'national provider'],
    numeric: true,
  },
  {
    type: 'US_MBI',
    minDigits: 5,
    gate: (w) => letters(w) >= 4 && w.digitThenLetter && word(w, 11, 4),
    first: '[1-9]',
    regex: re(
      '[1-9][AC-HJKMNP-RT-Yac-hjkmnp-rt-y][AC-HJKMNP-RT-Yac-hjkmnp-rt-y\\d]\\d-?[AC-HJKMNP-RT-Yac-hjkmnp-rt-y][AC-HJKMNP-RT-Yac-hjkmnp-rt-y\\d]\\d-?[AC-HJKMNP-RT-Yac-hjkmnp-rt-y]{2}\\d{2}',
    ),
    score: 0.6,
    validate: (v) => /\d/.test(v.slice(2)) && /[A-Za-z]/.test(v),
    context: ['medicare', 'mbi', 'beneficiary', 'patient'],
  },
  {
    type: 'US_PASSPORT',
    minDigits: 8,
    gate: (w) => run(w, 8, 9) && word(w, 9),
    first: '[A-Z0-9]',
    regex: re('(?:[A-Z]\\d{8}|\\d{9})'),
    score: 0.1,
    context: ['passport'],
    numeric: true,
  },
  {
    type: 'US_DRIVER_LICENSE',
    minDigits: 6,
    gate: (w) => w.upper >= 1 && run(w, 6, 7, 8, 9, 10, 11, 12) && word(w, 8, 9, 10, 11, 12, 13),
    first: '[A-Z]',
    regex: re('[A-Z]\\d{7,12}|[A-Z]{2}\\d{6}[A-Z]?'),
    score: 0.15,
    context: [
      "driver's license",
      'driver license',
      'drivers license',
      'driving licen',
      'dl#',
      'dl number',
      'licence number',
      'license number',
    ],
  },
  {
    type: 'UK_NHS',
    minDigits: 10,
    gate: (w) => w.chain >= 10 && longestRun(w) >= 4 && (run(w, 10) || (run(w, 3) && run(w, 4))),
    first: '[0-9]',
    regex: re('\\d{3}([ -]?)\\d{3}\\1\\d{4}'),
    score: 0.5,
    validate: (v) => consistent(v) && ck.nhs(digits(v)),
    context: ['nhs', 'health service', 'patient'],
    numeric: true,
  },
  {
    type: 'UK_NINO',
    minDigits: 6,
    gate: (w) =>
      letters(w) >= 3 && w.chain >= 6 && ((w.lettersThenDigit & 4) !== 0 || word(w, 2)) && run(w, 2, 4, 6),
    first: '[A-CEGHJ-PR-TW-Za-ceghj-pr-tw-z]',
    regex: re(
      '(?!BG|GB|KN|NK|NT|TN|ZZ|bg|gb|kn|nk|nt|tn|zz)[A-CEGHJ-PR-TW-Za-ceghj-pr-tw-z][A-CEGHJ-NPR-TW-Za-ceghj-npr-tw-z] ?\\d{2} ?\\d{2} ?\\d{2} ?[A-Da-d]',
    ),
    score: 0.7,
    context: ['national insurance', 'nino', 'ni number'],
  },
  {
    type: 'UK_DRIVING_LICENCE',
    minDigits: 7,
    gate: (w) => w.alnum >= 16 && w.upper >= 2 && word(w, 16),
    first: '[A-Z9]',
    regex: re('[A-Z9]{5}\\d[0156]\\d[0-3]\\d{2}[A-Z9]{2}\\d[A-Z]{2}'),
    score: 0.8,
  },
  {
    type: 'CA_SIN',
    minDigits: 9,
    gate: (w) => w.chain >= 9 && longestRun(w) >= 3 && run(w, 9, 3),
    first: '[0-9]',
    regex: re('\\d{3}([ -]?)\\d{3}\\1\\d{3}'),
    score: 0.45,
    validate: (v) => consistent(v) && ck.caSin(digits(v)) && (/\D/.test(v) ? 0.5 : 0.45),
    context: ['sin', 'social insurance', 'nas', 'assurance sociale'],
    numeric: true,
  },
  {
    type: 'ES_NIF',
    minDigits: 7,
    gate: (w) => letters(w) >= 1 && run(w, 7, 8),
    first: '[XYZxyz0-9]',
    regex: re('[XYZxyz]?\\d{7,8}-?[A-Za-z]'),
    score: 0.8,
    validate: (v) => ck.esNif(v.replace('-', '')),
    context: ['nif', 'nie', 'dni', 'documento'],
  },
  {
    type: 'IT_FISCAL_CODE',
    minDigits: 1,
    gate: (w) => w.alnum >= 16 && letters(w) >= 9 && w.wordLetters >= 6 && word(w, 16),
    first: '[A-Za-z]',
    regex: re(
      '[A-Za-z]{6}[\\dLMNP-Vlmnp-v]{2}[ABCDEHLMPRSTabcdehlmprst][\\dLMNP-Vlmnp-v]{2}[A-Za-z][\\dLMNP-Vlmnp-v]{3}[A-Za-z]',
    ),
    score: 0.45,
    validate: (v) => (ck.itFiscalCode(v) ? 0.9 : 0.45),
    context: ['codice fiscale', 'fiscal code', 'cf'],
  },
  {
    type: 'IT_VAT_CODE',
    minDigits: 11,
    gate: (w) => run(w, 11),
    first: '[0-9]',
    regex: re('\\d{11}'),
    score: 0.3,
    validate: (v) => ck.itVat(v),
    context: ['partita iva', 'p.iva', 'piva', 'vat', 'iva'],
    numeric: true,
  },
  {
    type: 'IT_IDENTITY_CARD',
    minDigits: 5,
    gate: (w) => w.upper >= 4 && run(w, 5) && word(w, 9),
    first: 'C',
    regex: re('C[A-Z]\\d{5}[A-Z]{2}'),
    score: 0.6,
    context: ["carta d'identità", 'carta di identità', 'identity card', 'cie'],
  },
  {
    // paper card "AA1234567" and older layouts: letters and digits any code could have
    type: 'IT_IDENTITY_CARD',
    minDigits: 5,
    gate: (w) => letters(w) >= 2 && run(w, 5, 7) && word(w, 9, 2),
    first: '[A-Za-z0-9]',
    regex: re('[A-Za-z]{2} ?\\d{7}|[A-Za-z]{2}\\d{5}[A-Za-z]{2}|\\d{7}[A-Za-z]{2}'),
    score: 0.2,
    contextRequired: true,
    context: [
      "carta d'identità",
      "carta d'identita",
      'carta di identità',
      'identity card',
      'documento di identità',
    ],
  },
  {
    type: 'IT_DRIVER_LICENSE',
    minDigits: 1,
    gate: (w) => w.alnum >= 10 && w.upper >= 2 && (w.lettersThenDigit & 6) !== 0 && word(w, 10),
    first: '[A-Z]',
    regex: re('U1[A-Z\\d]{7}[A-Z]|[A-Z]{2}\\d{7}[A-Z]'),
    score: 0.5,
    validate: (v) => /\d/.test(v.slice(2)),
    context: ['patente', 'licen'],
  },
  {
    type: 'PL_PESEL',
    minDigits: 11,
    gate: (w) => run(w, 11),
    first: '[0-9]',
    regex: re('\\d{11}'),
    score: 0.5,
    validate: (v) => ck.pesel(v),
    context: ['pesel'],
    numeric: true,
  },
  {
    type: 'FI_HETU',
    minDigits: 9,
    gate: (w) => run(w, 6),
    first: '[0-9]',
    regex: re('\\d{6}[-+A-FU-Y]\\d{3}[0-9A-FHJ-NPR-Y]'),
    score: 0.85,
    validate: (v) => ck.fiHetu(v),
    context: ['hetu', 'henkilötunnus', 'personal identity code'],
  },
  {
    type: 'SE_PERSONNUMMER',
    minDigits: 10,
    gate: (w) => run(w, 6, 8) && run(w, 4),
    first: '[0-9]',
    regex: re('(?:19|20)?\\d{6}[-+]\\d{4}'),
    score: 0.75,
    validate: (v) => ck.sePersonnummer(digits(v)),
    context: ['personnummer', 'samordningsnummer'],
  },
  {
    type: 'DE_TAX_ID',
    minDigits: 11,
    gate: (w) => w.chain >= 11 && longestRun(w) >= 3 && run(w, 2, 5, 8, 11),
    first: '[1-9]',
    regex: re('[1-9]\\d(?: ?\\d{3}){3}'),
    score: 0.45,
    validate: (v) => consistent(v) && ck.deTaxId(digits(v)),
    context: ['steuer-id', 'steuerid', 'steuer id', 'idnr', 'identifikationsnummer', 'tin', 'tax id'],
    numeric: true,
  },
  {
    // Steuernummer (per-office tax number): "12/345/67890", "123/456/78901", 13-digit ELSTER form
    type: 'DE_TAX_ID',
    minDigits: 10,
    gate: (w) => w.chain >= 9 && longestRun(w) >= 4 && run(w, 13, 4, 5),
    first: '[0-9]',
    regex: re('\\d{2,3}/\\d{3,4}/\\d{4,5}|\\d{13}'),
    score: 0.2,
    contextRequired: true,
    context: ['steuernummer', 'st.-nr', 'st-nr', 'stnr', 'tax number', 'finanzamt'],
    numeric: true,
  },
  {
    type: 'DE_VAT_ID',
    minDigits: 9,
    gate: (w) => w.upper >= 2 && w.chain >= 9,
    first: 'D',
    regex: re('DE ?\\d{3} ?\\d{3} ?\\d{3}'),
    score: 0.85,
    validate: (v) => consistent(v.slice(2)) && ck.deVat(digits(v)),
    context: ['ust', 'vat', 'umsatzsteuer'],
  },
  {
    type: 'DE_ID_CARD',
    minDigits: 2,
    gate: (w) => w.upper >= 1 && w.alnum >= 9 && word(w, 9),
    first: '[CFGHJKLMNPRTVWXYZ]',
    regex: re('[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ\\d]{8}'),
    score: 0.6,
    validate: (v) => /\d{2}/.test(v) && ck.icao(v) && (/^[A-Z]\d{8}$/.test(v) ? 0.6 : 0.55),
    context: ['personalausweis', 'ausweis', 'id card', 'identity card'],
  },
  {
    type: 'DE_PASSPORT',
    minDigits: 1,
    gate: (w) => w.upper >= 1 && w.alnum >= 9 && word(w, 9),
    first: 'C',
    regex: re('C[CFGHJKLMNPRTVWXYZ\\d]{8}'),
    score: 0.7,
    validate: (v) => ck.icao(v),
    context: ['reisepass', 'passport', 'pass'],
  },
  {
    type: 'DE_SOCIAL_SECURITY',
    minDigits: 9,
    gate: (w) => w.upper >= 1 && run(w, 8) && word(w, 12),
    first: '[0-9]',
    regex: re('\\d{2}(?:0[1-9]|[12]\\d|3[01])(?:0[1-9]|1[0-2])\\d{2}[A-Z]\\d{3}'),
    score: 0.75,
    validate: (v) => ck.deRvnr(v),
    context: ['rentenversicherung', 'sozialversicherung', 'rvnr', 'svnr'],
  },
  {
    type: 'DE_HEALTH_INSURANCE',
    minDigits: 9,
    gate: (w) => w.upper >= 1 && run(w, 9) && word(w, 10),
    first: '[A-Z]',
    regex: re('[A-Z]\\d{9}'),
    score: 0.5,
    validate: (v) => {
      const n = String(v.charCodeAt(0) - 64).padStart(2, '0') + v.slice(1, 9);
      let s = 0;
      for (let i = 0; i < n.length; i++) {
        let x = (n.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 2);
        if (x > 9) x -= 9;
        s += x;
      }
      return s % 10 === Number(v[9]);
    },
    context: ['krankenversicherung', 'kvnr', 'krankenkasse', 'versichertennummer', 'health insurance'],
  },
  {
    type: 'DE_MEDICAL_ID',
    minDigits: 9,
    gate: (w) => run(w, 9),
    first: '[0-9]',
    regex: re('\\d{9}'),
    score: 0.2,
    context: ['lanr', 'bsnr', 'betriebsstättennummer', 'arztnummer'],
    numeric: true,
  },
  {
    type: 'DE_DRIVER_LICENSE',
    minDigits: 8,
    gate: (w) => w.upper >= 1 && run(w, 8) && word(w, 9, 10, 11),
    first: '[A-Z]',
    regex: re('[A-Z]{2}\\d{8}[A-Z]?|[A-Z]\\d{8}[A-Z]{0,2}'),
    score: 0.3,
    context: ['führerschein', 'fuehrerschein', 'fahrerlaubnis'],
  },
  {
    type: 'DE_COMPANY_REGISTER',
    minDigits: 1,
    gate: (w) => (w.upper >= 3 || w.lower >= 3) && ((w.lettersThenDigit & 8) !== 0 || word(w, 3)),
    first: '[Hh]',
    regex: re('(?:HRA|HRB|hra|hrb) ?\\d{1,6}'),
    score: 0.6,
    context: ['handelsregister', 'amtsgericht', 'eingetragen'],
  },
  {
    type: 'DE_LICENSE_PLATE',
    minDigits: 1,
    gate: (w) => w.plate,
    regex: reU('[A-ZÄÖÜ]{1,3}[ -][A-Z]{1,2}[ -]?\\d{1,4}[EH]?'),
    score: 0.25,
    context: ['kennzeichen', 'kfz', 'license plate', 'nummernschild'],
  },
  {
    type: 'SG_NRIC_FIN',
    minDigits: 7,
    gate: (w) => letters(w) >= 2 && run(w, 7) && word(w, 9),
    first: '[STFGMstfgm]',
    regex: re('[STFGMstfgm]\\d{7}[A-Za-z]'),
    score: 0.5,
    validate: (v) => (ck.sgNric(v) ? 0.85 : 0.3),
    context: ['nric', 'fin', 'identity card', 'ic number'],
  },
  {
    type: 'SG_UEN',
    minDigits: 4,
    gate: (w) => w.upper >= 1 && run(w, 4, 8, 9) && word(w, 9, 10),
    first: '[TSR0-9]',
    regex: re('[TSR]\\d{2}[A-Z]{2}\\d{4}[A-Z]|\\d{8,9}[A-Z]'),
    score: 0.5,
    validate: (v) => (/^[TSR]/.test(v) ? 0.7 : 0.5),
    context: ['uen', 'unique entity', 'acra'],
  },
  {
    type: 'AU_ABN',
    minDigits: 11,
    gate: (w) => w.chain >= 11 && longestRun(w) >= 3 && (run(w, 11) || (run(w, 2) && run(w, 3))),
    first: '[0-9]',
    regex: re('\\d{2}( ?)\\d{3}\\1\\d{3}\\1\\d{3}'),
    score: 0.6,
    validate: (v) => ck.auAbn(digits(v)),
    context: ['abn', 'australian business'],
    numeric: true,
  },
  {
    type: 'AU_ACN',
    minDigits: 9,
    gate: (w) => w.chain >= 9 && longestRun(w) >= 3 && run(w, 9, 3),
    first: '[0-9]',
    regex: re('\\d{3}( ?)\\d{3}\\1\\d{3}'),
    score: 0.45,
    validate: (v) => ck.auAcn(digits(v)) && (/ /.test(v) ? 0.55 : 0.45),
    context: ['acn', 'australian company'],
    numeric: true,
  },
  {
    type: 'AU_TFN',
    minDigits: 9,
    gate: (w) => w.chain >= 9 && longestRun(w) >= 3 && run(w, 9, 3),
    first: '[0-9]',
    regex: re('\\d{3}( ?)\\d{3}\\1\\d{3}'),
    score: 0.5,
    validate: (v) => ck.auTfn(digits(v)),
    context: ['tfn', 'tax file'],
    numeric: true,
  },
  {
    type: 'AU_MEDICARE',
    minDigits: 10,
    gate: (w) => w.chain >= 10 && longestRun(w) >= 5,
    first: '[2-6]',
    regex: re('[2-6]\\d{3}( ?)\\d{5}\\1\\d(?:[ /]?\\d)?'),
    score: 0.5,
    validate: (v) => ck.auMedicare(digits(v)),
    context: ['medicare'],
    numeric: true,
  },
  {
    type: 'IN_AADHAAR',
    minDigits: 12,
    gate: (w) => w.chain >= 12 && longestRun(w) >= 4 && run(w, 12, 4),
    first: '[2-9]',
    regex: re('[2-9]\\d{3}([ :-]?)\\d{4}\\1\\d{4}'),
    score: 0.6,
    validate: (v) => ck.verhoeff(digits(v)) && !oneDigitRepeated(digits(v)),
    context: ['aadhaar', 'aadhar', 'uidai', 'uid'],
    numeric: true,
  },
  {
    type: 'IN_PAN',
    minDigits: 4,
    gate: (w) => letters(w) >= 6 && run(w, 4) && (w.lettersThenDigit & 32) !== 0 && word(w, 10),
    first: '[A-Za-z]',
    regex: re('[A-Za-z]{5}\\d{4}[A-Za-z]'),
    score: 0.3,
    validate: (v) => (/^[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]$/.test(v) ? 0.6 : 0.3),
    context: ['pan', 'permanent account', 'income tax'],
  },
  {
    type: 'IN_VOTER',
    minDigits: 7,
    gate: (w) => w.upper >= 3 && run(w, 7) && word(w, 10),
    first: '[A-Z]',
    regex: re('[A-Z]{3}\\d{7}'),
    score: 0.35,
    context: ['voter', 'epic', 'election'],
  },
  {
    type: 'IN_PASSPORT',
    minDigits: 7,
    gate: (w) => w.upper >= 1 && w.chain >= 7 && (word(w, 8) || (word(w, 3) && run(w, 5))),
    first: '[A-Z]',
    regex: re('[A-Z][1-9]\\d ?\\d{4}[1-9]'),
    score: 0.15,
    context: ['passport'],
  },
  {
    type: 'IN_GSTIN',
    minDigits: 7,
    gate: (w) => w.upper >= 7 && w.alnum >= 15 && word(w, 15),
    // state code, the holder's PAN, entity number, the fixed "Z", check character
    first: '[0-3]',
    regex: re('(?:0[1-9]|[1-2]\\d|3[0-8])[A-Z]{5}\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]'),
    score: 0.8,
    // a PAN whose fourth letter is no holder type is a test or malformed number: context decides
    validate: (v) => (/^[ABCFGHLJPT]$/.test(v[5]!) ? 0.8 : 0.45),
    context: ['gst', 'gstin', 'gst registration', 'gst number'],
  },
  {
    type: 'IN_VEHICLE_REGISTRATION',
    minDigits: 5,
    gate: (w) => w.upper >= 3 && run(w, 4),
    first: '[ABCDGHJKLMNOPRSTUW]',
    regex: re(
      '(?:AN|AP|AR|AS|BR|CG|CH|DD|DL|DN|GA|GJ|HP|HR|JH|JK|KA|KL|LA|LD|MH|ML|MN|MP|MZ|NL|OD|OR|PB|PY|RJ|SK|TN|TR|TS|UK|UP|WB)[ -]?\\d{1,2}[ -]?[A-Z]{1,3}[ -]?\\d{4}',
    ),
    score: 0.6,
    context: ['vehicle', 'registration', 'number plate'],
  },
  {
    type: 'KR_RRN',
    minDigits: 13,
    gate: (w) => w.chain >= 13 && longestRun(w) >= 7 && (run(w, 13) || (run(w, 6) && run(w, 7))),
    first: '[0-9]',
    regex: re('\\d{6}-?[1-4]\\d{6}'),
    score: 0.5,
    validate: (v) => (ck.krRrn(digits(v), false) ? 0.85 : /-/.test(v) ? 0.45 : false),
    context: ['rrn', 'resident registration', '주민등록번호', '주민번호'],
  },
  {
    type: 'KR_FRN',
    minDigits: 13,
    gate: (w) => w.chain >= 13 && longestRun(w) >= 7 && (run(w, 13) || (run(w, 6) && run(w, 7))),
    first: '[0-9]',
    regex: re('\\d{6}-?[5-8]\\d{6}'),
    score: 0.5,
    validate: (v) => (ck.krRrn(digits(v), true) ? 0.85 : 0.45),
    context: ['frn', 'foreigner', 'alien registration', '외국인등록번호'],
  },
  {
    type: 'KR_PASSPORT',
    minDigits: 7,
    gate: (w) => letters(w) >= 1 && (run(w, 8) || (run(w, 3) && run(w, 4))) && word(w, 9),
    first: '[MSRODmsrod]',
    regex: re('[MSRODmsrod]\\d{3}[A-Za-z]\\d{4}|[MSRODmsrod]\\d{8}'),
    score: 0.4,
    context: ['passport', '여권'],
  },
  {
    type: 'KR_DRIVER_LICENSE',
    minDigits: 12,
    gate: (w) => w.chain >= 12 && longestRun(w) >= 6 && (run(w, 12) || (run(w, 2) && run(w, 6))),
    first: '[12]',
    regex: re('(?:1[1-9]|2[0-8])([ -]?)\\d{2}\\1\\d{6}\\1\\d{2}'),
    score: 0.5,
    validate: (v) => (/\D/.test(v) ? 0.6 : 0.4),
    context: ['license', 'licence', '운전면허'],
    numeric: true,
  },
  {
    type: 'KR_BRN',
    minDigits: 10,
    gate: (w) => w.chain >= 10 && longestRun(w) >= 5 && run(w, 3) && run(w, 2) && run(w, 5),
    first: '[0-9]',
    regex: re('\\d{3}-\\d{2}-\\d{5}'),
    score: 0.6,
    validate: (v) => ck.krBrn(digits(v)),
    context: ['business registration', '사업자'],
  },
  {
    type: 'TH_TNIN',
    minDigits: 13,
    gate: (w) => w.chain >= 13,
    first: '[1-8]',
    regex: re('[1-8](?:[ -]?\\d){12}'),
    score: 0.5,
    validate: (v) => ck.thTnin(digits(v)),
    context: ['thai', 'national id', 'บัตรประชาชน'],
    numeric: true,
  },
  {
    type: 'NG_NIN',
    minDigits: 11,
    gate: (w) => run(w, 11),
    first: '[0-9]',
    regex: re('\\d{11}'),
    score: 0.3,
    validate: (v) => ck.ngNin(v),
    context: ['nin', 'national identification'],
    numeric: true,
  },
  {
    type: 'ZA_ID_NUMBER',
    minDigits: 13,
    gate: (w) => run(w, 13),
    first: '[0-9]',
    regex: re('\\d{13}'),
    score: 0.55,
    validate: (v) => ck.zaId(v),
    context: ['id number', 'identity', 'rsa id', 'south african'],
    numeric: true,
  },
  {
    type: 'MEDICAL_LICENSE',
    minDigits: 7,
    gate: (w) => letters(w) >= 1 && run(w, 7, 8) && word(w, 9),
    first: '[ABFGMPRabfgmpr]',
    regex: re('[ABFGMPRabfgmpr][A-Za-z]\\d{7}|[ABFGMPRabfgmpr]9\\d{7}'),
    score: 0.3,
    context: ['dea', 'medical licen', 'certificate number', 'license number'],
  },
  {
    type: 'IP_ADDRESS',
    minDigits: 1,
    gate: (w) => w.dots >= 3,
    regex:
      /(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?!\.?\d|\w)/g,
    score: 0.7,
    validate: (v) => (/^(?:0\.|1\.2\.3\.4$|255\.255\.255\.)/.test(v) ? 0.35 : 0.7),
    context: ['ip', 'address', 'host', 'server', 'client'],
  },
  {
    type: 'IP_ADDRESS',
    minDigits: 1,
    gate: (w) => w.colons >= 2,
    regex:
      /(?<![\w:.])[0-9A-Fa-f]{0,4}:[0-9A-Fa-f:]{1,40}(?:\d{1,3}(?:\.\d{1,3}){3})?(?:\/\d{1,3})?(?![\w:]|\.\d)/g,
    score: 0.7,
    validate: validIpv6,
    context: ['ip', 'ipv6', 'address', 'host'],
  },
  {
    type: 'MAC_ADDRESS',
    minDigits: 1,
    gate: (w) => ((w.colons >= 5 || w.dashes >= 5) && word(w, 2)) || (w.dots >= 2 && word(w, 4)),
    first: '[0-9A-Fa-f]',
    regex: re(
      '[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\\1){4}[0-9A-Fa-f]{2}|[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}',
    ),
    score: 0.7,
    validate: (v) =>
      !/^(?:ff[:.-]?){5}ff$/i.test(v) && !/^(?:00[:.-]?){5}00$/.test(v) && !/^(?:ffff\.){2}ffff$/i.test(v),
    context: ['mac', 'hardware address', 'ethernet'],
  },
  {
    type: 'CRYPTO_WALLET',
    minDigits: 1,
    gate: (w) => w.alnum >= 26 && word(w, 26, 27, 28, 29, 30, 31),
    first: '[13]',
    regex: re('[13][1-9A-HJ-NP-Za-km-z]{25,34}'),
    score: 0.9,
    validate: (v) => ck.base58check(v),
    context: ['wallet', 'bitcoin', 'btc', 'crypto'],
  },
  {
    type: 'CRYPTO_WALLET',
    minDigits: 1,
    gate: (w) => w.alnum >= 11 && (w.lettersThenDigit & 4) !== 0,
    first: '[bBt]',
    regex: re('(?:bc1|BC1|tb1)[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}'),
    score: 0.9,
    validate: (v) => ck.bech32(v),
    context: ['wallet', 'bitcoin', 'btc', 'crypto'],
  },
  {
    type: 'CRYPTO_WALLET',
    minDigits: 1,
    gate: (w) => w.alnum >= 42,
    first: '0',
    regex: re('0x[0-9a-fA-F]{40}'),
    score: 0.7,
    validate: validEth,
    context: ['wallet', 'ethereum', 'eth', 'crypto', 'address'],
  },
];

function validIpv6(v: string): boolean | number {
  const addr = v.replace(/\/\d{1,3}$/, '');
  if (!isIPv6(addr)) return false;
  // all-decimal groups without "::" look like times or ratios
  if (!addr.includes('::') && !/[a-f]/i.test(addr)) return 0.45;
  return 0.75;
}

function validEth(v: string): boolean | number {
  const hex = v.slice(2);
  if (/^0+$/.test(hex)) return false;
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return 0.7;
  return eip55(hex) ? 0.9 : false;
}

/** EIP-55 mixed-case checksum: a letter is upper case iff the matching hash nibble is >= 8. */
function eip55(hex: string): boolean {
  const h = keccak256Hex(hex.toLowerCase());
  for (let i = 0; i < 40; i++) {
    const c = hex[i]!;
    if (c >= '0' && c <= '9') continue;
    const upper = c === c.toUpperCase();
    if (upper !== Number.parseInt(h[i]!, 16) >= 8) return false;
  }
  return true;
}
