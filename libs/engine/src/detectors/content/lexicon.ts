/**
 * Whole-word lexicon matching over folded tokens (see tokens.ts): exact terms with declared
 * suffixes, masked variants (f*ck, f**k, sh*t), stretched spellings (fuuuck, bitchhh) and
 * multi-word phrases. Matching is by hash lookup per token, so it is linear and never matches
 * inside a longer word ("Scunthorpe", "spicy", "cocktail" do not contain a hit).
 */
import { collapse3, collapseAll, type Token, tokenize } from './tokens.ts';

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
