/**
 * Finds encoded payloads embedded in text (base64, hex, URL percent-encoding, rot13, bytes written
 * in binary digits, Morse code) and decodes those that decode to meaningful text. Random ids,
 * hashes and binary blobs are rejected because they do not decode to mostly printable, word-like
 * text.
 */
import { CodeUnitBuffer } from '../code-units/code-units.ts';

export type Encoding = 'base64' | 'hex' | 'url' | 'rot13' | 'binary' | 'morse';

export interface DecodedPayload {
  start: number;
  end: number;
  encoding: Encoding;
  decoded: string;
}

const MIN_DECODED = 8;
const MAX_PAYLOADS = 64;
const MAX_CANDIDATE = 200_000;

/** base64 / base64url runs of 16+ characters (bounded: each character is consumed once). */
const BASE64 = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}/g;
/** hex runs: plain, `\x41`-escaped, `0x41`-prefixed or space/colon-separated byte pairs. */
const HEX_PLAIN = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){8,}(?![0-9A-Fa-f])/g;
const HEX_ESCAPED = /(?:\\x[0-9A-Fa-f]{2}){4,}/g;
const HEX_SEPARATED = /(?<![0-9A-Za-z])[0-9A-Fa-f]{2}(?:[ :,][0-9A-Fa-f]{2}){7,}(?![0-9A-Za-z])/g;
const HEX_SEPARATED_AT = new RegExp(HEX_SEPARATED.source, 'y');
/** URL-encoded runs with at least three escapes. */
const URL_ENC = /(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9._~+!*'();:@&=$,/?#-]){6,}/g;
const URL_ESCAPE = /%[0-9A-Fa-f]{2}/g;
/**
 * Candidate runs of binary digits (with spaces or commas) and of Morse code: one character class
 * each, so the scan stays linear; the decoders check the groups. A binary candidate needs
 * BINARY_MIN characters, checked on the match: written as a count ({62,}) the pattern is the same
 * language, but recheck's automaton checker could not prove it linear within a minute.
 */
const BINARY = /(?<![0-9])[01][01 ,]*[01](?![0-9])/g;
const BINARY_MIN = 64;
const MORSE = /(?<![\w.-])[.-][-. /|]{13,}[.-](?![\w.-])/g;

const isHexUnit = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** A character URL_ENC's run can contain outside escapes. */
function isUrlUnit(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x40 && c <= 0x5a) || // @ A-Z
    (c >= 0x26 && c <= 0x3b) || // & ' ( ) * + , - . / 0-9 : ;
    c === 0x21 ||
    c === 0x23 ||
    c === 0x24 ||
    c === 0x3d ||
    c === 0x3f ||
    c === 0x5f ||
    c === 0x7e
  );
}

/**
 * The URL_ENC matches a global scan would find, except those in stretches without escapes (which
 * have too few escapes to count): a match never crosses a character outside its alphabet, so the
 * scan can start at the beginning of each stretch around an escape.
 */
function scanUrlEncoded(text: string, onMatch: (m: RegExpExecArray) => void): void {
  let cursor = 0;
  // The next escape from the cursor on: indexOf finds a '%' several times faster than the regex.
  for (let e = text.indexOf('%'); e >= 0; e = text.indexOf('%', e + 1)) {
    if (e < cursor) e = text.indexOf('%', cursor);
    if (e < 0) return;
    if (!isHexUnit(text.charCodeAt(e + 1)) || !isHexUnit(text.charCodeAt(e + 2))) continue;
    let s = e;
    for (;;) {
      const c = s > cursor ? text.charCodeAt(s - 1) : -1;
      if (isUrlUnit(c)) s--;
      else if (c === 0x25 && isHexUnit(text.charCodeAt(s)) && isHexUnit(text.charCodeAt(s + 1))) s--;
      else break;
    }
    URL_ENC.lastIndex = s;
    const m = URL_ENC.exec(text);
    if (m === null) return;
    onMatch(m);
    cursor = URL_ENC.lastIndex;
  }
}

const decoderUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Decoded text counts as meaningful when it is printable and word-like (letters and spaces). */
export function isMeaningfulText(s: string): boolean {
  if (s.length < MIN_DECODED) return false;
  let printable = 0;
  let letters = 0;
  let spaces = 0;
  let upper = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      spaces++;
      printable++;
    } else if (c >= 0x21 && c < 0x7f) {
      printable++;
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) letters++;
      if (c >= 0x41 && c <= 0x5a) upper++;
    } else if (c >= 0xa0 && c !== 0xfffd) {
      printable++;
      if (/\p{L}/u.test(ch)) letters++;
    }
  }
  const n = [...s].length;
  if (printable / n < 0.95) return false;
  if (letters / n < 0.5) return false;
  // Either prose (spaces between words) or a credential-like key=value / JSON shape.
  if (spaces >= 1 && spaces / n <= 0.35) return upper / Math.max(1, letters) < 0.8 || spaces >= 2;
  return /[=:]/.test(s) && letters >= 6;
}

/**
 * The bytes as UTF-8 text, or undefined when they could not be meaningful text: the cheap
 * control-byte check first (callers keep only meaningful text, which passes it), since a failed
 * UTF-8 decode throws, which is slow.
 */
function utf8Text(bytes: Uint8Array): string | undefined {
  if (!plausibleTextBytes(bytes)) return undefined;
  try {
    return decoderUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function decodeBase64(s: string): string | undefined {
  const clean = s.replace(/=+$/, '');
  if (clean.length % 4 === 1) return undefined;
  const b64 = clean.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Buffer.from(b64, 'base64');
  return utf8Text(bytes);
}

/**
 * Cheap pre-check before UTF-8 decoding (whose failure throws, which is slow): random runs decode
 * to many control bytes or to bytes that are not UTF-8 sequences, while meaningful text (which must
 * be 95 % printable) has almost no control bytes and decodes. Only rejects what could not pass.
 */
function plausibleTextBytes(bytes: Uint8Array): boolean {
  let control = 0;
  const limit = bytes.length * 0.05;
  // Continuation bytes still expected by the current multi-byte sequence.
  let pending = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (pending > 0) {
      if ((b & 0xc0) !== 0x80) return false;
      pending--;
    } else if (b >= 0x80) {
      if (b >= 0xc2 && b <= 0xdf) pending = 1;
      else if (b >= 0xe0 && b <= 0xef) pending = 2;
      else if (b >= 0xf0 && b <= 0xf4) pending = 3;
      else return false;
    } else if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) {
      if (++control > limit) return false;
    }
  }
  return pending === 0;
}

function decodeHex(s: string): string | undefined {
  const hex = s.replace(/\\x|[ :,]/g, '');
  if (hex.length % 2 !== 0) return undefined;
  const bytes = Buffer.from(hex, 'hex');
  return utf8Text(bytes);
}

const isBinaryUnit = (c: number): boolean => c === 0x30 || c === 0x31 || c === 0x20 || c === 0x2c;
const isMorseUnit = (c: number): boolean =>
  c === 0x2e || c === 0x2d || c === 0x20 || c === 0x2f || c === 0x7c;

/** The start of the stretch of `isUnit` characters that holds `at`. */
function stretchStart(text: string, at: number, isUnit: (c: number) => boolean): number {
  let s = at;
  while (s > 0 && isUnit(text.charCodeAt(s - 1))) s--;
  return s;
}

/** Bytes as groups of eight binary digits, contiguous or apart by a space or comma (eight or more bytes). */
function decodeBinary(s: string): string | undefined {
  const groups = s.split(/[ ,]+/);
  let bits = '';
  for (const g of groups) {
    if (g.length % 8 !== 0) return undefined;
    bits += g;
  }
  const bytes = new Uint8Array(bits.length / 8);
  if (bytes.length < MIN_DECODED) return undefined;
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  return utf8Text(bytes);
}

/** International Morse code (ITU-R M.1677): letters, digits and the common punctuation. */
const MORSE_CODES = new Map<string, string>(
  (
    'a.- b-... c-.-. d-.. e. f..-. g--. h.... i.. j.--- k-.- l.-.. m-- n-. o--- p.--. q--.- r.-. s... t- ' +
    'u..- v...- w.-- x-..- y-.-- z--.. 0----- 1.---- 2..--- 3...-- 4....- 5..... 6-.... 7--... 8---.. 9----. ' +
    '..-.-.- ,--..-- ?..--.. !-.-.-- :---... \'.----. "-..-.-. (-.--. )-.--.- &.-... =-...- +.-.-. @.--.-. ' +
    '--....- /-..-. _..--.-'
  )
    .split(' ')
    .map((entry) => [entry.slice(1), entry[0] as string]),
);

/**
 * Morse to lower-case text (eight codes or more). Words are apart by a slash or bar, or, where the
 * text has none, by spaces wider than the narrowest gap between letters. Undefined when a code is
 * not Morse.
 */
function decodeMorse(s: string): string | undefined {
  let wordGap: RegExp;
  if (/[/|]/.test(s)) wordGap = / ?[/|] ?/;
  else {
    let narrowest = 3;
    for (const gap of s.match(/ +/g) ?? []) narrowest = Math.min(narrowest, gap.length);
    wordGap = new RegExp(` {${narrowest + 1},}`);
  }
  let out = '';
  let codes = 0;
  for (const word of s.split(wordGap)) {
    if (out.length > 0) out += ' ';
    for (const code of word.split(/ +/)) {
      if (code === '') continue;
      const ch = MORSE_CODES.get(code);
      if (ch === undefined) return undefined;
      out += ch;
      codes++;
    }
  }
  return codes >= MIN_DECODED ? out : undefined;
}

function decodeUrl(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

export function rot13(s: string): string {
  return s.replace(/[A-Za-z]/g, (c) => {
    const b = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
  });
}

/** Common English words: a rot13 span is accepted when its decoding has many more of them. */
const COMMON = new Set(
  (
    'the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she or an will my ' +
    'one all would there their what so up out if about who get which go me when make can like time no just him know take people ' +
    'into year your good some could them see other than then now look only come its over think also back after use two how our ' +
    'work first well way even new want because any these give day most us is are was were been has had did does said please ' +
    'ignore previous instructions instruction prompt system password secret reveal tell print show rules forget disregard ' +
    'above below text message key token access admin mode answer respond write output must should'
  ).split(' '),
);

function commonRatio(words: string[]): number {
  if (words.length === 0) return 0;
  let c = 0;
  for (const w of words) if (COMMON.has(w.toLowerCase())) c++;
  return c / words.length;
}

const WORD = /[A-Za-z]+/g;
const ROT13_SEGMENT = /[A-Za-z][A-Za-z ,.'!?:-]{15,400}/g;

/** rot13 of very common English words; plain text almost never contains two of them. */
const ROT13_HINT =
  /\b(?:gur|naq|lbh|lbhe|vf|bs|gb|vg|sbe|jvgu|guvf|cyrnfr|vtaber|cerivbhf|cebzcg|cnffjbeq|frperg|vafgehpgvbaf)\b/gi;

function findRot13(text: string, push: (p: DecodedPayload) => void): void {
  ROT13_SEGMENT.lastIndex = 0;
  for (let m = ROT13_SEGMENT.exec(text); m !== null; m = ROT13_SEGMENT.exec(text)) {
    const seg = m[0];
    const words = seg.match(WORD) ?? [];
    if (words.length < 3) continue;
    const before = commonRatio(words);
    if (before > 0.15) continue;
    const decoded = rot13(seg);
    const after = commonRatio(decoded.match(WORD) ?? []);
    if (after >= 0.35 && after - before >= 0.25) {
      push({ start: m.index, end: m.index + seg.length, encoding: 'rot13', decoded });
    }
  }
}

/**
 * Classes of code units for the prescan (bit flags), one table lookup per unit: a chain of range
 * tests costs several times more, its branches being unpredictable on text.
 */
const B64 = 1;
const HEX = 2;
const UPPER = 4;
const LOWER = 8;
const HEX_SEP = 16;
const WORD_CHAR = 32;
const LETTER = UPPER | LOWER;
const UNIT_CLASS = new Uint8Array(65536);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  let k = 0;
  if (/[A-Za-z0-9+/_-]/.test(ch)) k |= B64;
  if (/[0-9A-Fa-f]/.test(ch)) k |= HEX;
  if (/[A-Z]/.test(ch)) k |= UPPER;
  if (/[a-z]/.test(ch)) k |= LOWER;
  if (/[ :,]/.test(ch)) k |= HEX_SEP;
  if (/\w/.test(ch)) k |= WORD_CHAR;
  UNIT_CLASS[c] = k;
}
const classOf = (u: number): number => UNIT_CLASS[u] as number;

const HINT_WORDS = ROT13_HINT.source.slice(5, -3).split('|');
/** The first two letters (a-z as 0-25) of each hint word: most words are ruled out without a set lookup. */
const HINT_STARTS = new Uint8Array(32 * 32);
for (const w of HINT_WORDS) HINT_STARTS[(w.charCodeAt(0) - 0x61) * 32 + (w.charCodeAt(1) - 0x61)] = 1;
const HINT_SET = new Set(HINT_WORDS);

/** A base64-alphabet run of 16+ characters, with what the decoders check about it. */
interface Run {
  start: number;
  /** End without trailing '='. */
  end: number;
  mixedCase: boolean;
  allHex: boolean;
  /** Longest stretch of hex digits: HEX_PLAIN needs 16. */
  longestHex: number;
}

interface Prescan {
  runs: Run[];
  /** Chains of 3+ hex pairs joined by single separators, as [start, end): where HEX_SEPARATED can match. */
  hexChains: number[];
  /** Words of the rot13 hint list seen (case-insensitive), up to 2. */
  rot13Hints: number;
  /** Whether the text has a '%' (without one, nothing is URL-encoded). */
  percent: boolean;
  /**
   * The first run of eight (or 64+) digits that starts with "0" (-1: none). A binary payload of
   * text holds one (every ASCII byte, a space included, starts with 0); it starts at most one stretch
   * of binary digits and separators before.
   */
  binaryFrom: number;
  /** The first dot next to a dash (-1: none): a Morse payload holds one within its stretch of Morse characters. */
  morseFrom: number;
}

const unitBuffer = new CodeUnitBuffer();

/** What the decoders check about the run `u[s, e)`, read only for runs long enough to decode. */
function describeRun(u: Uint16Array, s: number, e: number): Run {
  let seen = 0;
  let hexRun = 0;
  let longestHex = 0;
  for (let i = s; i < e; i++) {
    const x = classOf(u[i] as number);
    seen |= x;
    hexRun = (x & HEX) !== 0 ? hexRun + 1 : 0;
    if (hexRun > longestHex) longestHex = hexRun;
  }
  return {
    start: s,
    end: e,
    mixedCase: (seen & UPPER) !== 0 && (seen & LOWER) !== 0,
    allHex: longestHex === e - s,
    longestHex,
  };
}

/** One pass over code units finding what the payload patterns need, so each runs only where it can match. */
function prescan(t: string): Prescan {
  const u = unitBuffer.load(t);
  const n = t.length;
  const runs: Run[] = [];
  const hexChains: number[] = [];
  let rot13Hints = 0;
  let percent = false;
  let binaryFrom = -1;
  let morseFrom = -1;
  let i = 0;
  const hexAt = (k: number): boolean => (classOf(u[k] as number) & HEX) !== 0;
  const sepAt = (k: number): boolean => (classOf(u[k] as number) & HEX_SEP) !== 0;
  while (i < n) {
    const c = UNIT_CLASS[u[i] as number] as number;
    if ((c & B64) === 0) {
      if (
        (c & HEX_SEP) !== 0 &&
        i >= 2 &&
        i + 5 < n &&
        ((UNIT_CLASS[u[i - 1] as number] as number) & HEX) !== 0 &&
        hexAt(i - 2) &&
        hexAt(i + 1) &&
        hexAt(i + 2) &&
        sepAt(i + 3) &&
        hexAt(i + 4) &&
        hexAt(i + 5)
      ) {
        // Walk back and forward over "pair separator" groups to the chain's ends.
        let cs = i - 2;
        while (cs >= 3 && sepAt(cs - 1) && hexAt(cs - 2) && hexAt(cs - 3)) cs -= 3;
        let ce = i + 6;
        while (ce + 2 < n && sepAt(ce) && hexAt(ce + 1) && hexAt(ce + 2)) ce += 3;
        if (hexChains.length === 0 || cs >= (hexChains[hexChains.length - 1] as number))
          hexChains.push(cs, ce);
        // Nothing else of interest lies inside a chain (its runs are two characters long).
        i = ce;
        continue;
      }
      if (u[i] === 0x25) percent = true;
      else if (u[i] === 0x2e && morseFrom < 0 && (u[i + 1] === 0x2d || (i > 0 && u[i - 1] === 0x2d)))
        morseFrom = i;
      i++;
      continue;
    }
    const s = i;
    // Letter words inside the run, for the rot13 hint (ASCII letters, compared lowercased); u[n]
    // is 0, of no class: the run ends there at the latest.
    for (;;) {
      const wstart = i;
      while (((UNIT_CLASS[u[i] as number] as number) & LETTER) !== 0) i++;
      const wlen = i - wstart;
      const x = UNIT_CLASS[u[i] as number] as number;
      if (
        wlen >= 2 &&
        wlen <= 12 &&
        rot13Hints < 2 &&
        HINT_STARTS[
          (((u[wstart] as number) | 0x20) - 0x61) * 32 + (((u[wstart + 1] as number) | 0x20) - 0x61)
        ] === 1
      ) {
        // \b on both sides: no word character before the word or after it.
        const before = wstart > 0 ? (UNIT_CLASS[u[wstart - 1] as number] as number) : 0;
        if (
          (before & WORD_CHAR) === 0 &&
          (x & WORD_CHAR) === 0 &&
          HINT_SET.has(t.slice(wstart, i).toLowerCase())
        )
          rot13Hints++;
      }
      if ((x & B64) === 0) break;
      i++;
    }
    const len = i - s;
    if (binaryFrom < 0 && u[s] === 0x30 && (len === 8 || len >= 64)) binaryFrom = s;
    if (len >= 16) runs.push(describeRun(u, s, i));
  }
  return { runs, hexChains, rot13Hints, percent, binaryFrom, morseFrom };
}

/**
 * Decodes embedded base64 / hex / URL-encoded / rot13 / binary / Morse payloads of meaningful
 * length, each with original offsets. Only payloads that decode to printable, word-like text are returned.
 */
export function decodeEmbedded(original: string): DecodedPayload[] {
  const found: DecodedPayload[] = [];
  const push = (p: DecodedPayload): void => {
    if (found.length < MAX_PAYLOADS) found.push(p);
  };
  const scan = (re: RegExp, encoding: Encoding, decode: (s: string) => string | undefined, from = 0): void =>
    scanAt(original, 0, re, encoding, decode, from);
  const scanAt = (
    text: string,
    offset: number,
    re: RegExp,
    encoding: Encoding,
    decode: (s: string) => string | undefined,
    from = 0,
  ): void => {
    re.lastIndex = from;
    for (let m = re.exec(text); m !== null && found.length < MAX_PAYLOADS; m = re.exec(text)) {
      const s = m[0];
      if (s.length > MAX_CANDIDATE) continue;
      if (encoding === 'binary' && s.length < BINARY_MIN) continue;
      if (encoding === 'base64' && !/[A-Za-z]/.test(s)) continue;
      if (encoding === 'url' && (s.match(/%[0-9A-Fa-f]{2}/g)?.length ?? 0) < 3) continue;
      const decoded = decode(s);
      if (decoded === undefined || decoded === s) continue;
      // Random binary digits decode to control bytes, not capitals: the all-capitals rule, which
      // keeps base64 noise out, does not apply to them ("ACCESS GRANTED").
      if (!isMeaningfulText(encoding === 'binary' ? decoded.toLowerCase() : decoded)) continue;
      push({ start: offset + m.index, end: offset + m.index + s.length, encoding, decoded });
    }
  };
  const pre = prescan(original);
  if (original.includes('\\x')) scan(HEX_ESCAPED, 'hex', decodeHex);
  // Separated hex can only start at a pair start inside a chain: try there (sticky, bounded by the chain).
  let nextAllowed = 0;
  for (let c = 0; c < pre.hexChains.length && found.length < MAX_PAYLOADS; c += 2) {
    const cs = pre.hexChains[c] as number;
    const ce = pre.hexChains[c + 1] as number;
    for (let p = Math.max(cs, nextAllowed); p + 23 <= ce; p += 3) {
      HEX_SEPARATED_AT.lastIndex = p;
      if (!HEX_SEPARATED_AT.test(original)) continue;
      const e = HEX_SEPARATED_AT.lastIndex;
      nextAllowed = e;
      const decoded = decodeHex(original.slice(p, e));
      if (decoded !== undefined && isMeaningfulText(decoded))
        push({ start: p, end: e, encoding: 'hex', decoded });
      break;
    }
  }
  // Hex and base64 candidates only occur inside base64-alphabet runs of 16+ characters; each
  // pattern runs over the run alone (its boundaries are the run's), with offsets shifted back.
  for (let r = 0; r < pre.runs.length && found.length < MAX_PAYLOADS; r++) {
    const run = pre.runs[r] as Run;
    const s = run.start;
    let e = run.end;
    if (run.longestHex >= 16) scanAt(original.slice(s, e), s, HEX_PLAIN, 'hex', decodeHex);
    let pad = 0;
    while (pad < 2 && e < original.length && original.charCodeAt(e) === 0x3d) {
      e++;
      pad++;
    }
    // Base64 of text always mixes upper and lower case; single-case runs (paths, slugs, hex) are skipped.
    if (e - s <= MAX_CANDIDATE && run.mixedCase && (pad > 0 || !run.allHex)) {
      const b64 = original.slice(s, e);
      const decoded = decodeBase64(b64);
      if (decoded !== undefined && decoded !== b64 && isMeaningfulText(decoded)) {
        push({ start: s, end: e, encoding: 'base64', decoded });
      }
    }
  }
  if (pre.percent)
    scanUrlEncoded(original, (m) => {
      const s = m[0];
      if (s.length > MAX_CANDIDATE || (s.match(URL_ESCAPE)?.length ?? 0) < 3) return;
      const decoded = decodeUrl(s);
      if (decoded === undefined || decoded === s || !isMeaningfulText(decoded)) return;
      push({ start: m.index, end: m.index + s.length, encoding: 'url', decoded });
    });
  if (found.length < MAX_PAYLOADS && pre.rot13Hints >= 2) findRot13(original, push);
  if (found.length < MAX_PAYLOADS && pre.binaryFrom >= 0)
    scan(BINARY, 'binary', decodeBinary, stretchStart(original, pre.binaryFrom, isBinaryUnit));
  if (found.length < MAX_PAYLOADS && pre.morseFrom >= 0)
    scan(MORSE, 'morse', decodeMorse, stretchStart(original, pre.morseFrom, isMorseUnit));
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  // Drop payloads nested inside an earlier one (a hex run inside a base64-looking run).
  const out: DecodedPayload[] = [];
  let lastEnd = -1;
  for (const p of found) {
    if (p.start < lastEnd) continue;
    out.push(p);
    lastEnd = p.end;
  }
  return out;
}

/** Every built-in pattern of this module (tested for linear-time safety). */
export const DECODE_PATTERNS: readonly RegExp[] = [
  BASE64,
  HEX_PLAIN,
  HEX_ESCAPED,
  HEX_SEPARATED,
  URL_ENC,
  BINARY,
  MORSE,
  ROT13_SEGMENT,
  ROT13_HINT,
  WORD,
];
