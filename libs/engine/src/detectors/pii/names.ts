/**
 * Person names without an NER model: given-name and surname lists from @faker-js/faker's locale
 * data (77 locales, loaded once), vetoed by common English words and place names, and combined
 * with cues ("my name is", titles, "Dear X,", sign-offs) and name-pair structure.
 */
import { allLocales } from '@faker-js/faker';
import { CodeUnitBuffer } from '../code-units/code-units.ts';
import { LETTER, letterAt } from './chars.ts';
import type { PiiMatch } from './types.ts';

type Lists = Record<string, unknown> | unknown[] | undefined;

function addAll(set: Set<string>, value: Lists | string): void {
  if (!value) return;
  if (typeof value === 'string') {
    set.add(value.toLowerCase());
    return;
  }
  const items = Array.isArray(value) ? value : Object.values(value);
  for (const v of items) {
    if (typeof v === 'string') {
      if (!v.includes('{') && !v.includes('#')) set.add(v.toLowerCase());
    } else if (v && typeof v === 'object') addAll(set, v as Lists);
  }
}

const FIRST = new Set<string>();
const LAST = new Set<string>();
const PLACES = new Set<string>();
const COMMON = new Set<string>();
for (const locale of Object.values(allLocales) as Array<Record<string, Record<string, Lists>>>) {
  addAll(FIRST, locale.person?.first_name);
  addAll(FIRST, locale.person?.middle_name);
  addAll(LAST, locale.person?.last_name);
  addAll(PLACES, locale.location?.country);
  addAll(PLACES, locale.location?.state);
  addAll(PLACES, locale.location?.city_name);
  addAll(PLACES, locale.location?.continent);
}
{
  const word = (allLocales.en as unknown as { word: Record<string, string[]> }).word;
  for (const list of Object.values(word)) for (const w of list) COMMON.add(w.toLowerCase());
}
// function words, months, days, pronouns and frequent sentence starters that double as names, then
// imperative verbs ("Ask Maria" is Maria) and languages and nationalities ("translate from German")
for (const w of `a an the this that these those there here it its i me my mine we us our you your he him his she her
they them their who whom whose what which when where why how all any some each every no not nor yes ok okay please
thanks thank hello hi hey dear sir madam mr mrs ms dr prof if then so but and or as at by for from in into of on to
up with without about after before during since until while will would shall should can could may might must do does
did done be is are was were been being have has had get got go going let lets make made say said see seen take
january february march april may june july august september october november december monday tuesday wednesday
thursday friday saturday sunday today tomorrow yesterday tonight morning evening night day week month year
god lord jesus christ king queen prince princess royal president minister senator governor mayor judge doctor
north south east west new old great big little grand saint st san santa fort port mount lake river bay
street road avenue lane drive court way place park hall house home office bank group company team club center
music song album band film movie book story show game world news love life art city state country island
christmas easter summer winter spring autumn fall black white red green blue brown gray grey golden silver
bill mark will grant rose hope joy faith summer dawn art ray guy sky star storm brook wood chance price young long
cook hunter baker miller carter mason porter fisher taylor smith ward page hill field stone banks may june august
case justice major marshal bishop parker sharp strong king just also only even still very really now well much
more most such other another first last next both many few several same own than too again ever never always often
once twice maybe perhaps yet soon later early late best better good bad nice fine sure right left free true real
whole half full back down over under off out away around near far since though although unless because however
therefore meanwhile besides instead otherwise thus hence indeed anyway everyone someone anyone nobody everything
something nothing anything people man men woman women child children family friend friends sir lady ladies gentlemen
note notes update welcome congratulations sorry happy merry dear best warm kind python java ruby rust swift perl
kotlin scala julia dart docker linux windows android apple google amazon oracle
try ask call tell meet read visit check email text message contact invite remind send give show bring help hire
pay follow join find watch listen book order buy pick ping greet phone wish introduce congratulate
english french german spanish italian dutch polish russian chinese japanese korean arabic hebrew greek turkish
swedish norwegian danish finnish portuguese brazilian mexican canadian american british irish scottish welsh indian
african european asian latin`.split(/\s+/)) {
  if (w) COMMON.add(w);
}
// names common enough as words are kept out of the single-token rule via COMMON; a few are too
// frequent as ordinary capitalised words even in pairs
const NEVER = new Set(['the', 'and', 'of', 'to', 'in', 'for', 'on', 'at', 'by', 'with', 'a', 'an']);

const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'dos',
  'du',
  'la',
  'le',
  'ter',
  'ten',
  'bin',
  'ibn',
  'al',
  'el',
  'mc',
  'st.',
]);

const ORG_AFTER = new Set(
  `investments investment consulting solutions systems technologies technology capital partners associates
services industries enterprises labs media networks software ventures bros brothers international global
trust fund insurance motors airlines pharmaceuticals foods logistics analytics design designs
inc ltd llc corp corporation company co gmbh ag sa plc group bank university college school institute
foundation association orchestra band records studios hospital clinic church agency partners holdings
street st avenue ave road rd boulevard blvd lane ln drive court ct way place square terrace crescent close
parkway highway office airport station river mountain county city island islands republic kingdom
ira prize award medal scholarship syndrome disease theorem equation principle effect index scale
empire senate army navy parliament congress council dynasty revolution war wars cathedral palace museum
library ocean sea valley desert peninsula festival league federation ministry department committee
commission temple abbey monastery gallery theatre theater stadium arena hotel restaurant mall memorial`.split(
    /\s+/,
  ),
);

/** Multi-word place names ("czech republic", "cape verde"), by first word. */
const PLACE_PHRASES = new Map<string, string[][]>();
for (const p of PLACES) {
  const words = p.split(/\s+/);
  if (words.length < 2 || words.length > 6) continue;
  const list = PLACE_PHRASES.get(words[0]!) ?? [];
  list.push(words);
  PLACE_PHRASES.set(words[0]!, list);
}
/** "Lopez, Santos and Coleman": a list of surnames naming a firm. */
const SURNAME_LIST = /\p{Lu}[\p{L}'-]+, \p{Lu}[\p{L}'-]+,? (?:and|&) \p{Lu}[\p{L}'-]+/u;

const STRONG_CUE =
  /(?:\bmy name is|\bname is|\bname's|\bnamed(?: (?:him|her|them))?|\bcalled|\bcall me|\bi am|\bi'm|\bthis is|\bmr\.?|\bmrs\.?|\bms\.?|\bmiss|\bdr\.?|\bprof\.?|\bsir|\bdear|\bhi|\bhello|\bhey|\bregards,?|\bsincerely,?|\bcheers,?|\bthanks,?|\bsigned,?|\bsign(?:ed)? by|\bpatient|\bmaiden name is|\bunder (?:the )?name|\bpartner's name|\bcustomer|\bclient|\bemployee|\bcontact|\bspeak (?:to|with)|\bask for|\bmarried|\bhusband|\bwife|\bson|\bdaughter|\bbrother|\bsister|\bmother|\bfather|\bfriend|\bboss|\bcolleague|\bassistant to|\bchange it to|\bcorrect it to|\bfollow(?:ing)? up with|\bdirected by|\bstarring|\bwritten by|\bproduced by|\bsaid|\btribute to|\bproducer|\bcommenter|\byour name\?(?: user:)?|\bname on the account\?(?: user:)?)[\s:,]*$/i;
/** Last words of the cues above: the regex runs only when the previous token is one of them. */
const CUE_LAST = new Set(
  `is name's named called me am i'm this mr mrs ms miss dr prof sir dear hi hello hey regards sincerely cheers thanks
signed by patient customer client employee contact with to for married husband wife son daughter brother sister
mother father friend boss colleague by starring said producer commenter user name him her them`.split(/\s+/),
);
const LOWER_CUE = /(?:\bmy name is|\bname is|\bcall me|\bi am called|\bi'm called)\s+$/i;
/** Weaker cues: a lower-case word after them is a name only when it is a known given name or surname. */
const LOWER_CUE_WEAK =
  /(?:\bfollow(?:ing)? up with|\bpartner's name|\bspeak (?:to|with)|\bsaid|\bdirected by|\bstarring|\btribute to|\bmrs?\.?|\bms\.?|\bdr\.?|\bmaiden name is)\s+$/i;
const LOWER_CUE_LAST = new Set([
  'is',
  'me',
  'called',
  'with',
  'name',
  'to',
  'said',
  'by',
  'starring',
  'mr',
  'mrs',
  'ms',
  'dr',
]);

/**
 * Nouns of a work or following named after a person: "the Crawford novel", "a Kakuta concert",
 * "a huge Pálffy fan". The first four take any capitalised word; the rest only a known name.
 */
const WORK_NOUNS = ['novel', 'novels', 'biography', 'memoir', 'concert', 'version', 'fan', 'fans'];
const OPEN_WORK_NOUNS = new Set(['novel', 'novels', 'biography', 'memoir', 'concert']);
/** Verbs after a lower-case given name as the subject of a sentence ("samantha is very kind"). */
const SUBJECT_VERBS = ['is', 'was', 'has', 'had', 'will', 'says', 'said', 'lives', 'works'];
/** Endings of surnames across many languages: an unknown capitalised pair ending so is a name. */
const SURNAME_ENDING =
  /(?:ov|ova|ev|eva|ski|ska|sky|son|sen|dóttir|dottir|ez|ić|vić|vich|enko|shvili|dze|yan|ian|ashi|ima|oto|uchi|kawa|mura|uta|nik|czyk|berg|stein|mann|elli|etti|escu|oglu|oğlu|opoulos|akis)$/;

// Membership of a lower-cased word in the lists above, as bits: one map lookup per listed word.
const IN_FIRST = 1;
const IN_LAST = 2;
const IN_PLACES = 4;
const IN_COMMON = 8;
const IN_NEVER = 16;
const IN_PARTICLES = 32;
const IN_ORG_AFTER = 64;
const IN_CUE_LAST = 128;
const IN_LOWER_CUE_LAST = 256;
/** First word of a multi-word place name (PLACE_PHRASES). */
const IN_PHRASE = 512;
const IS_THE = 1024;
const IN_WORK = 2048;
const IN_DET = 4096;
const IN_VERB = 16384;
/** Second word of a multi-word place name: with IN_PHRASE before it, the pair is worth a phrase lookup. */
const IN_PHRASE2 = 8192;
const MEMBERSHIP = new Map<string, number>();
{
  const mark = (words: Iterable<string>, bit: number) => {
    for (const w of words) MEMBERSHIP.set(w, (MEMBERSHIP.get(w) ?? 0) | bit);
  };
  mark(FIRST, IN_FIRST);
  mark(LAST, IN_LAST);
  mark(PLACES, IN_PLACES);
  mark(COMMON, IN_COMMON);
  mark(NEVER, IN_NEVER);
  mark(PARTICLES, IN_PARTICLES);
  mark(ORG_AFTER, IN_ORG_AFTER);
  mark(CUE_LAST, IN_CUE_LAST);
  mark(LOWER_CUE_LAST, IN_LOWER_CUE_LAST);
  // a phrase is tried only at its first word; its other words need only an index in WORDS
  for (const [first, phrases] of PLACE_PHRASES) {
    mark([first], IN_PHRASE);
    for (const words of phrases) {
      mark(words.slice(1, 2), IN_PHRASE2);
      mark(words.slice(2), 0);
    }
  }
  mark(['the'], IS_THE);
  mark(WORK_NOUNS, IN_WORK);
  mark(['the', 'a', 'an', 'huge', 'big'], IN_DET);
  mark(SUBJECT_VERBS, IN_VERB);
}

/** Every word of MEMBERSHIP; a token refers to its word by index. */
const WORDS = [...MEMBERSHIP.keys()];
/** PLACE_PHRASES spelled as indices in WORDS, keyed by their first and second words: tokens are compared by word index. */
const PLACE_PHRASE_WORDS = new Map<number, Map<number, Int32Array[]>>();
{
  const index = new Map(WORDS.map((w, k) => [w, k]));
  for (const phrases of PLACE_PHRASES.values())
    for (const words of phrases) {
      const ids = Int32Array.from(words, (x) => index.get(x)!);
      const bySecond = PLACE_PHRASE_WORDS.get(ids[0]!) ?? new Map<number, Int32Array[]>();
      PLACE_PHRASE_WORDS.set(ids[0]!, bySecond);
      const list = bySecond.get(ids[1]!) ?? [];
      list.push(ids);
      bySecond.set(ids[1]!, list);
    }
}
/** Index in WORDS of the non-ASCII words, which are looked up as strings. */
const NON_ASCII_WORD = new Map<string, number>();
/**
 * Non-ASCII words as written, seen lately, to (index in WORDS + 1) * 2^16 + mask with CAP: both
 * depend on the characters alone, and a text repeats its words, so most skip the lower-casing and
 * case tests. Emptied when full, which bounds it; only words of at most SHORT units, since V8 may
 * make a longer slice a view that keeps the whole text alive.
 */
const NON_ASCII_SEEN = new Map<string, number>();
const NON_ASCII_SEEN_MAX = 4096;

/**
 * An ASCII word of a token (letters and ' . -) of at most SHORT characters is keyed exactly by its
 * characters' 5-bit codes, six to an int (`a` the last six, `b` the six before), and its length:
 * the scan builds the key as it reads the word. No character's code is 0, so (a, b) alone fixes the
 * length too: a lookup compares two ints, not characters.
 */
const SHORT = 12;
const M30 = 0x3fffffff;
/** 5-bit code of a word character: a letter of either case by its place in the alphabet, then ' . - */
const code5 = (c: number): number => (c === 39 ? 27 : c === 46 ? 28 : c === 45 ? 29 : c & 31);
function shortHash(a: number, b: number, len: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + len, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}
/**
 * The short words in an open-addressing table; a slot is four ints: a, b, (index in WORDS + 1) << 4
 * | length (0 when empty), membership mask. Sized from the word count so that it can never fill up
 * (2^17 slots, 2 MB).
 */
const SHORT_BITS = Math.ceil(Math.log2(WORDS.length + 1));
const SHORT_MASK = (1 << SHORT_BITS) - 1;
const SHORT_SLOTS = new Int32Array(4 << SHORT_BITS);
/**
 * One bit per hash value modulo 2^19 (64 KB), set for every short word: a word in no list is
 * mostly rejected here without touching the 2 MB table.
 */
const FILTER_BITS = 19;
const FILTER = new Int32Array(1 << (FILTER_BITS - 5));
const filterIndex = (h: number): number => (h >>> (32 - FILTER_BITS)) >>> 5;
const filterBit = (h: number): number => 1 << ((h >>> (32 - FILTER_BITS)) & 31);
/**
 * The last lookups of short words, hits and misses alike, direct-mapped in the table's slot layout
 * (64 KB): a text repeats a few hundred words, which are found here without a trip to the table.
 */
const HOT_BITS = 12;
const HOT_MASK = (1 << HOT_BITS) - 1;
const HOT = new Int32Array(4 << HOT_BITS).fill(-1);

/** The characters of an ASCII token's lower-cased word: a listed word with any other (a space, a digit) is no token's. */
const TOKEN_WORD = /^[a-z'.-]+$/;
/**
 * ASCII words longer than SHORT (574), in a table at most half full keyed by a hash of the
 * lower-cased characters; a slot is four ints: hash, index in WORDS + 1 (0 when empty), membership
 * mask, the word's offset in LONG_CHARS | its length << 20.
 */
const LONG_BITS = Math.ceil(
  Math.log2(2 * WORDS.filter((w) => w.length > SHORT && TOKEN_WORD.test(w)).length + 16),
);
const LONG_MASK = (1 << LONG_BITS) - 1;
const LONG_SLOTS = new Int32Array(4 << LONG_BITS);
function asciiHash(u: Uint16Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let k = start; k < end; k++) {
    let c = u[k]!;
    if (c >= 65 && c <= 90) c |= 32;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h ^ (h >>> 15);
}
let LONG_CHARS = new Uint8Array(0);
{
  const longChars: number[] = [];
  WORDS.forEach((w, index) => {
    if (!/^[\x00-\x7f]*$/.test(w)) {
      NON_ASCII_WORD.set(w, index);
      return;
    }
    if (!TOKEN_WORD.test(w)) return;
    const mask = MEMBERSHIP.get(w)!;
    if (w.length <= SHORT) {
      let a = 0;
      let b = 0;
      for (let k = 0; k < w.length; k++) {
        b = ((b << 5) | (a >>> 25)) & M30;
        a = ((a << 5) | code5(w.charCodeAt(k))) & M30;
      }
      const h = shortHash(a, b, w.length);
      let slot = h & SHORT_MASK;
      while (SHORT_SLOTS[4 * slot + 2] !== 0) slot = (slot + 1) & SHORT_MASK;
      SHORT_SLOTS.set([a, b, ((index + 1) << 4) | w.length, mask], 4 * slot);
      FILTER[filterIndex(h)]! |= filterBit(h);
      return;
    }
    const h = asciiHash(
      Uint16Array.from(w, (ch) => ch.charCodeAt(0)),
      0,
      w.length,
    );
    let slot = h & LONG_MASK;
    while (LONG_SLOTS[4 * slot + 1] !== 0) slot = (slot + 1) & LONG_MASK;
    LONG_SLOTS.set([h, index + 1, mask, longChars.length | (w.length << 20)], 4 * slot);
    for (let k = 0; k < w.length; k++) longChars.push(w.charCodeAt(k));
  });
  LONG_CHARS = Uint8Array.from(longChars);
}

/** Index in HOT of the entry for the short word keyed (a, b, len), filled from the table on a miss. */
function lookupShort(a: number, b: number, len: number): number {
  const h = shortHash(a, b, len);
  const e = ((h >>> 8) & HOT_MASK) << 2;
  if (HOT[e] === a && HOT[e + 1] === b) return e;
  let found = len;
  let mask = 0;
  if ((FILTER[filterIndex(h)]! & filterBit(h)) !== 0)
    for (let slot = h & SHORT_MASK; SHORT_SLOTS[4 * slot + 2] !== 0; slot = (slot + 1) & SHORT_MASK)
      if (SHORT_SLOTS[4 * slot] === a && SHORT_SLOTS[4 * slot + 1] === b) {
        found = SHORT_SLOTS[4 * slot + 2]!;
        mask = SHORT_SLOTS[4 * slot + 3]!;
        break;
      }
  HOT[e] = a;
  HOT[e + 1] = b;
  HOT[e + 2] = found;
  HOT[e + 3] = mask;
  return e;
}

/** Slot in LONG_SLOTS of the lower-cased ASCII code units u[start, end), or -1. */
function lookupLong(u: Uint16Array, start: number, end: number): number {
  const h = asciiHash(u, start, end);
  const len = end - start;
  for (let slot = h & LONG_MASK; ; slot = (slot + 1) & LONG_MASK) {
    if (LONG_SLOTS[4 * slot + 1] === 0) return -1;
    const packed = LONG_SLOTS[4 * slot + 3]!;
    if (LONG_SLOTS[4 * slot] === h && packed >>> 20 === len) {
      const offset = packed & 0xfffff;
      let k = 0;
      for (; k < len; k++) {
        let c = u[start + k]!;
        if (c >= 65 && c <= 90) c |= 32;
        if (c !== LONG_CHARS[offset + k]) break;
      }
      if (k === len) return slot;
    }
  }
}

/** Set in a token's mask when the word is capitalised (see tokenize). */
const CAP = 1 << 15;
/** Set in a token's mask when it belongs to a multi-word place name or a firm's list of surnames. */
const BLOCKED = 1 << 16;
/** Words that never start a lower-case name. */
const ORDINARY = IN_COMMON | IN_PLACES | IN_NEVER;

/**
 * The tokens of the last text, as parallel arrays reused across calls (one object per token cost
 * more in allocation and GC than the scan itself): offsets, index in WORDS (-1 for a word in no
 * list), and the membership mask with CAP and BLOCKED.
 */
let tokStart = new Int32Array(1024);
let tokEnd = new Int32Array(1024);
let tokWord = new Int32Array(1024);
let tokMask = new Int32Array(1024);
/** Tokens that are a capitalised IN_PHRASE word followed by an IN_PHRASE2 word: where a place name may start. */
let phraseAt = new Int32Array(1024);
let phraseCount = 0;

function growTokens(): void {
  const grow = (a: Int32Array) => {
    const b = new Int32Array(a.length * 2);
    b.set(a);
    return b;
  };
  tokStart = grow(tokStart);
  tokEnd = grow(tokEnd);
  tokWord = grow(tokWord);
  tokMask = grow(tokMask);
  phraseAt = grow(phraseAt);
}

const textUnits = new CodeUnitBuffer();

/**
 * Word tokens of `text` (code units `u`): letters and marks with inner apostrophes, dots and hyphens
 * (`[\p{L}\p{M}]+(?:['’.-][\p{L}\p{M}]+)*`), minus a possessive "'s", into the token arrays; returns
 * their number. One pass over code units finds a word's end and, for an ASCII word, its hash and
 * case at the same time; a string is built only for a non-ASCII word.
 */
function tokenize(text: string, u: Uint16Array): number {
  const n = text.length;
  let count = 0;
  phraseCount = 0;
  let i = 0;
  while (i < n) {
    // u[n] is a 0 sentinel, a non-letter: reads one past a word need no bound check
    let c = u[i]!;
    if (c < 128 ? LETTER[c] !== 1 : letterAt(text, i, n) === 0) {
      i++;
      continue;
    }
    const start = i;
    // the short-word key (see SHORT) of the ASCII characters read so far
    let a = 0;
    let b = 0;
    let ascii = true;
    let lowerAfterFirst = false;
    if (c < 128) {
      a = c & 31;
      i++;
    } else {
      ascii = false;
      i += letterAt(text, i, n);
    }
    for (;;) {
      c = u[i]!;
      if (c >= 97 && c <= 122) {
        // a run of lower-case ASCII letters, most of a text: the tightest loop
        lowerAfterFirst = true;
        do {
          b = ((b << 5) | (a >>> 25)) & M30;
          a = ((a << 5) | (c & 31)) & M30;
          c = u[++i]!;
        } while (c >= 97 && c <= 122);
      }
      if (c >= 65 && c <= 90) {
        b = ((b << 5) | (a >>> 25)) & M30;
        a = ((a << 5) | (c & 31)) & M30;
        i++;
        continue;
      }
      if (c === 39 || c === 46 || c === 45 || c === 0x2019) {
        // an inner apostrophe, dot or hyphen: part of the word when a letter follows
        const d = u[i + 1]!;
        if (d < 128 ? LETTER[d] !== 1 : letterAt(text, i + 1, n) === 0) break;
        if (c === 0x2019) ascii = false;
        else {
          b = ((b << 5) | (a >>> 25)) & M30;
          a = ((a << 5) | code5(c)) & M30;
        }
        i++;
        continue;
      }
      if (c < 128) break;
      const len = letterAt(text, i, n);
      if (len === 0) break;
      ascii = false;
      i += len;
    }
    // a word ends in a letter or mark and starts with one (an inner ' . - is taken only before one),
    // so the only end to drop is a possessive "'s" after at least one letter
    let end = i;
    if ((u[end - 1]! | 32) === 115 && end - start >= 3 && (u[end - 2] === 39 || u[end - 2] === 0x2019)) {
      end -= 2;
      // rare: what the pass found covers the dropped "'s" too
      ascii = true;
      lowerAfterFirst = false;
      a = 0;
      b = 0;
      for (let k = start; k < end; k++) {
        const ck = u[k]!;
        if (ck >= 128) ascii = false;
        else if (ck >= 97 && ck <= 122 && k > start) lowerAfterFirst = true;
        b = ((b << 5) | (a >>> 25)) & M30;
        a = ((a << 5) | code5(ck)) & M30;
      }
    }
    let word = -1;
    let mask = 0;
    if (ascii) {
      if (end - start <= SHORT) {
        const e = lookupShort(a, b, end - start);
        word = (HOT[e + 2]! >>> 4) - 1;
        mask = HOT[e + 3]!;
      } else {
        const slot = lookupLong(u, start, end);
        if (slot >= 0) {
          word = LONG_SLOTS[4 * slot + 1]! - 1;
          mask = LONG_SLOTS[4 * slot + 2]!;
        }
      }
      const c0 = u[start]!;
      if (c0 >= 65 && c0 <= 90 && (end - start <= 2 || lowerAfterFirst)) mask |= CAP;
    } else {
      const original = text.slice(start, end);
      const seen = NON_ASCII_SEEN.get(original);
      if (seen !== undefined) {
        word = Math.floor(seen / 65536) - 1;
        mask = seen & 0xffff;
      } else {
        word = NON_ASCII_WORD.get(original.toLowerCase()) ?? -1;
        if (word >= 0) mask = MEMBERSHIP.get(WORDS[word]!)!;
        const c = original[0]!;
        if (
          c !== c.toLowerCase() &&
          (original.length === 1 ||
            original.slice(1) !== original.slice(1).toUpperCase() ||
            original.length <= 2)
        )
          mask |= CAP;
        if (original.length <= SHORT) {
          if (NON_ASCII_SEEN.size === NON_ASCII_SEEN_MAX) NON_ASCII_SEEN.clear();
          NON_ASCII_SEEN.set(original, (word + 1) * 65536 + mask);
        }
      }
    }
    if (count === tokStart.length) growTokens();
    tokStart[count] = start;
    tokEnd[count] = end;
    tokWord[count] = word;
    tokMask[count] = mask;
    if (
      (mask & IN_PHRASE2) !== 0 &&
      count > 0 &&
      (tokMask[count - 1]! & (CAP | IN_PHRASE)) === (CAP | IN_PHRASE)
    )
      phraseAt[phraseCount++] = count - 1;
    count++;
  }
  return count;
}

/** Whether only a single space (or a zero-width/BOM joiner) separates a token ending at `end` and one starting at `start`. */
function adjacent(u: Uint16Array, end: number, start: number): boolean {
  const n = start - end;
  if (n < 1 || n > 3) return false;
  for (let i = end; i < start; i++) {
    const c = u[i]!;
    if (c !== 32 && c !== 0xa0 && c !== 0xfeff && c !== 0x200b) return false;
  }
  return true;
}

const isFirst = (mask: number): boolean => (mask & (IN_FIRST | IN_COMMON)) === IN_FIRST;
const isKnown = (mask: number): boolean => (mask & (IN_FIRST | IN_LAST)) !== 0;

/**
 * A character that may belong to a word of SURNAME_LIST (`[\p{L}'-]`), or a mark or surrogate: a
 * superset, so the runs it finds hold the regex's words and the regex itself decides on them.
 */
function listWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return LETTER[c] === 1 || c === 39 || c === 45;
  if (c >= 0xd800 && c <= 0xdfff) return true;
  return letterAt(text, i, text.length) !== 0;
}

/** Whether a code unit can start `\p{Lu}`: an ASCII capital or anything beyond ASCII. */
const maybeUpper = (c: number): boolean => (c >= 65 && c <= 90) || c >= 128;

/** Index in WORDS of "and". */
const AND_WORD = WORDS.indexOf('and');

/**
 * Index of the first token from `k` on that is " and " (lower case, single spaces around), or
 * `count`: the tokens hold every such place, found without another scan of the text.
 */
function nextAnd(u: Uint16Array, k: number, count: number): number {
  for (; k < count; k++) {
    if (tokWord[k] !== AND_WORD) continue;
    const s = tokStart[k]!;
    if (s > 0 && u[s - 1] === 32 && u[s + 3] === 32 && u[s] === 97 && u[s + 1] === 110 && u[s + 2] === 100)
      return k;
  }
  return count;
}

/** Start of the first " & " at or after `from`, or -1; found from the rare '&'. */
function nextAmp(text: string, u: Uint16Array, from: number): number {
  for (let p = text.indexOf('&', from + 1); p >= 0; p = text.indexOf('&', p + 1))
    if (u[p - 1] === 32 && u[p + 1] === 32) return p - 1;
  return -1;
}

/**
 * The matches of SURNAME_LIST, in order and not overlapping, as the regex run over the whole text
 * would find them. Every match holds " and " or " & " right before its last word, and its first
 * two words are the runs of word characters before that: the regex runs only on those three words
 * (a whole-text scan costs a match attempt at every capital letter).
 */
function surnameLists(text: string, u: Uint16Array, count: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let lastEnd = 0;
  let andTok = nextAnd(u, 0, count);
  let amp = nextAmp(text, u, 0);
  while (andTok < count || amp >= 0) {
    const and = andTok < count ? tokStart[andTok]! - 1 : -1;
    const isAnd = and >= 0 && (amp < 0 || and < amp);
    const at = isAnd ? and : amp;
    if (isAnd) andTok = nextAnd(u, andTok + 1, count);
    else amp = nextAmp(text, u, at + 1);
    if (at < lastEnd) continue;
    let end = at + (isAnd ? 5 : 3);
    // the last word starts with a capital: in prose it rarely does
    if (!maybeUpper(text.charCodeAt(end))) continue;
    while (end < text.length && listWordChar(text, end)) end++;
    let k = text.charCodeAt(at - 1) === 44 ? at - 1 : at; // ",? " before the conjunction
    const secondEnd = k;
    while (k > 0 && listWordChar(text, k - 1)) k--;
    if (k === secondEnd || k < 2 || text.charCodeAt(k - 1) !== 32 || text.charCodeAt(k - 2) !== 44) continue;
    if (!maybeUpper(text.charCodeAt(k))) continue;
    k -= 2;
    const firstEnd = k;
    while (k > 0 && listWordChar(text, k - 1)) k--;
    const from = Math.max(k, lastEnd);
    if (from >= firstEnd) continue;
    const m = SURNAME_LIST.exec(text.slice(from, end));
    if (!m) continue;
    out.push([from + m.index, from + m.index + m[0].length]);
    lastEnd = from + m.index + m[0].length;
  }
  return out;
}

/** Token indices of the name words of the current run (at most five). */
const names = new Int32Array(5);

/** Person-name candidates with scores. */
export function findPersons(text: string): PiiMatch[] {
  const u = textUnits.load(text);
  const count = tokenize(text, u);
  const start = tokStart;
  const end = tokEnd;
  const mask = tokMask;
  const out: PiiMatch[] = [];
  // tokens that belong to a multi-word place name or a firm's list of surnames
  for (let p = 0; p < phraseCount; p++) {
    const k = phraseAt[p]!;
    const phrases = PLACE_PHRASE_WORDS.get(tokWord[k]!)?.get(tokWord[k + 1]!);
    if (!phrases) continue;
    for (const words of phrases) {
      if (k + words.length > count) continue;
      let ok = true;
      for (let w = 2; w < words.length && ok; w++) ok = tokWord[k + w] === words[w];
      if (ok) for (let w = 0; w < words.length; w++) mask[k + w]! |= BLOCKED;
    }
  }
  // a firm ("The Clark, Romero and Hall Orchestra", "Lopez, Santos and Coleman is a design agency"),
  // not people ("our founders: Maslow, Anthony and Perry")
  const listRanges = surnameLists(text, u, count).filter(([from, to]) => {
    const after = text.slice(to, to + 20);
    const before = text.slice(Math.max(0, from - 4), from);
    return (
      /^the $/i.test(before) ||
      /^ (?:is|was|has|[A-Z][a-z]+ (?:is|was))\b/.test(after) ||
      /^ \p{Lu}/u.test(after)
    );
  });
  // the tokens a range holds: from the first token starting in it (a binary search: ranges are
  // few) while tokens end in it
  for (const [from, to] of listRanges) {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (start[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < count && end[k]! <= to; k++) mask[k]! |= BLOCKED;
  }
  let i = 0;
  while (i < count) {
    const m = mask[i]!;
    if ((m & BLOCKED) !== 0) {
      i++;
      continue;
    }
    // a lower-case word that is no name, or also an ordinary word, is a name only right after a cue
    // word (most words of a text): the pair and lowerName rules below need a name that is not COMMON
    if (
      ((m & (CAP | IN_FIRST | IN_LAST)) === 0 || (m & (CAP | IN_COMMON)) === IN_COMMON) &&
      (i === 0 || (mask[i - 1]! & IN_LOWER_CUE_LAST) === 0)
    ) {
      i++;
      continue;
    }
    let lowerCue = false;
    if ((m & CAP) === 0 && i > 0 && (mask[i - 1]! & IN_LOWER_CUE_LAST) !== 0 && (m & IN_COMMON) === 0) {
      const s = start[i]!;
      const before = text.slice(Math.max(0, s - 24), s);
      // after "my name is" / "call me" any word that is not an ordinary word is a name
      lowerCue =
        ((m & IN_FIRST) !== 0 || (m & IN_LAST) !== 0 || end[i]! - s >= 3) &&
        (LOWER_CUE.test(before) ||
          (((m & IN_FIRST) !== 0 || (m & IN_LAST) !== 0) && LOWER_CUE_WEAK.test(before)));
    }
    if ((m & CAP) === 0 && !lowerCue) {
      // lower-case "first last" pairs of known names (chat-style text)
      if (i + 1 < count) {
        const nm = mask[i + 1]!;
        if (
          (nm & CAP) === 0 &&
          isFirst(m) &&
          (nm & IN_LAST) !== 0 &&
          (nm & IN_COMMON) === 0 &&
          (nm & IN_PLACES) === 0 &&
          adjacent(u, end[i]!, start[i + 1]!)
        ) {
          out.push({ type: 'PERSON', start: start[i]!, end: end[i + 1]!, score: 0.6 });
          i += 2;
          continue;
        }
      }
      // each lower-case shape needs a known name
      const lower = (m & (IN_FIRST | IN_LAST)) !== 0 ? lowerName(text, u, count, i) : undefined;
      if (lower) {
        out.push(lower);
        // the first token past the name (searched from i: a scan from 0 is quadratic in long texts)
        let k = i + 1;
        while (k < count && start[k]! < lower.end) k++;
        if (k >= count) break;
        i = k;
        continue;
      }
      i++;
      continue;
    }
    // collect a run of capitalised tokens (particles allowed inside): tokens [first, j)
    const runStart = i;
    let j = i + 1;
    while (j < count && j - runStart < 5) {
      const nm = mask[j]!;
      if ((nm & BLOCKED) !== 0 || !adjacent(u, end[j - 1]!, start[j]!)) break;
      if (
        (m & CAP) === 0
          ? !((nm & IN_FIRST) !== 0 || (nm & IN_LAST) !== 0) || (nm & IN_COMMON) !== 0
          : (nm & CAP) === 0 && (nm & IN_PARTICLES) === 0
      )
        break;
      j++;
    }
    while (j - runStart > 1 && (mask[j - 1]! & IN_PARTICLES) !== 0) j--;
    i = j;
    // a lone ordinary word or place ("This", "Paris") that is in no name list: no cue or run can make
    // it a name below, so skip the work that decides
    if (j - runStart === 1 && (m & (IN_PLACES | IN_COMMON)) !== 0 && (m & (IN_FIRST | IN_LAST)) === 0)
      continue;
    // the run's tokens but lower-case particles, as names[lo, hi)
    let hi = 0;
    for (let k = runStart; k < j; k++)
      if ((mask[k]! & IN_PARTICLES) === 0 || (mask[k]! & CAP) !== 0) names[hi++] = k;
    let lo = 0;
    // trim leading/trailing common words ("Thanks John", "Meet Anna Smith Today")
    while (hi - lo > 1 && (mask[names[lo]!]! & IN_COMMON) !== 0 && (mask[names[lo]!]! & IN_LAST) === 0) lo++;
    while (
      hi - lo > 1 &&
      (mask[names[hi - 1]!]! & IN_COMMON) !== 0 &&
      (mask[names[hi - 1]!]! & IN_LAST) === 0
    )
      hi--;
    const size = hi - lo;
    if (size === 0 || size > 4) continue;
    const first = names[lo]!;
    const last = names[hi - 1]!;
    const fm = mask[first]!;
    const lm = mask[last]!;
    if ((fm & IN_NEVER) !== 0) continue;
    if (j < count && (mask[j]! & IN_ORG_AFTER) !== 0 && adjacent(u, end[j - 1]!, start[j]!)) continue;
    let anyKnown = false;
    let anyFirst = false;
    let anyCueWord = false;
    let allOrdinary = true;
    let orgAfterFirst = false;
    let commonCount = 0;
    let placeCount = 0;
    for (let k = lo; k < hi; k++) {
      const nm = mask[names[k]!]!;
      if (isKnown(nm)) anyKnown = true;
      else {
        if ((nm & IN_COMMON) !== 0) commonCount++;
        if ((nm & IN_PLACES) !== 0) placeCount++;
      }
      if (isFirst(nm)) anyFirst = true;
      if ((nm & IN_CUE_LAST) !== 0) anyCueWord = true;
      if ((nm & (IN_PLACES | IN_COMMON)) === 0) allOrdinary = false;
      if (k > lo && (nm & IN_ORG_AFTER) !== 0) orgAfterFirst = true;
    }
    if (orgAfterFirst) continue;
    const prevTok = first - 1;
    const near = first > 0 && start[first]! - end[prevTok]! <= 4;
    const cue =
      near &&
      (mask[prevTok]! & IN_CUE_LAST) !== 0 &&
      STRONG_CUE.test(text.slice(Math.max(0, start[first]! - 40), start[first]!));
    // a known name that is also a place or an ordinary word is still a name right after a strong
    // cue ("Mr. Young", "call me Mark"); a title or a cue word itself ("Dear Ms.") is not
    const cueName = cue && anyKnown && !anyCueWord;
    if (!cueName && allOrdinary && !anyFirst) continue;
    // a name run of a work or a following ("the Crawford novel", "a huge tammy pálffy fan"): a
    // determiner before, a work noun right after
    const work =
      near &&
      j < count &&
      (mask[j]! & IN_WORK) !== 0 &&
      (mask[prevTok]! & IN_DET) !== 0 &&
      adjacent(u, end[j - 1]!, start[j]!) &&
      size <= 3 &&
      commonCount === 0 &&
      (OPEN_WORK_NOUNS.has(WORDS[tokWord[j]!]!) || anyKnown);
    const afterThe = near && (mask[prevTok]! & IS_THE) !== 0 && !work;
    let score = 0;
    if (size >= 2) {
      if (isFirst(fm) || ((fm & IN_FIRST) !== 0 && (lm & IN_LAST) !== 0 && (lm & IN_COMMON) === 0))
        score = 0.85;
      else if (anyFirst && (lm & IN_LAST) !== 0) score = 0.7;
      else if (anyKnown && commonCount === 0) score = 0.6;
      else if (commonCount === 0 && placeCount === 0)
        // two unknown capitalised words ending in a surname ending ("Alpatu Shervashidze")
        score =
          size === 2 && SURNAME_ENDING.test(text.slice(start[last]!, end[last]!).toLowerCase()) ? 0.55 : 0.35;
      else score = 0.15;
      if (commonCount > 0 && score > 0.5) score -= 0.2;
    } else {
      if (isFirst(fm) && (fm & IN_PLACES) === 0) score = 0.6;
      else if ((fm & IN_LAST) !== 0 && (fm & IN_COMMON) === 0 && (fm & IN_PLACES) === 0) score = 0.5;
      else if ((fm & IN_FIRST) !== 0) score = 0.2;
      else score = 0.1;
      if (end[first]! - start[first]! < 3) score = Math.min(score, 0.2);
    }
    if (cue) score = Math.min(1, score + 0.45);
    else if (work) score = Math.max(score, 0.6);
    if (afterThe && !cue && (size > 1 || (fm & IN_LAST) === 0)) score -= 0.3;
    if (score > 0)
      out.push({
        type: 'PERSON',
        start: start[first]!,
        end: end[last]!,
        score: Math.round(score * 100) / 100,
      });
  }
  return out;
}

/**
 * A lower-case name with structure around it, in chat-style text: a given name as the subject of a
 * sentence ("samantha is a very sympathetic person"), a given name and a surname-shaped word
 * ("megan fyodorova", "tammy pálffy"), or a name before a work noun ("the söderberg novel").
 * Called only for a known given name or surname: every shape needs one.
 */
function lowerName(text: string, u: Uint16Array, count: number, i: number): PiiMatch | undefined {
  const m = tokMask[i]!;
  const s = tokStart[i]!;
  const e = tokEnd[i]!;
  if ((m & ORDINARY) !== 0 || e - s < 3) return undefined;
  if (i + 1 >= count || !adjacent(u, e, tokStart[i + 1]!)) return undefined;
  const nm = tokMask[i + 1]!;
  // "the söderberg novel": a known name between a determiner and a work noun
  if (
    (nm & IN_WORK) !== 0 &&
    isKnown(m) &&
    i > 0 &&
    (tokMask[i - 1]! & IN_DET) !== 0 &&
    adjacent(u, tokEnd[i - 1]!, s)
  )
    return { type: 'PERSON', start: s, end: e, score: 0.6 };
  if (isFirst(m) && (nm & CAP) === 0 && (nm & ORDINARY) === 0 && tokEnd[i + 1]! - tokStart[i + 1]! >= 4) {
    const w = text.slice(tokStart[i + 1]!, tokEnd[i + 1]!);
    if (SURNAME_ENDING.test(w) || /[^\x00-\x7f]/.test(w))
      return { type: 'PERSON', start: s, end: tokEnd[i + 1]!, score: 0.55 };
  }
  // a sentence that starts with a given name and a verb
  if (
    isFirst(m) &&
    (m & IN_LAST) === 0 &&
    (nm & IN_VERB) !== 0 &&
    /(?:^|[.!?]\s+)$/.test(text.slice(Math.max(0, s - 3), s))
  )
    return { type: 'PERSON', start: s, end: e, score: 0.55 };
  return undefined;
}

/** Whether a word is a known given name (used by other privacy guardrails). */
export function isGivenName(word: string): boolean {
  return FIRST.has(word.toLowerCase());
}
