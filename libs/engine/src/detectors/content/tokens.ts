/**
 * Tokeniser for content lexicons, with the usual obfuscations undone and offsets kept:
 * full-width / compatibility forms (NFKC per character), case, look-alike letters (the shared
 * normaliser's folds: other scripts' homoglyphs inside Latin words, small capitals, circled,
 * mathematical and other letter-shaped symbols), leetspeak inside words (p0rn, s3x, b!tch, @ss),
 * masked letters (f*ck keeps its `*` for the masked-variant keys), stretched letters (fuuuck,
 * handled at lookup) and spelled-out words (p.o.r.n, s e x, f-u-c-k are joined).
 */
import { CodeUnitBuffer } from '../code-units/code-units.ts';
import { FNV_OFFSET, FNV_PRIME, fnv1a } from '../code-units/fnv.ts';
import { foldCodePoint, foldsLookalikes } from '../normalize/fold.ts';

export interface Token {
  /** Folded form: lowercase, leet digits and symbols replaced by letters. */
  text: string;
  /** Offsets into the original text (end exclusive). */
  start: number;
  end: number;
}

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  '€': 'e',
};

/**
 * Character kinds: 1 letter, 2 digit, 3 leet symbol / mask, 4 high surrogate of a block that holds
 * letter-shaped symbols (a letter only when `astralLetter` reads one), 0 separator.
 */
const ASTRAL = 4;
const KIND = (() => {
  const table = new Uint8Array(65536);
  const letter = /[\p{L}\p{M}]/u;
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCharCode(c);
    if (letter.test(ch)) table[c] = 1;
    else if (c >= 48 && c <= 57) table[c] = 2;
  }
  for (const ch of '@$!|*€') table[ch.charCodeAt(0)] = 3;
  table[0x27] = 1; // apostrophe stays inside words (don't, n***a's)
  table[0x2019] = 1;
  // Circled letters (Ⓕⓤⓒⓚ) are symbols to Unicode but letters to NFKC and to a reader.
  for (let c = 0x24b6; c <= 0x24e9; c++) table[c] = 1;
  table[0xd835] = ASTRAL; // mathematical alphanumerics, U+1D400-U+1D7FF (𝐟𝐮𝐜𝐤)
  table[0xd83c] = ASTRAL; // enclosed alphanumerics, U+1F100-U+1F1FF (🅵🆄🅲🅺, regional indicators)
  return table;
})();

/** The folded letter or digit of each code point behind an ASTRAL high surrogate; 0 none, -1 not yet read. */
const ASTRAL_FOLD = new Int16Array(2 * 1024).fill(-1);

/**
 * The ASCII letter or digit the surrogate pair at `i` folds to (the shared normaliser's fold:
 * NFKC for mathematical letters, its letter-symbol runs for the enclosed ones), or 0.
 */
function astralLetter(src: Uint16Array, i: number, n: number): number {
  if (i + 1 >= n) return 0;
  const lo = src[i + 1]!;
  if (lo < 0xdc00 || lo > 0xdfff) return 0;
  const slot = (src[i] === 0xd835 ? 0 : 1024) + (lo - 0xdc00);
  let f = ASTRAL_FOLD[slot]!;
  if (f < 0) {
    const out = foldCodePoint(((src[i]! - 0xd800) << 10) + (lo - 0xdc00) + 0x10000).out;
    f = /^[a-z0-9]$/.test(out) ? out.charCodeAt(0) : 0;
    ASTRAL_FOLD[slot] = f;
  }
  return f;
}

const FOLD_CACHE = new Map<number, string>();
/**
 * ALT[c]: the ASCII look-alike of another script's letter, used only inside a token where the
 * shared normaliser's rule (`foldsLookalikes`) folds it ("fuсk", "оff"); else 0.
 */
const ALT = new Uint16Array(65536);

function foldChar(c: number): string {
  let f = FOLD_CACHE.get(c);
  if (f === undefined) {
    f = String.fromCharCode(c).normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
    if (c === 0x2019) f = "'";
    else if (f.length === 1 && f.charCodeAt(0) > 127) {
      const shared = foldCodePoint(f.charCodeAt(0));
      if (shared.alt !== undefined) ALT[c] = shared.alt.charCodeAt(0);
      // Latin letters and symbols fold as the shared normaliser folds them wherever they stand
      // (ɑ, ꜰ, æ → ae); other scripts' letters only by the look-alike rule above.
      else if (/^[a-z0-9]+$/.test(shared.out)) f = shared.out;
    }
    FOLD_CACHE.set(c, f);
  }
  return f;
}

/** Whether the code unit at `i` ends a token (an ASTRAL pair ends one unless it is a letter). */
function isSeparator(src: Uint16Array, i: number, n: number): boolean {
  const k = KIND[src[i]!];
  return k === 0 || (k === ASTRAL && astralLetter(src, i, n) === 0);
}

const isInvisible = (c: number): boolean =>
  c === 0xad || c === 0x200b || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0xfeff;

/** ASCII letters lower-cased, digits and the apostrophe (the fast path of scanTokens); 0 for the rest. */
const ASCII_WORD = (() => {
  const t = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) t[c] = c;
  for (let c = 97; c <= 122; c++) t[c] = c;
  for (let c = 65; c <= 90; c++) t[c] = c | 32;
  t[0x27] = 0x27;
  return t;
})();

/** LEET[c] = letter for a leet digit or symbol, else 0. */
const LEET_CODE = (() => {
  const t = new Uint16Array(65536);
  for (const [k, v] of Object.entries(LEET)) t[k.charCodeAt(0)] = v.charCodeAt(0);
  return t;
})();

/**
 * The tokens of a text as parallel arrays, and the folded text (tokens joined by single spaces):
 * token i is `text.slice(starts[i], starts[i] + lens[i])` and covers [origStart[i], origEnd[i]) of
 * the original. `hashes[i]` is the FNV-1a hash of the token's folded characters (so that lexicons
 * look tokens up without reading them again) and `flags[i]` holds DOUBLED and NOT_ALNUM.
 */
export interface TokenArrays {
  /**
   * The folded text, in which every character above U+00FF reads as WIDE_STAND_IN: see
   * `narrowSafe` for why patterns and lexicons cannot tell the difference, and `foldedUnits` for
   * the true characters.
   */
  text: string;
  /** Whether the folded text has characters above U+00FF (written as WIDE_STAND_IN in `text`). */
  wide: boolean;
  count: number;
  starts: Int32Array;
  lens: Int32Array;
  origStart: Int32Array;
  origEnd: Int32Array;
  hashes: Int32Array;
  flags: Int32Array;
}

/** The hash `TokenArrays.hashes` holds for a token whose folded characters are `s`. */
export const tokenHash = fnv1a;

/** Token flag: two equal characters in a row (a stretched spelling is possible). */
export const DOUBLED = 1;
/** Token flag: a character other than a-z and 0-9 (regex word starts may occur inside it). */
export const NOT_ALNUM = 2;

/** The folded text being written (tokens and single spaces). */
let out = new Uint16Array(4096);
/** Where the token arrays of long texts are written before emit copies them out. */
let scratchTokens = new Int32Array(6 * 1024);

function growOut(need: number): void {
  if (need <= out.length) return;
  const next = new Uint16Array(Math.max(need, out.length * 2));
  next.set(out);
  out = next;
}

/** The input's UTF-16 code units (reading a typed array is cheaper than String#charCodeAt). */
const sourceUnits = new CodeUnitBuffer();

let latin1 = Buffer.allocUnsafe(4096);

/**
 * What a folded character above U+00FF reads as in `TokenArrays.text`: the currency sign ¤, which
 * is a separator to the tokeniser, so that in folded text it is always a stand-in.
 */
export const WIDE_STAND_IN = '\u00a4';
const WIDE_STAND_IN_CODE = 0xa4;

/**
 * The string of out[0, length), one byte per character: a character above U+00FF (other scripts,
 * emoji) is written as WIDE_STAND_IN. A two-byte string of more than 64K characters is a V8 large
 * object whose pages are mapped anew for every text, which had cost a quarter of Toxicity's time
 * on 100 KB of mixed-script text; no pattern or lexicon entry run on folded text can tell the two
 * apart (`narrowSafe`).
 */
function outToString(length: number, wide: boolean): string {
  if (length === 0) return '';
  if (latin1.length < length) latin1 = Buffer.allocUnsafe(Math.max(length, latin1.length * 2));
  if (wide) {
    for (let i = 0; i < length; i++) {
      const c = out[i]!;
      latin1[i] = c > 0xff ? WIDE_STAND_IN_CODE : c;
    }
  } else latin1.set(out.subarray(0, length));
  return latin1.toString('latin1', 0, length);
}

/**
 * Whether a pattern matches the folded text exactly where it matches the true folded text: its
 * source is ASCII without escapes that name other characters (`\u`, `\x`, `\p`, `\c`) and without
 * backreferences, and it is not in Unicode mode. Such a pattern reads a character above U+00FF
 * only through `.`, a negated class or `\S` / `\W` / `\D` / `\B`, and each of those treats
 * WIDE_STAND_IN alike (folded text holds no line or other separators, only tokens and spaces);
 * ignoring case never maps an ASCII character to another one outside Unicode mode.
 */
export function narrowSafe(pattern: RegExp): boolean {
  return (
    !pattern.unicode &&
    !pattern.flags.includes('v') &&
    /^[\x00-\x7f]*$/.test(pattern.source) &&
    !/\\(?:[uxpPc]|[1-9]|k<)/.test(pattern.source.replace(/\\\\/g, ''))
  );
}

/** Whether two single-letter tokens are close enough to be one spelled-out word ("p.o.r.n"). */
function shortGap(src: Uint16Array, from: number, to: number): boolean {
  if (to - from > 2) return false;
  for (let q = from; q < to; q++) if (src[q] === 10) return false;
  return true;
}

/**
 * Splits `text` into folded word tokens in one pass over its character codes, writing the folded
 * text directly. A token is a run of letters, digits and leet symbols; digits and symbols are mapped
 * to letters only when the run also holds a letter (so "2017" and "$5" stay as they are). Zero-width
 * characters inside a word are skipped. Runs of three or more single letters with short gaps
 * ("p.o.r.n", "s e x") are joined.
 */
export function scanTokens(text: string): TokenArrays {
  const n = text.length;
  const src = sourceUnits.load(text);
  growOut(n + 16);
  // Tokens are separated by at least one character, so this many always fit.
  const cap = (n >> 1) + 2;
  // The six token arrays, `cap` ints each: short texts write them straight into the slab (emit
  // then only closes the gaps between them), long ones into scratchTokens.
  const direct = cap * 6 <= DIRECT_MAX;
  let block = scratchTokens;
  let base = 0;
  if (direct) {
    base = reserveInts(cap * 6);
    block = slab;
  } else if (block.length < cap * 6) {
    block = scratchTokens = new Int32Array(cap * 6);
  }
  const starts = block.subarray(base, base + cap);
  const lens = block.subarray(base + cap, base + cap * 2);
  const origStarts = block.subarray(base + cap * 2, base + cap * 3);
  const origEnds = block.subarray(base + cap * 3, base + cap * 4);
  const hashes = block.subarray(base + cap * 4, base + cap * 5);
  const tokenFlags = block.subarray(base + cap * 5, base + cap * 6);
  let buf = out;
  let o = 0;
  let count = 0;
  let wide = false;
  /** Length of the current chain of close single-letter tokens; from 3 on they are one token. */
  let chain = 0;
  let i = 0;
  while (i < n) {
    const c = src[i]!;
    const kind = KIND[c];
    if (kind === 0 || c === 0x27 || c === 0x2019 || (kind === ASTRAL && astralLetter(src, i, n) === 0)) {
      i++;
      continue;
    }
    const start = i;
    // Written after its separating space (set once the token is kept).
    const at = count > 0 ? o + 1 : 0;
    let pos = at;
    let end: number;
    let h = FNV_OFFSET;
    let flags = 0;
    // Fast path: a run of ASCII letters, digits and apostrophes ending at a separator, folded,
    // hashed and flagged while it is read.
    let prev = -1;
    let digits = 0;
    while (i < n) {
      let l = src[i]!;
      // Lower-case letters, most of the text, are taken as they are.
      if (l < 97 || l > 122) {
        if (l >= 128) break;
        l = ASCII_WORD[l]!;
        if (l === 0) break;
        if (l < 97) {
          if (l === 0x27) flags |= NOT_ALNUM;
          else digits++;
        }
      }
      buf[pos++] = l;
      h = Math.imul(h ^ l, FNV_PRIME);
      if (l === prev) flags |= DOUBLED;
      prev = l;
      i++;
    }
    const stop = i < n ? src[i]! : 0;
    if (i - start <= 64 && (i === n || (isSeparator(src, i, n) && !isInvisible(stop)))) {
      end = i;
      if (prev === 0x27) {
        // Trailing apostrophes are punctuation, not letters.
        while (buf[pos - 1] === 0x27) {
          pos--;
          end--;
        }
      }
      const leet = digits > 0 && digits < i - start;
      if (leet) {
        // Digits next to letters are leetspeak (apostrophes count as letters here).
        for (let j = at; j < pos; j++) {
          const m = LEET_CODE[buf[j]!]!;
          if (m !== 0) buf[j] = m;
        }
      }
      if (leet || end !== i) {
        h = hashFlags(buf, at, pos);
        flags = hashedFlags;
      }
    } else {
      pos = foldGeneral(text, src, start, at);
      buf = out;
      i = scanEnd;
      if (pos < 0) continue;
      end = foldedEnd;
      h = hashFlags(buf, at, pos);
      flags = hashedFlags;
      if (flags & WIDE) wide = true;
    }
    if (pos - at === 1) {
      chain = chain > 0 && shortGap(src, origEnds[count - 1]!, start) ? chain + 1 : 1;
      if (chain >= 3) {
        // A spelled-out word is joined as it is read: only the last tokens move.
        const letter = buf[at]!;
        if (chain === 3) {
          // The two single letters before this one become the joined token.
          count--;
          const s = starts[count - 1]!;
          buf[s + 1] = buf[starts[count]!]!;
          buf[s + 2] = letter;
          lens[count - 1] = 3;
          hashes[count - 1] = hashFlags(buf, s, s + 3);
          tokenFlags[count - 1] = hashedFlags & ~WIDE;
          o = s + 3;
        } else {
          // The joined token (the previous one, which ends at o) takes one more letter.
          const last = buf[o - 1]!;
          buf[o++] = letter;
          lens[count - 1]!++;
          hashes[count - 1] = Math.imul(hashes[count - 1]! ^ letter, FNV_PRIME);
          if (letter === last) tokenFlags[count - 1]! |= DOUBLED;
          if (!((letter >= 97 && letter <= 122) || (letter >= 48 && letter <= 57)))
            tokenFlags[count - 1]! |= NOT_ALNUM;
        }
        origEnds[count - 1] = end;
        continue;
      }
    } else chain = 0;
    if (count > 0) buf[o] = 32;
    starts[count] = at;
    lens[count] = pos - at;
    origStarts[count] = start;
    origEnds[count] = end;
    hashes[count] = h;
    tokenFlags[count] = flags & ~WIDE;
    count++;
    o = pos;
  }
  return emit(block, base, cap, direct, count, o, wide);
}

/** Flag of hashFlags only: a folded character above U+00FF. */
const WIDE = 4;

/** The flags of the last hashFlags run (a global, not a tuple: no allocation per token). */
let hashedFlags = 0;

/** FNV-1a hash of buf[from, to); its flags in hashedFlags. */
function hashFlags(buf: Uint16Array, from: number, to: number): number {
  let h = FNV_OFFSET;
  let flags = 0;
  let prev = -1;
  for (let q = from; q < to; q++) {
    const d = buf[q]!;
    h = Math.imul(h ^ d, FNV_PRIME);
    if (d === prev) flags |= DOUBLED;
    prev = d;
    if (!((d >= 97 && d <= 122) || (d >= 48 && d <= 57))) {
      flags |= NOT_ALNUM;
      if (d > 255) flags |= WIDE;
    }
  }
  hashedFlags = flags;
  return h;
}

/** Positions in `out` of a token's look-alikes of other scripts, and their ASCII letters. */
const LOOK_MAX = 128;
const lookAt = new Int32Array(LOOK_MAX);
const lookAlt = new Uint16Array(LOOK_MAX);

/** Where the run read by foldGeneral ended in the original, and the token's (trimmed) end. */
let scanEnd = 0;
let foldedEnd = 0;

/**
 * Folds the run starting at `start` (any letters, digits, leet symbols, invisible characters) into
 * out[at ...]: leading and trailing marks trimmed, leet undone when the run has a letter. Returns
 * the end of the folded token in `out`, or -1 when nothing is left; sets scanEnd and foldedEnd.
 */
function foldGeneral(text: string, src: Uint16Array, start: number, at: number): number {
  const n = text.length;
  let i = start;
  let plain = true;
  let hasLetter = false;
  let hasUpper = false;
  while (i < n) {
    const d = src[i]!;
    const k = KIND[d]!;
    if (k === 0) {
      if (d >= 0xad && isInvisible(d)) {
        plain = false;
        i++;
        continue;
      }
      break;
    }
    if (k === 1) {
      hasLetter = true;
      if (d >= 65 && d <= 90) hasUpper = true;
      else if (d > 127) plain = false;
    } else if (k === ASTRAL) {
      if (astralLetter(src, i, n) === 0) break;
      hasLetter = true;
      plain = false;
      i++; // the high surrogate; the low one below
    } else plain = false;
    i++;
    if (i - start > 64) {
      // Very long runs are not words; skip the rest of the run.
      while (i < n && !isSeparator(src, i, n)) i += KIND[src[i]!] === ASTRAL ? 2 : 1;
      break;
    }
  }
  scanEnd = i;
  let end = i;
  let ts = at;
  let pos = at;
  if (plain) {
    if (hasUpper && end - start > 65) {
      // The tail of a long run was not inspected: lower-case it the way String#toLowerCase does.
      const lower = text.slice(start, end).toLowerCase();
      growOut(pos + lower.length + n - end + 16);
      for (let j = 0; j < lower.length; j++) out[pos++] = lower.charCodeAt(j);
    } else if (hasUpper) {
      for (let j = start; j < end; j++) {
        const d = src[j]!;
        out[pos++] = d >= 65 && d <= 90 ? d | 32 : d;
      }
    } else {
      for (let j = start; j < end; j++) out[pos++] = src[j]!;
    }
  } else {
    let looks = 0;
    for (let j = start; j < end; j++) {
      const d = src[j]!;
      if (d < 128) out[pos++] = d >= 65 && d <= 90 ? d | 32 : d;
      else if (KIND[d] === ASTRAL) {
        // A pair that is no letter (an emoji) is only inside a run of over 64 units: dropped.
        const letter = astralLetter(src, j, n);
        if (letter !== 0) {
          out[pos++] = letter;
          j++;
        }
      } else if (!isInvisible(d)) {
        const f = foldChar(d);
        const alt = ALT[d]!;
        if (alt !== 0 && looks < LOOK_MAX) {
          lookAt[looks] = pos;
          lookAlt[looks++] = alt;
        }
        growOut(pos + f.length + n - j + 16);
        for (let q = 0; q < f.length; q++) out[pos++] = f.charCodeAt(q);
      }
    }
    if (looks > 0 && foldsLookalikes(out, at, pos, lookAt, 0, looks)) {
      for (let q = 0; q < looks; q++) out[lookAt[q]!] = lookAlt[q]!;
    }
  }
  // Trailing apostrophes and exclamation marks are punctuation, not letters.
  while (pos > ts) {
    const last = out[pos - 1]!;
    if (last !== 0x27 && last !== 0x21 && last !== 0x7c) break;
    pos--;
    end--;
  }
  while (pos > ts) {
    const first = out[ts]!;
    if (first !== 0x21 && first !== 0x7c && first !== 0x2a) break;
    ts++;
  }
  if (pos === ts) return -1;
  if (ts > at) {
    out.copyWithin(at, ts, pos);
    pos -= ts - at;
    ts = at;
  }
  if (!plain && hasLetter) {
    let leet = false;
    for (let j = ts; j < pos; j++) {
      const d = out[j]!;
      if ((d >= 48 && d <= 57) || d === 0x40 || d === 0x24 || d === 0x21 || d === 0x7c || d === 0x20ac) {
        leet = true;
        break;
      }
    }
    if (leet) {
      for (let j = ts; j < pos; j++) {
        const m = LEET_CODE[out[j]!]!;
        if (m !== 0) out[j] = m;
      }
    }
  }
  foldedEnd = end;
  return pos;
}

/** Slab that small result arrays are cut from (a typed-array allocation per text costs more than the scan). */
const SLAB = 1 << 16;
let slab = new Int32Array(SLAB);
let slabUsed = 0;

/** Up to this many ints of token arrays (texts up to ~5,400 characters) are written into the slab. */
const DIRECT_MAX = SLAB >> 2;

/** Offset in `slab` of `n` free ints, starting a new slab when they do not fit; not yet taken. */
function reserveInts(n: number): number {
  if (slabUsed + n > SLAB) {
    slab = new Int32Array(SLAB);
    slabUsed = 0;
  }
  return slabUsed;
}

/** A zero-based Int32Array of `n` elements, usually a view of a shared slab; the caller fills it. */
export function allocInts(n: number): Int32Array {
  if (n > SLAB >> 3) return new Int32Array(n);
  const at = reserveInts(n);
  slabUsed = at + n;
  return slab.subarray(at, at + n);
}

/**
 * Makes the result from the six token arrays of `cap` ints at `base` in `block`: arrays sized to
 * the token count (in the slab: moved together, which takes it; else copied) and the folded text.
 */
function emit(
  block: Int32Array,
  base: number,
  cap: number,
  direct: boolean,
  count: number,
  length: number,
  wide: boolean,
): TokenArrays {
  let ints: Int32Array;
  if (direct) {
    for (let k = 1; k < 6; k++) block.copyWithin(base + k * count, base + k * cap, base + k * cap + count);
    slabUsed = base + count * 6;
    ints = block;
  } else {
    ints = allocInts(count * 6);
    for (let k = 0; k < 6; k++) ints.set(block.subarray(k * cap, k * cap + count), k * count);
    base = 0;
  }
  return {
    text: outToString(length, wide),
    wide,
    count,
    starts: ints.subarray(base, base + count),
    lens: ints.subarray(base + count, base + count * 2),
    origStart: ints.subarray(base + count * 2, base + count * 3),
    origEnd: ints.subarray(base + count * 3, base + count * 4),
    hashes: ints.subarray(base + count * 4, base + count * 5),
    flags: ints.subarray(base + count * 5, base + count * 6),
  };
}

/** Token objects of scanned arrays; `slice` gives the true folded text of a range of `a.text`. */
export function tokenObjects(a: TokenArrays, slice: (start: number, end: number) => string): Token[] {
  const tokens: Token[] = new Array(a.count);
  for (let i = 0; i < a.count; i++) {
    const s = a.starts[i]!;
    tokens[i] = { text: slice(s, s + a.lens[i]!), start: a.origStart[i]!, end: a.origEnd[i]! };
  }
  return tokens;
}

/**
 * The true code units of the folded text of `text` (no stand-ins), by folding it again: only
 * needed where a match or a token holds a stand-in, which keeping a copy of every wide text's units
 * would have cost 15 % of Toxicity's time on 100 KB of mixed-script text.
 */
export function foldedUnits(text: string): Uint16Array {
  const length = scanTokens(text).text.length;
  return out.slice(0, length);
}

/** Collapses runs of three or more identical characters to two ("fuuuck" -> "fuuck"). */
export function collapse3(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i >= 2 && s[i] === s[i - 1] && s[i] === s[i - 2]) continue;
    out += s[i];
  }
  return out;
}

/** Collapses every run of identical characters to one ("fuuck" -> "fuck"). */
export function collapseAll(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) if (i === 0 || s[i] !== s[i - 1]) out += s[i];
  return out;
}
