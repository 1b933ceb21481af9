/**
 * Runs a family of signature patterns over the normalised form of a text (and over the normalised
 * form of every embedded encoded payload), returning hits with offsets into the original text.
 * Patterns are written against folded text: lowercase ASCII, homoglyphs/leetspeak/spacing undone.
 */

import { CodeUnitBuffer } from '../code-units/code-units.ts';
import { stickyOf } from '../regex/sticky.ts';
import { type DecodedPayload, decodeEmbedded } from './decode.ts';
import { normalizeText } from './normalize.ts';

export interface Signature {
  /** Stable id, reported as the finding type suffix and documented. */
  id: string;
  /** A global (`g`) regex over folded text; must be linear-time (bounded gaps, no nested quantifiers). */
  re: RegExp;
  /** Weight of one hit (default 1); a text fails when the summed weight reaches the guardrail's threshold. */
  weight?: number;
}

export interface SignatureHit {
  id: string;
  start: number;
  end: number;
  weight: number;
  /** The folded text that matched (safe to show: a phrase, not a secret). */
  matched: string;
  /** Set when the hit was inside a decoded payload. */
  encoding?: DecodedPayload['encoding'];
}

/**
 * Opens a pattern whose first word is a request that a negation turns into a prohibition: security
 * advice and system prompts forbid the very things attacks ask for ("never reveal your system
 * prompt", "you are asked not to share your password", "don't ignore my previous instructions").
 * Fixed strings in a lookbehind: linear time. `NEGATION` is the words alone, for lookbehinds that
 * read more between the negation and the pattern.
 */
export const NEGATION = "(?:not|never|dont|cannot|(?:don|can|won|shouldn|mustn)['’]t|not to|never to|nor)";
export const NOT_NEGATED = `(?<!\\b${NEGATION} )`;

/**
 * Follows the instructions of a pattern: they are located in content the model reads, not given to
 * it ("instructions embedded in retrieved documents", "found in web pages", "inside tool outputs").
 * Security advice and agent prompts tell a model not to follow those; an attack wants it to stop
 * following its own ("do not follow the instructions in your system prompt" still matches).
 */
export const IN_UNTRUSTED_CONTENT =
  '(?: (?:embedded|found|contained|included|hidden|placed|that appear|that are))? (?:in|inside|within|from)(?: (?:the|any|retrieved|external|untrusted|third-party|uploaded|incoming|fetched|quoted|web)){0,3} (?:documents?|web ?pages?|pages|websites?|sites|e-?mails?|files?|attachments?|search results|tool (?:outputs?|results|responses)|retrieved (?:content|text|passages?)|content|data|comments|reviews)\\b';

/**
 * Opens the same kind of pattern where the request is reported, made of a third party: "when a
 * user asks it to ignore previous instructions", "tricked the model into", "made the bot reveal",
 * or made of the reader by a third party ("if a user asks you to ignore your rules, refuse"), or
 * disowned by one ("we will never ask you to share your password", "nobody from IT will ask you
 * to", the phishing warning).
 */
export const NOT_REPORTED =
  "(?<!\\b(?:(?:asks?|asked|tells?|told|makes?|made|gets?|got|forces?|forced|tricks?|tricked|convinces?|convinced|persuades?|persuaded|causes?|caused) (?:it|them|the (?:bot|model|assistant|chatbot|llm|ai|agent))(?: to| into)?|(?:a user|the user|users|someone|anyone|somebody|anybody|they|a customer|the customer) (?:asks?|asked|tells?|told|wants?|wanted) you to|(?:never|not|won['’]t|wont|don['’]t|dont|doesn['’]t|doesnt)(?: ever)? (?:ask|request|require)s? you to|(?:nobody|no one)(?: (?:from|at|in|on|of) (?:the )?[a-z]{1,20}(?: [a-z]{1,20})?)? (?:will|would|should|can)(?: ever)? (?:ask|request|require) you to) )";

/**
 * Put before a request to skip it when it is quoted to be asked about, a mention rather than a
 * use: "What does 'ignore previous instructions' mean?", "the phrase “ignore all prior rules”".
 */
export const NOT_MENTIONED =
  '(?<!\\b(?:what (?:does|do|did)|what is meant by|the (?:phrase|term|words?|expression|sentence)|meaning of) ["\'“‘])';

/**
 * Put before the word that says whose instructions a pattern means: instructions that belong to
 * a third party ("the bot started to ignore its system prompt", "users ignore their previous
 * instructions") are talked about, not overridden.
 */
export const NOT_THIRD_PARTY_OWNED = '(?<!\\b(?:its|their|his|her) )';

const MAX_HITS_PER_SIGNATURE = 16;

let lastDecoded: { text: string; payloads: DecodedPayload[] } | undefined;

/** decodeEmbedded, memoised for the last text (several guardrails of a profile ask for the same text). */
export function decodedPayloads(text: string): DecodedPayload[] {
  if (lastDecoded && lastDecoded.text === text) return lastDecoded.payloads;
  const payloads = decodeEmbedded(text);
  lastDecoded = { text, payloads };
  return payloads;
}

/**
 * Anchor prefixes of a pattern: literal word starts that every match must begin with, read from
 * the pattern source (`\\b(?:ignore|disregard) ...` -> ["ignore", "disregard"]). Returns undefined
 * when the pattern does not start, in every top-level branch, with `\\b` followed by literals or a
 * group of literal alternatives (optional leading groups read through); such patterns are tried
 * where one of their literal first strings occurs, or over the whole text.
 */
export function anchorPrefixes(source: string): string[] | undefined {
  const out: string[] = [];
  for (const branch of splitTopLevel(source)) {
    const opening = zeroWidthOpening(branch);
    if (!opening?.boundary) return undefined;
    const p = literalPrefixes(branch, opening.end, isAnchorChar);
    // The first character must be a word character, since the match starts at a word boundary.
    if (!p || p.some((x) => !/^[a-z0-9]/.test(x))) return undefined;
    out.push(...p);
  }
  return out.length > 0 ? [...new Set(out)] : undefined;
}

/**
 * Where the zero-width `\b`s and lookbehinds that open `branch` end, and whether a `\b` is among
 * them; undefined for a malformed lookbehind.
 */
function zeroWidthOpening(branch: string): { end: number; boundary: boolean } | undefined {
  let k = 0;
  let boundary = false;
  for (;;) {
    if (branch.startsWith('\\b', k)) {
      boundary = true;
      k += 2;
    } else if (branch.startsWith('(?<!', k) || branch.startsWith('(?<=', k)) {
      const close = closingParen(branch, k);
      if (close < 0) return undefined;
      k = close + 1;
    } else return { end: k, boundary };
  }
}

/** Index of the `)` closing the group opened at `open` (escapes and classes skipped), or -1. */
function closingParen(s: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Splits at `|` outside groups and classes. */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(s.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(s.slice(from));
  return parts;
}

/** Characters of anchor prefixes: what the ASCII prefix trie walks at word starts. */
const isAnchorChar = (c: string): boolean => /[a-z0-9 '-]/.test(c);
const OPTIONAL_QUANTIFIER = new Set(['?', '*', '{']);
const REGEX_SYNTAX = new Set([...'\\^$.|?*+()[]{}']);

/**
 * Literal strings with which every match of the sequence at `k` begins, or undefined: a run of
 * characters that `accept` takes (escaped syntax characters read as themselves), or a group of
 * alternatives each read so. A leading group made optional by `?` adds its strings to those of
 * what follows it (`(?:all )?(?:previous|prior)` -> "all ", "previous", "prior").
 */
function literalPrefixes(s: string, k: number, accept: (c: string) => boolean): string[] | undefined {
  if (s.startsWith('(?:', k)) {
    const close = closingParen(s, k);
    if (close < 0) return undefined;
    const quantifier = s[close + 1] ?? '';
    const optional = quantifier === '?' && s[close + 2] !== '?';
    if (OPTIONAL_QUANTIFIER.has(quantifier) && !optional) return undefined;
    const out: string[] = [];
    for (const alt of splitTopLevel(s.slice(k + 3, close))) {
      const p = literalPrefixes(alt, 0, accept);
      if (!p) return undefined;
      out.push(...p);
    }
    if (!optional) return out;
    const rest = literalPrefixes(s, close + 2, accept);
    return rest ? [...out, ...rest] : undefined;
  }
  let lit = '';
  for (let i = k; i < s.length; ) {
    let c = s[i] as string;
    let next = i + 1;
    if (c === '\\') {
      c = s[i + 1] ?? '';
      if (!REGEX_SYNTAX.has(c) && c !== '/') break;
      next = i + 2;
    } else if (REGEX_SYNTAX.has(c)) break;
    // A character made optional does not start every match.
    if (!accept(c) || OPTIONAL_QUANTIFIER.has(s[next] ?? '')) break;
    lit += c;
    i = next;
  }
  return lit.length > 0 ? [lit] : undefined;
}

/** `\\w` code units (what `\\b` looks at), as a table: one lookup per unit. */
const WORD_UNIT = new Uint8Array(65536);
for (let c = 0; c < 128; c++) if (/\w/.test(String.fromCharCode(c))) WORD_UNIT[c] = 1;

/**
 * A family of signatures compiled for one linear pass: a trie of anchor prefixes finds, at each
 * word start, which signatures can match there, and only those are tried (sticky, so each attempt
 * is bounded by the pattern's own gaps). Patterns without anchors are scanned globally.
 */
interface CompiledFamily {
  anchored: Array<{ sig: Signature; sticky: RegExp }>;
  global: GlobalSignature[];
  /** Trie: child[node * 128 + char] = next node (0 = none); ends[node] = anchored signature indices. */
  child: Int32Array;
  ends: Array<number[] | undefined>;
  /** firstPairs[c0 * 128 + c1] is 1 when some prefix can start with c0 c1 (a code unit from 128 counted as its low 7 bits). */
  firstPairs: Uint8Array;
  /** How far around a match start the anchored signatures can read (see readReach). */
  reach: Reach;
}

/** Units a regex can read around a match start `i`: from `i - left` up to, not including, `i + right`. */
interface Reach {
  left: number;
  right: number;
}

const UNBOUNDED: Reach = { left: Number.POSITIVE_INFINITY, right: Number.POSITIVE_INFINITY };

/**
 * How far around its start a match attempt of `re` can read: one unit before it (\b), plus what
 * lookbehinds read back; from it on, the longest match with lookaheads counted as if they consumed,
 * plus the unit after it (\b, $). UNBOUNDED for an unbounded quantifier, a backreference, the u or
 * v flag (a class may take two units) or syntax not read here.
 */
export function readReach(re: RegExp): Reach {
  const src = re.source;
  if (/[uv]/.test(re.flags)) return UNBOUNDED;
  let k = 0;
  let behind = 0;
  let bad = false;
  const alternation = (): number => {
    let best = 0;
    for (;;) {
      best = Math.max(best, sequence());
      if (src[k] !== '|') return best;
      k++;
    }
  };
  const sequence = (): number => {
    let total = 0;
    while (k < src.length && src[k] !== '|' && src[k] !== ')') {
      let len = atom();
      const q = src[k];
      const bounds = q === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(src.slice(k)) : null;
      if (q === '*' || q === '+') {
        k++;
        len = len === 0 ? 0 : Number.POSITIVE_INFINITY;
      } else if (q === '?') k++;
      else if (bounds) {
        k += bounds[0].length;
        const max =
          bounds[2] === undefined
            ? Number(bounds[1])
            : bounds[3]
              ? Number(bounds[3])
              : Number.POSITIVE_INFINITY;
        len = len === 0 ? 0 : len * max;
      }
      if ((q === '*' || q === '+' || q === '?' || bounds) && src[k] === '?') k++; // lazy
      total += len;
    }
    return total;
  };
  const atom = (): number => {
    const c = src[k];
    if (c === '\\') {
      const e = src[k + 1] ?? '';
      k += 2;
      if (e === 'b' || e === 'B') return 0;
      if (e === 'x') k += 2;
      else if (e === 'u') k += 4;
      else if (e === 'c') k += 1;
      else if (/[1-9k]/.test(e)) bad = true;
      return 1;
    }
    if (c === '[') {
      for (k++; k < src.length && src[k] !== ']'; k++) if (src[k] === '\\') k++;
      k++;
      return 1;
    }
    if (c === '(') {
      let look = '';
      if (src.startsWith('(?:', k)) k += 3;
      else if (src.startsWith('(?=', k) || src.startsWith('(?!', k)) k += 3;
      else if (src.startsWith('(?<=', k) || src.startsWith('(?<!', k)) {
        k += 4;
        look = 'behind';
      } else if (src[k + 1] === '?') {
        bad = true;
        k++;
      } else k++;
      const len = alternation();
      if (src[k] !== ')') bad = true;
      k++;
      if (look !== 'behind') return len;
      behind += len;
      return 0;
    }
    k++;
    return c === '^' || c === '$' ? 0 : 1;
  };
  const longest = alternation();
  if (bad || k < src.length || !Number.isFinite(longest) || !Number.isFinite(behind)) return UNBOUNDED;
  return { left: 1 + behind, right: longest + 1 };
}

const unitBuffer = new CodeUnitBuffer();
let scanDepth = 0;

/**
 * A signature without anchor words, with what every match must start with when the pattern says so:
 * a line start (`(?:^|\n)...`, tried only at 0 and at each newline) or one of a few literal
 * strings (`<|...`, `\[...`, `\baccess granted|(?<![а-я])грантед`: tried only where the text
 * has one of them).
 */
interface GlobalSignature {
  sig: Signature;
  lineStart?: RegExp;
  firstStrings?: { strings: string[]; sticky: RegExp };
}

const LINE_START = '(?:^|\\n)';

function compileGlobal(sig: Signature): GlobalSignature {
  const { source, flags } = sig.re;
  if (source.startsWith(LINE_START) && splitTopLevel(source).length === 1 && !flags.includes('m'))
    return { sig, lineStart: stickyOf(sig.re) };
  if (flags.includes('i')) return { sig };
  const strings: string[] = [];
  for (const branch of splitTopLevel(source)) {
    const opening = zeroWidthOpening(branch);
    // Any character but regex syntax: indexOf finds strings in any script.
    const p = opening && literalPrefixes(branch, opening.end, () => true);
    // Short word starts are everywhere: a scan of the text is cheaper than trying each of them.
    if (!p || p.some((x) => /^[\p{L}\p{N}]/u.test(x) && x.length < 3)) return { sig };
    for (const x of p) if (!strings.includes(x)) strings.push(x);
  }
  return { sig, firstStrings: { strings, sticky: stickyOf(sig.re) } };
}

const compiledFamilies = new WeakMap<readonly Signature[], CompiledFamily>();

function compileFamily(signatures: readonly Signature[]): CompiledFamily {
  const cached = compiledFamilies.get(signatures);
  if (cached) return cached;
  const anchored: CompiledFamily['anchored'] = [];
  const global: GlobalSignature[] = [];
  const prefixes: Array<[string, number]> = [];
  const reach: Reach = { left: 0, right: 0 };
  for (const sig of signatures) {
    const p = sig.re.flags.includes('i') ? undefined : anchorPrefixes(sig.re.source);
    if (!p) {
      global.push(compileGlobal(sig));
      continue;
    }
    const r = readReach(sig.re);
    reach.left = Math.max(reach.left, r.left);
    reach.right = Math.max(reach.right, r.right);
    const idx = anchored.length;
    anchored.push({ sig, sticky: stickyOf(sig.re) });
    for (const pre of p) prefixes.push([pre, idx]);
  }
  let nodes = 1;
  let child = new Int32Array(128 * 64);
  const ends: Array<number[] | undefined> = [undefined];
  for (const [pre, idx] of prefixes) {
    let node = 0;
    for (let i = 0; i < pre.length; i++) {
      const c = pre.charCodeAt(i) & 127;
      let next = child[node * 128 + c] as number;
      if (next === 0) {
        next = nodes++;
        if (nodes * 128 > child.length) {
          const grown = new Int32Array(child.length * 2);
          grown.set(child);
          child = grown;
        }
        child[node * 128 + c] = next;
        ends.push(undefined);
      }
      node = next;
    }
    const list = ends[node] ?? [];
    ends[node] = list;
    if (!list.includes(idx)) list.push(idx);
  }
  const firstPairs = new Uint8Array(128 * 128);
  for (const [pre] of prefixes) {
    const c0 = pre.charCodeAt(0) & 127;
    if (pre.length === 1) firstPairs.fill(1, c0 << 7, (c0 + 1) << 7);
    else firstPairs[(c0 << 7) | (pre.charCodeAt(1) & 127)] = 1;
  }
  const family: CompiledFamily = {
    anchored,
    global,
    child: child.subarray(0, nodes * 128),
    ends,
    firstPairs,
    reach,
  };
  compiledFamilies.set(signatures, family);
  return family;
}

/**
 * Increasing [from, to) ranges of the match starts from which the family's anchored signatures can
 * read one of `near` (increasing positions), or the whole text when their reach is unbounded.
 */
function startRanges(near: readonly number[], reach: Reach, n: number): number[] {
  if (!Number.isFinite(reach.left + reach.right)) return [0, n];
  const out: number[] = [];
  for (const c of near) {
    // Starts i with i - left <= c < i + right.
    const from = Math.max(0, c - reach.right + 1);
    const to = Math.min(n, c + reach.left + 1);
    if (from >= to) continue;
    if (out.length > 0 && from <= (out[out.length - 1] as number)) out[out.length - 1] = to;
    else out.push(from, to);
  }
  return out;
}

/**
 * Runs every signature of a family over folded text, calling `onHit` for up to `maxPerSignature`
 * matches of each (in text order per signature). Matches are exactly those of a global scan. With
 * `near` (increasing positions), anchored signatures are tried only at the starts from which they
 * can read one of them, for a caller to which a match reading none of them makes no difference.
 */
export function scanFamily(
  folded: string,
  signatures: readonly Signature[],
  onHit: (sig: Signature, s: number, e: number) => void,
  maxPerSignature = MAX_HITS_PER_SIGNATURE,
  near?: readonly number[],
): void {
  const fam = compileFamily(signatures);
  const n = folded.length;
  if (fam.anchored.length > 0) {
    const { child, ends, anchored } = fam;
    const count = new Int32Array(anchored.length);
    const nextAllowed = new Int32Array(anchored.length);
    // A scan started from onHit gets its own copy of the units.
    const u = scanDepth === 0 ? unitBuffer.load(folded) : new CodeUnitBuffer().load(folded);
    scanDepth++;
    try {
      const { firstPairs } = fam;
      const ranges = near ? startRanges(near, fam.reach, n) : [0, n];
      let p = 0;
      for (let r = 0; r < ranges.length; r += 2) {
        p = Math.max(p, ranges[r] as number);
        const to = ranges[r + 1] as number;
        // Inside a word: its start lies before the range.
        if (p > 0 && WORD_UNIT[u[p - 1] as number] === 1) while (WORD_UNIT[u[p] as number] === 1) p++;
        while (p < to) {
          // From word start to word start: two tight loops with one branch per unit; u[n] is 0.
          while (p < to && WORD_UNIT[u[p] as number] === 0) p++;
          if (p >= to) break;
          const i = p++;
          while (WORD_UNIT[u[p] as number] === 1) p++;
          const c = u[i] as number;
          if (firstPairs[((c & 127) << 7) | ((u[i + 1] as number) & 127)] === 0) continue;
          let node = 0;
          for (let j = i; j < n; j++) {
            const cj = u[j] as number;
            if (cj >= 128) break;
            node = child[node * 128 + cj] as number;
            if (node === 0) break;
            const list = ends[node];
            if (list === undefined) continue;
            for (const idx of list) {
              if (i < (nextAllowed[idx] as number) || (count[idx] as number) >= maxPerSignature) continue;
              const a = anchored[idx] as CompiledFamily['anchored'][number];
              const sticky = a.sticky;
              sticky.lastIndex = i;
              // A match here blocks further attempts of this signature inside it (as a global scan would).
              nextAllowed[idx] = i + 1;
              if (!sticky.test(folded)) continue;
              const end = sticky.lastIndex;
              if (end <= i) continue;
              nextAllowed[idx] = end;
              count[idx] = (count[idx] as number) + 1;
              onHit(a.sig, i, end);
            }
          }
        }
      }
    } finally {
      scanDepth--;
    }
  }
  for (const g of fam.global) scanGlobal(folded, g, onHit, maxPerSignature);
}

/** The matches of a global scan of one unanchored signature, trying only where a match can start. */
function scanGlobal(
  folded: string,
  g: GlobalSignature,
  onHit: (sig: Signature, s: number, e: number) => void,
  maxPerSignature: number,
): void {
  const { sig, lineStart, firstStrings } = g;
  if (lineStart) {
    let count = 0;
    let from = 0;
    for (let p = 0; p >= 0 && count < maxPerSignature; p = folded.indexOf('\n', p + 1)) {
      if (p < from) continue;
      lineStart.lastIndex = p;
      if (!lineStart.test(folded) || lineStart.lastIndex === p) continue;
      from = lineStart.lastIndex;
      onHit(sig, p, from);
      count++;
    }
    return;
  }
  if (firstStrings) {
    // Every match starts at one of the strings: try there, in text order, as a global scan
    // would (from the end of the previous match on). next[k] is the next occurrence of strings[k].
    const { strings, sticky } = firstStrings;
    const next = strings.map((c) => folded.indexOf(c));
    let count = 0;
    let from = 0;
    for (;;) {
      let p = -1;
      for (let k = 0; k < strings.length; k++) {
        let q = next[k] as number;
        if (q >= 0 && q < from) {
          q = folded.indexOf(strings[k] as string, from);
          next[k] = q;
        }
        if (q >= 0 && (p < 0 || q < p)) p = q;
      }
      if (p < 0) return;
      sticky.lastIndex = p;
      if (!sticky.test(folded) || sticky.lastIndex === p) {
        from = p + 1;
        continue;
      }
      from = sticky.lastIndex;
      onHit(sig, p, from);
      if (++count >= maxPerSignature) return;
    }
  }
  const re = sig.re;
  re.lastIndex = 0;
  let count = 0;
  for (let m = re.exec(folded); m !== null; m = re.exec(folded)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    onHit(sig, m.index, m.index + m[0].length);
    if (++count >= maxPerSignature) break;
  }
}

export function scanSignatures(
  text: string,
  signatures: readonly Signature[],
  options: { decoded?: boolean } = {},
): SignatureHit[] {
  const hits: SignatureHit[] = [];
  const n = normalizeText(text);
  scanFamily(n.text, signatures, (sig, s, e) => {
    const o = n.toOriginal(s, e);
    hits.push({
      id: sig.id,
      start: o.start,
      end: o.end,
      weight: sig.weight ?? 1,
      matched: n.text.slice(s, e),
    });
  });
  if (options.decoded !== false) {
    for (const p of decodedPayloads(text)) {
      const folded = normalizeText(p.decoded, { memo: false }).text;
      scanFamily(folded, signatures, (sig, s, e) => {
        hits.push({
          id: sig.id,
          start: p.start,
          end: p.end,
          weight: sig.weight ?? 1,
          matched: folded.slice(s, e),
          encoding: p.encoding,
        });
      });
    }
  }
  hits.sort((a, b) => a.start - b.start || a.end - b.end);
  return hits;
}

/** Sum of weights counting each signature id once (repeating one phrase does not add up). */
export function signatureScore(hits: readonly SignatureHit[]): number {
  const seen = new Map<string, number>();
  for (const h of hits) seen.set(h.id, Math.max(seen.get(h.id) ?? 0, h.weight));
  let total = 0;
  for (const w of seen.values()) total += w;
  return total;
}
