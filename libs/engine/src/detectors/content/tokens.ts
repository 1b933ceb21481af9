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

const INVISIBLE = new Set([0xad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);

/**
 * Splits `text` into folded word tokens. A token is a run of letters, digits and leet symbols;
 * digits and symbols are mapped to letters only when the run also holds a letter (so "2017" and
 * "$5" stay as they are). Zero-width characters inside a word are skipped.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (KIND[c] === 0 || c === 0x27 || c === 0x2019) {
      i++;
      continue;
    }
    const start = i;
    // Fast scan: most tokens are plain ASCII letters.
    let plain = true;
    let hasLetter = false;
    let hasUpper = false;
    while (i < n) {
      const d = text.charCodeAt(i);
      const k = KIND[d]!;
      if (k === 0) {
        if (INVISIBLE.has(d)) {
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
    let raw: string;
    if (plain) {
      raw = text.slice(start, end);
      if (hasUpper) raw = raw.toLowerCase();
    } else {
      raw = '';
      for (let j = start; j < end; j++) {
        const d = text.charCodeAt(j);
        if (INVISIBLE.has(d)) continue;
        raw += d < 128 ? String.fromCharCode(d >= 65 && d <= 90 ? d | 32 : d) : foldChar(d);
      }
    }
    // Trailing apostrophes and exclamation marks are punctuation, not letters.
    while (raw.length > 0) {
      const last = raw.charCodeAt(raw.length - 1);
      if (last !== 0x27 && last !== 0x21 && last !== 0x7c) break;
      raw = raw.slice(0, -1);
      end--;
    }
    while (raw.length > 0) {
      const first = raw.charCodeAt(0);
      if (first !== 0x21 && first !== 0x7c && first !== 0x2a) break;
      raw = raw.slice(1);
    }
    if (!raw) continue;
    let folded = raw;
    if (!plain && hasLetter && /[0-9@$!|€]/.test(raw)) {
      let f = '';
      for (const ch of raw) f += LEET[ch] ?? ch;
      folded = f;
    }
    out.push({ text: folded, start, end });
  }
  return joinSpelledOut(text, out);
}

/** Joins runs of three or more single-letter tokens with short gaps: "p.o.r.n", "s e x". */
function joinSpelledOut(text: string, tokens: Token[]): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (t.text.length === 1) {
      let j = i;
      while (
        j + 1 < tokens.length &&
        tokens[j + 1]!.text.length === 1 &&
        tokens[j + 1]!.start - tokens[j]!.end <= 2 &&
        !/\n/.test(text.slice(tokens[j]!.end, tokens[j + 1]!.start))
      ) {
        j++;
      }
      if (j - i >= 2) {
        let joined = '';
        for (let k = i; k <= j; k++) joined += tokens[k]!.text;
        out.push({ text: joined, start: t.start, end: tokens[j]!.end });
        i = j + 1;
        continue;
      }
    }
    out.push(t);
    i++;
  }
  return out;
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
