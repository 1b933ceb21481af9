/**
 * Whole-word lexicon matching over folded tokens (see tokens.ts): exact terms with declared
 * suffixes, masked variants (f*ck, f**k, sh*t), stretched spellings (fuuuck, bitchhh) and
 * multi-word phrases. Matching is by hash lookup per token, so it is linear and never matches
 * inside a longer word ("Scunthorpe", "spicy", "cocktail" do not contain a hit).
 */

import { FNV_OFFSET, FNV_PRIME } from '../code-units/fnv.ts';
import { type FoldedText, tokenize } from './folded.ts';
import { collapse3, collapseAll, DOUBLED, type Token, tokenHash } from './tokens.ts';

export interface LexEntry {
  term: string;
  /** Family, e.g. "slur", "profanity", "sexual-explicit". */
  category: string;
  /** Strength in (0, 1]: how sure a hit of this entry alone is. */
  weight: number;
  /** Endings accepted after the term (e.g. ["s", "es"]). */
  suffixes?: readonly string[];
}

export interface LexHit {
  entry: LexEntry;
  start: number;
  end: number;
  /** The folded form that matched. */
  matched: string;
}

const VOWELS = /[aeiou]/;

const FILTER_BITS = 17;
const FILTER_MASK = (1 << FILTER_BITS) - 1;

/**
 * String-keyed open-addressing table looked up by character codes (a range of a string or a
 * scratch buffer), so that a token is looked up without making a string of it.
 */
class CodeTable<T> {
  private readonly keys: string[] = [];
  private readonly vals: T[] = [];
  private readonly slots: Int32Array;
  /** Hash of the key in each slot: most tokens are no key, and are told so without reading one. */
  private readonly hashes: Int32Array;
  private readonly mask: number;
  /**
   * One bit per value of the hash's low FILTER_BITS bits, set for the keys' hashes: small enough to
   * stay in the CPU cache, so that most tokens are turned away without touching the slot arrays.
   */
  private readonly filter = new Int32Array(1 << (FILTER_BITS - 5));

  constructor(map: ReadonlyMap<string, T>) {
    let size = 16;
    while (size < map.size * 2) size <<= 1;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size);
    this.mask = size - 1;
    for (const [k, v] of map) {
      const h = tokenHash(k);
      let slot = h & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.keys.push(k);
      this.vals.push(v);
      this.slots[slot] = this.keys.length;
      this.hashes[slot] = h;
      this.filter[(h & FILTER_MASK) >>> 5]! |= 1 << (h & 31);
    }
  }

  /** Value of `text.slice(s, s + len)`, whose FNV-1a hash is `h`. */
  getText(text: string, s: number, len: number, h: number): T | undefined {
    if ((this.filter[(h & FILTER_MASK) >>> 5]! & (1 << (h & 31))) === 0) return undefined;
    let slot = h & this.mask;
    for (;;) {
      const idx = this.slots[slot]!;
      if (idx === 0) return undefined;
      const key = this.hashes[slot] === h ? this.keys[idx - 1]! : '';
      if (key.length === len) {
        let j = 0;
        while (j < len && key.charCodeAt(j) === text.charCodeAt(s + j)) j++;
        if (j === len) return this.vals[idx - 1];
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** Value of the first `len` codes of `buf`, whose FNV-1a hash is `h`. */
  getCodes(buf: Uint16Array, len: number, h: number): T | undefined {
    if ((this.filter[(h & FILTER_MASK) >>> 5]! & (1 << (h & 31))) === 0) return undefined;
    let slot = h & this.mask;
    for (;;) {
      const idx = this.slots[slot]!;
      if (idx === 0) return undefined;
      const key = this.hashes[slot] === h ? this.keys[idx - 1]! : '';
      if (key.length === len) {
        let j = 0;
        while (j < len && key.charCodeAt(j) === buf[j]) j++;
        if (j === len) return this.vals[idx - 1];
      }
      slot = (slot + 1) & this.mask;
    }
  }
}

/** Set of 32-bit hashes (open addressing; 0 is stored as a flag). */
class HashSet {
  private readonly slots: Int32Array;
  private readonly mask: number;
  private hasZero = false;

  constructor(hashes: Iterable<number>) {
    const list = [...new Set(hashes)];
    let size = 16;
    while (size < list.length * 2) size <<= 1;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (const h of list) {
      if (h === 0) {
        this.hasZero = true;
        continue;
      }
      let slot = h & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = h;
    }
  }

  has(h: number): boolean {
    if (h === 0) return this.hasZero;
    for (let slot = h & this.mask; ; slot = (slot + 1) & this.mask) {
      const v = this.slots[slot]!;
      if (v === h) return true;
      if (v === 0) return false;
    }
  }
}

let scratch3 = new Uint16Array(256);
let scratch1 = new Uint16Array(256);

/** Whether collapse3(text.slice(s, s + len)) equals `word`. */
function collapse3Equals(text: string, s: number, len: number, word: string): boolean {
  let j = 0;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(s + i);
    if (i >= 2 && c === text.charCodeAt(s + i - 1) && c === text.charCodeAt(s + i - 2)) continue;
    if (j >= word.length || word.charCodeAt(j) !== c) return false;
    j++;
  }
  return j === word.length;
}

function equalsAt(text: string, s: number, len: number, word: string): boolean {
  if (word.length !== len) return false;
  for (let j = 0; j < len; j++) if (word.charCodeAt(j) !== text.charCodeAt(s + j)) return false;
  return true;
}

function maskedVariants(term: string): string[] {
  if (term.length < 4 || term.includes(' ')) return [];
  const out = new Set<string>();
  // f**k: every interior letter masked.
  out.add(term[0] + '*'.repeat(term.length - 2) + term[term.length - 1]);
  // f*ck, sh*t: one vowel masked.
  for (let i = 1; i < term.length; i++) {
    if (VOWELS.test(term[i]!)) out.add(term.slice(0, i) + '*' + term.slice(i + 1));
  }
  return [...out];
}

export class Lexicon {
  private readonly words = new Map<string, LexEntry>();
  /** First word of a phrase -> phrases starting with it (remaining words). */
  private readonly phrases = new Map<string, Array<{ rest: string[]; entry: LexEntry }>>();
  readonly size: number;

  constructor(entries: readonly LexEntry[]) {
    for (const e of entries) {
      const term = e.term.toLowerCase();
      const parts = term.split(/\s+/).filter(Boolean);
      if (parts.length > 1) {
        const first = parts[0]!;
        const list = this.phrases.get(first) ?? [];
        list.push({ rest: parts.slice(1), entry: e });
        this.phrases.set(first, list);
        continue;
      }
      const forms = [term, ...(e.suffixes ?? []).map((s) => term + s)];
      for (const f of forms) {
        this.add(f, e);
        for (const m of maskedVariants(f)) this.add(m, e);
      }
    }
    this.size = this.words.size;
  }

  private add(key: string, e: LexEntry): void {
    const prev = this.words.get(key);
    if (!prev || prev.weight < e.weight) this.words.set(key, e);
  }

  /** Looks one folded token up, undoing stretched letters when the plain form is unknown. */
  lookup(token: string): LexEntry | undefined {
    const hit = this.words.get(token);
    if (hit) return hit;
    if (token.includes('*')) return this.lookupMasked(token);
    let doubled = false;
    for (let i = 1; i < token.length; i++) {
      if (token.charCodeAt(i) === token.charCodeAt(i - 1)) {
        doubled = true;
        break;
      }
    }
    if (!doubled) return undefined;
    const c3 = collapse3(token);
    if (c3 !== token) {
      const h = this.words.get(c3);
      if (h) return h;
    }
    const c1 = collapseAll(token);
    if (c1 !== token && c1 !== c3 && c1.length >= 3) return this.words.get(c1);
    return undefined;
  }

  private tables?: {
    /** Word entries and the phrases starting with each word, in one table (one probe per token). */
    words: CodeTable<{ entry?: LexEntry; phrases?: Array<{ rest: string[]; entry: LexEntry }> }>;
    /**
     * Hashes of every key with runs of equal letters collapsed: a stretched token whose collapsed
     * form is not here cannot match any key, whichever way it is collapsed.
     */
    collapsed: HashSet;
  };

  private buildTables(): NonNullable<Lexicon['tables']> {
    const combined = new Map<
      string,
      { entry?: LexEntry; phrases?: Array<{ rest: string[]; entry: LexEntry }> }
    >();
    for (const [k, entry] of this.words) combined.set(k, { entry });
    for (const [k, phrases] of this.phrases) combined.set(k, { ...combined.get(k), phrases });
    return {
      words: new CodeTable(combined),
      collapsed: new HashSet([...this.words.keys()].map((k) => tokenHash(collapseAll(k)))),
    };
  }

  /** Word forms by length and first letter, for `lookupMasked`; built on first use. */
  private byShape?: Map<string, Array<{ form: string; entry: LexEntry }>>;

  /**
   * The entry of a token with letters masked by asterisks anywhere inside it ("f**king", "c**ts"):
   * a word form of the same length and first letter whose letters agree wherever the token shows
   * one. The token must show its first and last letters and at least half of them, so "f***"
   * matches nothing (it could be several words) and neither does a footnote mark ("trash*"). Of
   * several forms, the heaviest, as for the masked variants built in (`add`).
   */
  private lookupMasked(token: string): LexEntry | undefined {
    const len = token.length;
    let letters = 0;
    for (let i = 0; i < len; i++) if (token.charCodeAt(i) !== 0x2a) letters++;
    if (token.charCodeAt(0) === 0x2a || token.charCodeAt(len - 1) === 0x2a || letters * 2 < len)
      return undefined;
    if (!this.byShape) {
      this.byShape = new Map();
      for (const [form, entry] of this.words) {
        if (form.includes('*')) continue;
        const key = `${form.length}${form[0]}`;
        const list = this.byShape.get(key) ?? [];
        list.push({ form, entry });
        this.byShape.set(key, list);
      }
    }
    let best: LexEntry | undefined;
    for (const { form, entry } of this.byShape.get(`${len}${token[0]}`) ?? []) {
      let agrees = true;
      for (let i = 1; i < len && agrees; i++) {
        const c = token.charCodeAt(i);
        agrees = c === 0x2a || c === form.charCodeAt(i);
      }
      if (agrees && (!best || entry.weight > best.weight)) best = entry;
    }
    return best;
  }

  /**
   * The entry of a stretched token `text.slice(s, s + len)` (one with equal letters in a row), as
   * `lookup` finds it: its run-of-three-collapsed form, else its fully collapsed form.
   */
  private lookupStretched(text: string, s: number, len: number): LexEntry | undefined {
    const tables = this.tables!;
    let h1 = FNV_OFFSET;
    let prev = -1;
    for (let i = 0; i < len; i++) {
      const c = text.charCodeAt(s + i);
      if (c !== prev) h1 = Math.imul(h1 ^ c, FNV_PRIME);
      prev = c;
    }
    if (!tables.collapsed.has(h1)) return undefined;
    if (scratch3.length < len) {
      scratch3 = new Uint16Array(len * 2);
      scratch1 = new Uint16Array(len * 2);
    }
    let n3 = 0;
    let h3 = FNV_OFFSET;
    let n1 = 0;
    for (let i = 0; i < len; i++) {
      const c = text.charCodeAt(s + i);
      const p1 = i >= 1 ? text.charCodeAt(s + i - 1) : -1;
      if (c !== p1) scratch1[n1++] = c;
      if (i >= 2 && c === p1 && c === text.charCodeAt(s + i - 2)) continue;
      scratch3[n3++] = c;
      h3 = Math.imul(h3 ^ c, FNV_PRIME);
    }
    if (n3 !== len) {
      const e = tables.words.getCodes(scratch3, n3, h3)?.entry;
      if (e) return e;
    }
    if (n1 !== len && n1 !== n3 && n1 >= 3) return tables.words.getCodes(scratch1, n1, h1)?.entry;
    return undefined;
  }

  /** The last folded text matched and its hits (foldText keeps only the last text either). */
  private lastFolded: FoldedText | undefined;
  private lastHits: readonly LexHit[] = [];

  /**
   * Hits over a folded text's tokens, the same as `matchTokens(folded.tokens)`, looked up by the
   * tokens' hashes without building token strings; shared between callers, must not be changed.
   */
  matchFolded(folded: FoldedText): readonly LexHit[] {
    if (this.words.size === 0 && this.phrases.size === 0) return [];
    if (this.lastFolded === folded) return this.lastHits;
    this.tables ??= this.buildTables();
    const words = this.tables.words;
    const { text, starts, lens, origStart, origEnd, hashes, flags, count } = folded;
    /** The next asterisk at or after the current token (tokens come in order: one scan in all). */
    let star = text.indexOf('*');
    const hits: LexHit[] = [];
    for (let i = 0; i < count; i++) {
      const s = starts[i]!;
      const len = lens[i]!;
      const found = words.getText(text, s, len, hashes[i]!);
      if (star >= 0 && star < s) star = text.indexOf('*', s);
      const e =
        found?.entry ??
        ((flags[i]! & DOUBLED) !== 0 ? this.lookupStretched(text, s, len) : undefined) ??
        (star >= s && star < s + len ? this.lookupMasked(folded.slice(s, s + len)) : undefined);
      if (e)
        hits.push({ entry: e, start: origStart[i]!, end: origEnd[i]!, matched: folded.slice(s, s + len) });
      const ps = found?.phrases;
      if (!ps) continue;
      for (const p of ps) {
        if (i + p.rest.length >= count) continue;
        let ok = true;
        for (let k = 0; k < p.rest.length; k++) {
          const t = i + 1 + k;
          const w = p.rest[k]!;
          if (!equalsAt(text, starts[t]!, lens[t]!, w) && !collapse3Equals(text, starts[t]!, lens[t]!, w)) {
            ok = false;
            break;
          }
        }
        if (ok) {
          hits.push({
            entry: p.entry,
            start: origStart[i]!,
            end: origEnd[i + p.rest.length]!,
            matched: p.entry.term,
          });
        }
      }
    }
    this.lastFolded = folded;
    this.lastHits = hits;
    return hits;
  }

  /** Hits per token array: guardrails of one request share the folded tokens (folded.ts cache). */
  private readonly memo = new WeakMap<readonly Token[], readonly LexHit[]>();

  /** Hits in order of the tokens; the returned array is shared between callers and must not be changed. */
  matchTokens(tokens: readonly Token[]): readonly LexHit[] {
    if (this.words.size === 0 && this.phrases.size === 0) return [];
    const known = this.memo.get(tokens);
    if (known) return known;
    const hits = this.scan(tokens);
    this.memo.set(tokens, hits);
    return hits;
  }

  private scan(tokens: readonly Token[]): LexHit[] {
    const hits: LexHit[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const e = this.lookup(t.text);
      if (e) hits.push({ entry: e, start: t.start, end: t.end, matched: t.text });
      const ps = this.phrases.get(t.text);
      if (!ps) continue;
      for (const p of ps) {
        if (i + p.rest.length >= tokens.length) continue;
        let ok = true;
        for (let k = 0; k < p.rest.length; k++) {
          const w = tokens[i + 1 + k]!.text;
          if (w !== p.rest[k] && collapse3(w) !== p.rest[k]) {
            ok = false;
            break;
          }
        }
        if (ok) {
          const last = tokens[i + p.rest.length]!;
          hits.push({ entry: p.entry, start: t.start, end: last.end, matched: p.entry.term });
        }
      }
    }
    return hits;
  }

  match(text: string): LexHit[] {
    return this.scan(tokenize(text));
  }
}

/** Masks a matched offensive word for previews: first letter then asterisks ("f***"). */
export function maskWord(text: string): string {
  const s = text.replace(/\s+/g, ' ');
  if (s.length <= 1) return '*';
  const shown = s.length > 40 ? s.slice(0, 40) : s;
  return shown[0] + shown.slice(1).replace(/[^\s]/g, '*');
}
