/**
 * Per-code-point folding tables: invisible characters, homoglyphs (Unicode confusables, via the
 * maintained `unhomoglyph` data set), NFKC compatibility forms, letter-shaped symbols, small
 * capitals and Latin diacritics.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** Unicode confusables (confusables.txt) as published by the `unhomoglyph` package: char -> prototype. */
const confusables = require('unhomoglyph/data.json') as Record<string, string>;

export type InvisibleKind = 'zero-width' | 'bidi' | 'tag';

/** Classifies a code point that renders as nothing (or reorders text), or returns undefined. */
export function invisibleKind(cp: number): InvisibleKind | undefined {
  if (cp < 0x00ad) return undefined;
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (
    cp === 0x200b ||
    cp === 0x200c ||
    cp === 0x200d ||
    cp === 0x2060 ||
    cp === 0x2061 ||
    cp === 0x2062 ||
    cp === 0x2063 ||
    cp === 0x2064 ||
    cp === 0xfeff ||
    cp === 0x180e ||
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x3164 ||
    cp === 0xffa0
  ) {
    return 'zero-width';
  }
  if (
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0x200e ||
    cp === 0x200f ||
    cp === 0x061c
  ) {
    return 'bidi';
  }
  return undefined;
}

/** Variation selectors: dropped from the folded text but not reported (emoji use them legitimately). */
export function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

/** Combining diacritical marks that are stripped (accents, Zalgo stacking); not Indic vowel signs. */
export function isStrippableMark(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe20 && cp <= 0xfe2f)
  );
}

/** A letter of any script (one code point). */
export const LETTER = /\p{L}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * Letters of scripts other than Latin (Greek, Cyrillic, Armenian, Hebrew, Cherokee …): their
 * look-alikes are folded only inside mixed-script or all-look-alike words, so that no genuine word
 * of those scripts reads as a Latin one. Symbols and Latin letters fold wherever they are.
 */
function isConditionalScript(c: string): boolean {
  return LETTER.test(c) && !LATIN.test(c);
}

export interface FoldEntry {
  /** Folded, lowercased replacement ('' drops the code point). */
  out: string;
  /**
   * A letter of another script with an ASCII look-alike (Cyrillic о, Armenian օ): `out` is the
   * letter itself (lowercased) and `alt` the look-alike (one letter a-z or digit), applied only
   * when the surrounding word is mixed-script or made only of look-alikes (so that ordinary
   * Russian, Greek or Hebrew words stay as they are).
   */
  alt?: string;
}

/**
 * Whether the other scripts' look-alikes (`alt` entries) of the lower-cased word units[start, end)
 * read as their ASCII letters: only when the word also has ASCII letters or all its other letters
 * are look-alikes too ("іgnоrе", "рарра"), so that genuine Russian or Greek words stay intact.
 * `lookalikeAt[from, to)` holds the look-alikes' positions in ascending order (a range, so that
 * callers need no subarray per word); units below U+0080 other than a-z (digits, apostrophes) count
 * for neither side.
 */
export function foldsLookalikes(
  units: Uint16Array,
  start: number,
  end: number,
  lookalikeAt: Int32Array,
  from: number,
  to: number,
): boolean {
  let q = from;
  let foreign = false;
  for (let k = start; k < end; k++) {
    while (q < to && (lookalikeAt[q] as number) < k) q++;
    if (q < to && lookalikeAt[q] === k) continue;
    const x = units[k] as number;
    if (x >= 0x61 && x <= 0x7a) return true;
    if (x > 0x7f) foreign = true;
  }
  return !foreign;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const cache = new Map<number, FoldEntry>();

function confusableAscii(ch: string): string | undefined {
  const v = confusables[ch];
  if (v === undefined || !PRINTABLE_ASCII.test(v)) return undefined;
  return v.toLowerCase();
}

/** The base letter of a Latin letter with diacritics, lower-cased (é -> e, Ñ -> n); else undefined. */
export function latinBaseLetter(ch: string): string | undefined {
  const base = ch.normalize('NFD');
  return base.length > 1 && /^[A-Za-z][\u0300-\u036f]+$/.test(base) ? base[0]!.toLowerCase() : undefined;
}

/**
 * First code point of each run of 26 letter-shaped symbols A-Z that neither NFKC nor the
 * confusables map to letters, though "fancy text" generators spell words with them: regional
 * indicators (which pair up as flags), negative circled and negative squared capitals.
 */
const LETTER_SYMBOL_RUNS = [0x1f1e6, 0x1f150, 0x1f170];

/** The lower-case letter a letter-shaped symbol stands for (🇭 🅗 🅷 -> h), or undefined. */
function letterSymbol(cp: number): string | undefined {
  for (const first of LETTER_SYMBOL_RUNS) {
    if (cp >= first && cp < first + 26) return String.fromCharCode(0x61 + cp - first);
  }
  return undefined;
}

/**
 * The small capitals "small caps" text generators spell with (ᴀʙᴄ…), in alphabet order (no x: they
 * write a plain one); the confusables map only some of them to letters.
 */
const SMALL_CAPITALS = new Map(
  [...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ'].map((ch, i) => [ch.codePointAt(0)!, 'abcdefghijklmnopqrstuvwyz'[i]!]),
);

function computeFold(cp: number): FoldEntry {
  const letter = letterSymbol(cp) ?? SMALL_CAPITALS.get(cp);
  if (letter !== undefined) return { out: letter };
  const ch = String.fromCodePoint(cp);
  if (isStrippableMark(cp) || isVariationSelector(cp)) return { out: '' };
  const nfkc = ch.normalize('NFKC');
  let out = '';
  let changed = nfkc !== ch;
  for (const c of nfkc) {
    const ccp = c.codePointAt(0) ?? 0;
    if (ccp < 0x80) {
      out += c.toLowerCase();
      continue;
    }
    if (isStrippableMark(ccp)) {
      changed = true;
      continue;
    }
    const base = latinBaseLetter(c);
    if (base !== undefined) {
      out += base;
      changed = true;
      continue;
    }
    if (isConditionalScript(c)) {
      const alt = confusableAscii(c) ?? confusableAscii(c.toLowerCase());
      const lower = c.toLowerCase();
      if (alt !== undefined && /^[a-z0-9]$/.test(alt) && nfkc.length === c.length) {
        return { out: lower, alt };
      }
      out += lower;
      continue;
    }
    const conf = confusableAscii(c);
    if (conf !== undefined && /[a-z0-9]/.test(conf)) {
      out += conf;
      changed = true;
      continue;
    }
    out += c.toLowerCase();
  }
  return changed || out !== ch ? { out } : { out: ch };
}

/** Memoised folds of BMP code points, indexed directly (no hashing on the hot path). */
const bmpCache: Array<FoldEntry | undefined> = new Array(65536);

/** Folding of one non-ASCII code point (memoised). */
export function foldCodePoint(cp: number): FoldEntry {
  if (cp < 65536) {
    let b = bmpCache[cp];
    if (b === undefined) {
      b = computeFold(cp);
      bmpCache[cp] = b;
    }
    return b;
  }
  let e = cache.get(cp);
  if (e === undefined) {
    e = computeFold(cp);
    if (cache.size < 20_000) cache.set(cp, e);
  }
  return e;
}

/** Leetspeak digits and symbols, read as letters inside words. */
export const LEET: Record<string, string> = {
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
  '|': 'l',
  '+': 't',
  '€': 'e',
};
