/** Medical facts (diagnoses, conditions, medications, procedures, test results) for PHIAwareness. */

import { CodeUnitBuffer } from '../code-units/code-units.ts';
import { isAsciiDigit, isAsciiLetter } from './chars.ts';

const TERMS = `diabetes|diabetic|cancer|carcinoma|tumou?r|leukemia|lymphoma|melanoma|hiv|aids|hepatitis|tuberculosis|
asthma|copd|hypertension|hypotension|arrhythmia|heart failure|heart attack|myocardial infarction|stroke|epilepsy|seizures?|
depression|depressive|bipolar|schizophrenia|anxiety disorder|ptsd|adhd|autism|dementia|alzheimer'?s?|parkinson'?s?|
multiple sclerosis|arthritis|osteoporosis|lupus|crohn'?s?|colitis|celiac|cirrhosis|kidney disease|renal failure|dialysis|
pneumonia|bronchitis|covid(?:-19)?|influenza|sepsis|obesity|anorexia|bulimia|pregnan(?:t|cy)|miscarriage|abortion|
infertility|std|sti|chlamydia|gonorrh?oea|syphilis|herpes|hpv|fracture|concussion|allerg(?:y|ies)|anemia|anaemia|
thyroid|hypothyroidism|hyperthyroidism|migraine|insomnia|sleep apnea|glaucoma|cataracts?|
insulin|metformin|chemotherapy|chemo|radiotherapy|radiation therapy|antidepressants?|sertraline|fluoxetine|prozac|
zoloft|xanax|lithium|methadone|opioids?|oxycodone|morphine|antibiotics?|amoxicillin|statins?|atorvastatin|lisinopril|
warfarin|prednisone|antiretroviral|prep|adderall|ritalin|ozempic|semaglutide|
surgery|operation|biopsy|mastectomy|appendectomy|transplant|amputation|bypass|catheter|colonoscopy|mri|ct scan|x-ray|
ultrasound|mammogram|blood test|lab results?|test results?|diagnos(?:is|ed|es)|prognosis|prescri(?:bed|ption)|
treated for|treatment for|suffers? from|suffering from|admitted to|discharged|hospitali[sz]ed|icu|rehab|
blood pressure|cholesterol|glucose|hba1c|a1c|viral load|cd4|positive for|negative for|tested positive|medical record|
mrn|patient id|health record`;

/**
 * Word-bounded, case-insensitive; alternation of literals whose words are separated by any run of
 * whitespace (linear). The list's line breaks are layout only.
 */
const termsPattern = (terms: string): string =>
  `(?<![\\p{L}\\p{N}])(?:${terms.replace(/\n/g, '').replace(/ /g, '\\s+')})(?![\\p{L}\\p{N}])`;

export const MEDICAL_TERMS = new RegExp(termsPattern(TERMS), 'giu');

export interface MedicalMention {
  start: number;
  end: number;
}

/**
 * Index 0-36 of a character that /iu folds onto a-z, 0-9 or '-' (ſ and the Kelvin sign fold onto s
 * and k), else -1. Every term starts with two such characters.
 */
function fold(c: number): number {
  if (c >= 97 && c <= 122) return c - 97;
  if (c >= 65 && c <= 90) return c - 65;
  if (c >= 48 && c <= 57) return c - 22;
  if (c === 45) return 36;
  if (c === 0x17f) return 18;
  if (c === 0x212a) return 10;
  return -1;
}

/** The alternatives of `terms` outside groups ("covid(?:-19)?" is one). */
function topLevelTerms(terms: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < terms.length; i++) {
    if (terms[i] === '(') depth++;
    else if (terms[i] === ')') depth--;
    else if (terms[i] === '|' && depth === 0) {
      out.push(terms.slice(from, i));
      from = i + 1;
    }
  }
  out.push(terms.slice(from));
  return out;
}

/**
 * The literal characters of a term after its first two, up to the first one a quantifier, group,
 * apostrophe or space (`\s+`) makes variable: "tumou?r" gives "mo", "heart failure" "art".
 */
function literalTail(term: string): string {
  let end = 2;
  while (end < term.length && /[a-z0-9-]/.test(term[end]!) && !/[?*{]/.test(term[end + 1] ?? '')) end++;
  return term.slice(2, end);
}

/**
 * MEDICAL_TERMS restricted to the terms starting with each first-two-character pair (37 x 37), in
 * list order and sticky: at a given position it finds what the whole alternation would, trying a
 * few literals instead of ~150. TAILS holds each pair's literalTail()s: the regex runs only where
 * one of them follows the pair, since most words that share a pair with a term ("the", "thyroid")
 * part from it at once, and a regex call costs far more than comparing a few characters.
 */
const TAILS: (string[] | undefined)[] = new Array(37 * 37).fill(undefined);
const BY_PAIR = (() => {
  const groups = new Map<number, string[]>();
  for (const term of topLevelTerms(TERMS.replace(/\n/g, ''))) {
    const a = fold(term.charCodeAt(0));
    const b = fold(term.charCodeAt(1));
    // a quantifier at the third character could make the second optional
    if (a < 0 || b < 0 || /^[?*{]/.test(term.slice(2)))
      throw new Error(`medical term ${term} must start with two literal characters`);
    const group = groups.get(a * 37 + b) ?? [];
    group.push(term);
    groups.set(a * 37 + b, group);
  }
  const table: (RegExp | undefined)[] = new Array(37 * 37).fill(undefined);
  for (const [pair, terms] of groups) {
    table[pair] = new RegExp(termsPattern(terms.join('|')), 'yiu');
    TAILS[pair] = [...new Set(terms.map(literalTail))];
  }
  return table;
})();

/** The code units of the text being scanned: a typed array reads faster than charCodeAt. */
const textUnits = new CodeUnitBuffer();

const isAsciiAlnum = (c: number): boolean => isAsciiLetter(c) || isAsciiDigit(c);

/** Whether one of `tails` follows at u[at] (in a text of n code units), compared as /iu folds (fold()). */
function tailFollows(u: Uint16Array, n: number, at: number, tails: readonly string[]): boolean {
  for (const tail of tails) {
    if (at + tail.length > n) continue;
    let k = 0;
    while (k < tail.length && fold(u[at + k]!) === fold(tail.charCodeAt(k))) k++;
    if (k === tail.length) return true;
  }
  return false;
}

/**
 * Same matches as MEDICAL_TERMS scanned globally: a pair's sticky regex runs only where a letter
 * starts a run of ASCII letters and digits (inside one, the look-behind fails) or is ſ or the Kelvin
 * sign; the rest of the run is skipped with a character test.
 */
export function findMedicalTerms(text: string): MedicalMention[] {
  const out: MedicalMention[] = [];
  const u = textUnits.load(text);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = u[i]!;
    const ascii = isAsciiAlnum(c);
    if (!ascii && c !== 0x17f && c !== 0x212a) {
      i++;
      continue;
    }
    const a = fold(c);
    // past the end u holds 0 sentinels, and fold(0) is -1
    const b = a < 26 ? fold(u[i + 1]!) : -1;
    const re = b < 0 ? undefined : BY_PAIR[a * 37 + b];
    if (re && tailFollows(u, n, i + 2, TAILS[a * 37 + b]!)) {
      re.lastIndex = i;
      const m = re.exec(text);
      if (m) {
        out.push({ start: i, end: i + m[0].length });
        // a match ends before a character that is no letter or digit
        i += m[0].length;
        continue;
      }
    }
    i++;
    // the 0 sentinel at u[n] ends the run
    if (ascii) while (isAsciiAlnum(u[i]!)) i++;
  }
  return out;
}

/** First-person health statements identify the speaker as the subject ("I was diagnosed with"). */
export const SELF_REFERENCE =
  /(?<![\p{L}])(?:i(?: am|'m| was| have| had|'ve)|my (?:son|daughter|wife|husband|mother|father|mom|dad|child|patient|doctor)|patient)(?![\p{L}])/iu;
