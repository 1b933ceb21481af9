/**
 * Tokeniser for content lexicons, with the usual obfuscations undone and offsets kept:
 * full-width / compatibility forms (NFKC per character), case, leetspeak inside words (p0rn, s3x,
 * b!tch, @ss), masked letters (f*ck keeps its `*` for the masked-variant keys), stretched letters
 * (fuuuck, handled at lookup) and spelled-out words (p.o.r.n, s e x, f-u-c-k are joined).
 */

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

/** Character kinds: 1 letter, 2 digit, 3 leet symbol / mask, 0 separator. */
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
  return table;
})();

const FOLD_CACHE = new Map<number, string>();

function foldChar(c: number): string {
  let f = FOLD_CACHE.get(c);
  if (f === undefined) {
    f = String.fromCharCode(c).normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
    if (c === 0x2019) f = "'";
    FOLD_CACHE.set(c, f);
  }
  return f;
}

const isInvisible = (c: number): boolean =>
  c === 0xad || c === 0x200b || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0xfeff;

/** LEET[c] = letter for a leet digit or symbol, else 0. */
const LEET_CODE = (() => {
  const t = new Uint16Array(65536);
  for (const [k, v] of Object.entries(LEET)) t[k.charCodeAt(0)] = v.charCodeAt(0);
  return t;
})();

/**
 * The tokens of a text as parallel arrays, and the folded text (tokens joined by single spaces):
 * token i is `text.slice(starts[i], starts[i] + lens[i])` and covers [origStart[i], origEnd[i]) of
 * the original.
 */
export interface TokenArrays {
  text: string;
  count: number;
  starts: Int32Array;
  lens: Int32Array;
  origStart: Int32Array;
  origEnd: Int32Array;
}

let chars = new Uint16Array(4096);
let tokStart = new Int32Array(1024);
let tokLen = new Int32Array(1024);
let tokOS = new Int32Array(1024);
let tokOE = new Int32Array(1024);

function ensureChars(need: number): void {
  if (need <= chars.length) return;
  const next = new Uint16Array(Math.max(need, chars.length * 2));
  next.set(chars);
  chars = next;
}

function ensureTokens(need: number): void {
  if (need <= tokStart.length) return;
  const size = Math.max(need, tokStart.length * 2);
  const grow = (a: Int32Array) => {
    const b = new Int32Array(size);
    b.set(a);
    return b;
  };
  tokStart = grow(tokStart);
  tokLen = grow(tokLen);
  tokOS = grow(tokOS);
  tokOE = grow(tokOE);
}

function charsToString(buf: Uint16Array, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 8192) {
    out += String.fromCharCode.apply(
      null,
      buf.subarray(i, Math.min(length, i + 8192)) as unknown as number[],
    );
  }
  return out;
}

/**
 * Splits `text` into folded word tokens in one pass over its character codes. A token is a run of
 * letters, digits and leet symbols; digits and symbols are mapped to letters only when the run also
 * holds a letter (so "2017" and "$5" stay as they are). Zero-width characters inside a word are
 * skipped. Runs of three or more single letters with short gaps ("p.o.r.n", "s e x") are joined.
 */
export function scanTokens(text: string): TokenArrays {
  const n = text.length;
  ensureChars(n + 16);
  ensureTokens((n >> 1) + 2);
  let pos = 0;
  let count = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (KIND[c] === 0 || c === 0x27 || c === 0x2019) {
      i++;
      continue;
    }
    const start = i;
    let plain = true;
    let hasLetter = false;
    let hasUpper = false;
    while (i < n) {
      const d = text.charCodeAt(i);
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
      } else plain = false;
      i++;
      if (i - start > 64) {
        // Very long runs are not words; skip the rest of the run.
        while (i < n && KIND[text.charCodeAt(i)] !== 0) i++;
        break;
      }
    }
    let end = i;
    let ts = pos;
    if (plain) {
      if (hasUpper && end - start > 65) {
        // The tail of a long run was not inspected: lower-case it the way String#toLowerCase does.
        const lower = text.slice(start, end).toLowerCase();
        ensureChars(pos + lower.length + 16);
        for (let j = 0; j < lower.length; j++) chars[pos++] = lower.charCodeAt(j);
      } else if (hasUpper) {
        for (let j = start; j < end; j++) {
          const d = text.charCodeAt(j);
          chars[pos++] = d >= 65 && d <= 90 ? d | 32 : d;
        }
      } else {
        for (let j = start; j < end; j++) chars[pos++] = text.charCodeAt(j);
      }
    } else {
      for (let j = start; j < end; j++) {
        const d = text.charCodeAt(j);
        if (d < 128) chars[pos++] = d >= 65 && d <= 90 ? d | 32 : d;
        else if (!isInvisible(d)) {
          const f = foldChar(d);
          ensureChars(pos + f.length + n - j + 16);
          for (let q = 0; q < f.length; q++) chars[pos++] = f.charCodeAt(q);
        }
      }
    }
    // Trailing apostrophes and exclamation marks are punctuation, not letters.
    while (pos > ts) {
      const last = chars[pos - 1]!;
      if (last !== 0x27 && last !== 0x21 && last !== 0x7c) break;
      pos--;
      end--;
    }
    while (pos > ts) {
      const first = chars[ts]!;
      if (first !== 0x21 && first !== 0x7c && first !== 0x2a) break;
      ts++;
    }
    if (pos === ts) {
      pos = ts;
      continue;
    }
    if (!plain && hasLetter) {
      let leet = false;
      for (let j = ts; j < pos; j++) {
        const d = chars[j]!;
        if ((d >= 48 && d <= 57) || d === 0x40 || d === 0x24 || d === 0x21 || d === 0x7c || d === 0x20ac) {
          leet = true;
          break;
        }
      }
      if (leet) {
        for (let j = ts; j < pos; j++) {
          const m = LEET_CODE[chars[j]!]!;
          if (m !== 0) chars[j] = m;
        }
      }
    }
    ensureTokens(count + 1);
    tokStart[count] = ts;
    tokLen[count] = pos - ts;
    tokOS[count] = start;
    tokOE[count] = end;
    count++;
  }
  return joinAndEmit(text, pos, count);
}

let out = new Uint16Array(4096);

/** Joins spelled-out runs ("p.o.r.n") and writes the folded text. */
function joinAndEmit(text: string, used: number, count: number): TokenArrays {
  if (out.length < used + count + 16) out = new Uint16Array(Math.max(used + count + 16, out.length * 2));
  const starts = new Int32Array(count);
  const lens = new Int32Array(count);
  const origStart = new Int32Array(count);
  const origEnd = new Int32Array(count);
  let o = 0;
  let m = 0;
  let i = 0;
  while (i < count) {
    let j = i;
    if (tokLen[i] === 1) {
      while (j + 1 < count && tokLen[j + 1] === 1 && tokOS[j + 1]! - tokOE[j]! <= 2) {
        let newline = false;
        for (let q = tokOE[j]!; q < tokOS[j + 1]!; q++) if (text.charCodeAt(q) === 10) newline = true;
        if (newline) break;
        j++;
      }
      if (j - i < 2) j = i;
    }
    if (m > 0) out[o++] = 32;
    starts[m] = o;
    for (let k = i; k <= j; k++) {
      const s = tokStart[k]!;
      const e = s + tokLen[k]!;
      for (let q = s; q < e; q++) out[o++] = chars[q]!;
    }
    lens[m] = o - starts[m]!;
    origStart[m] = tokOS[i]!;
    origEnd[m] = tokOE[j]!;
    m++;
    i = j + 1;
  }
  return {
    text: charsToString(out, o),
    count: m,
    starts: starts.subarray(0, m),
    lens: lens.subarray(0, m),
    origStart: origStart.subarray(0, m),
    origEnd: origEnd.subarray(0, m),
  };
}

/** Splits `text` into folded word tokens (see scanTokens). */
export function tokenize(text: string): Token[] {
  return tokenObjects(scanTokens(text));
}

/** Token objects of scanned arrays. */
export function tokenObjects(a: TokenArrays): Token[] {
  const tokens: Token[] = new Array(a.count);
  for (let i = 0; i < a.count; i++) {
    const s = a.starts[i]!;
    tokens[i] = { text: a.text.slice(s, s + a.lens[i]!), start: a.origStart[i]!, end: a.origEnd[i]! };
  }
  return tokens;
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
