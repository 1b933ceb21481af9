/**
 * Literal-prefix gates for sets of global regexes. Phrase patterns are alternations of literal
 * words, so every match starts with one of a small set of short literal prefixes ("how to ste",
 * "kill ", "bomb"). The gate derives those prefixes from the regex source, walks a prefix trie at each
 * position of the text, and runs a pattern (sticky, one attempt) only where one of its prefixes
 * occurs. The result is exactly what `text.matchAll(pattern)` returns: a global search tries every
 * position in order and a position outside the gate cannot start a match, so skipping it changes
 * nothing. A pattern the parser does not understand, or one that can start with any character,
 * is simply run over the whole text as before.
 */
import { CodeUnitBuffer } from '../code-units/code-units.ts';
import { stickyOf } from '../regex/sticky.ts';

/**
 * Maximum prefix length taken from a pattern (shorter when a pattern has too many prefixes). The
 * request-topic families all open with a request frame ("how do i ", "how to "): at 5 characters
 * their prefixes were the frame's, and each of some 40 frames per KB of prompts ran a dozen
 * families' regexes to fail on the topic; at 10 most reach the topic's first word. HarmfulRequest
 * ran 13-17 -> 21-23 MB/s at 1 KB on the host of benchmarks.md's third table.
 */
const K = 10;
let depth = K;
const ASCII = 128;
/** Stands for every non-ASCII character (and DEL) in prefixes and in the trie. */
const OTHER = 127;
/** ASCII whitespace is one symbol (32) in prefixes and in the trie. */
const SPACE = [32, OTHER];
const DIGIT = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57];

/** A set of prefixes: strings of length <= K; `open` marks prefixes that may continue. */
type Prefixes = Map<string, boolean>;

class Unsupported extends Error {}

interface Node {
  kind: 'seq' | 'alt' | 'lit' | 'any' | 'empty' | 'wb' | 'rep';
  items?: Node[];
  chars?: number[];
  min?: number;
  max?: number;
}

const WORD = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Parses the regex subset used by the content patterns; anything else throws Unsupported. */
function parse(source: string, ignoreCase: boolean): Node {
  let i = 0;
  const lit = (c: number): Node => {
    if (c >= OTHER) return { kind: 'lit', chars: [OTHER] };
    if (c >= 9 && c <= 13) return { kind: 'lit', chars: [32] };
    // The gate folds the text's ASCII case when any of its patterns ignores case.
    if (ignoreCase && c >= 65 && c <= 90) return { kind: 'lit', chars: [c | 32] };
    return { kind: 'lit', chars: [c] };
  };
  const classNode = (chars: number[] | undefined): Node => {
    if (!chars || chars.length > 16) return { kind: 'any' };
    const set = new Set<number>();
    for (const c of chars) for (const d of (lit(c) as { chars: number[] }).chars) set.add(d);
    return { kind: 'lit', chars: [...set] };
  };
  const escaped = (): Node => {
    const e = source[i++];
    if (e === undefined) throw new Unsupported('trailing backslash');
    if (e === 'b') return { kind: 'wb' };
    if (e === 'B') return { kind: 'empty' };
    if (e === 's') return classNode(SPACE);
    if (e === 'd') return classNode(DIGIT);
    if ('SDwW'.includes(e)) return { kind: 'any' };
    if (e === 'n') return lit(10);
    if (e === 't') return lit(9);
    if (e === 'r') return lit(13);
    if (/[0-9a-zA-Z]/.test(e)) throw new Unsupported(`escape \\${e}`);
    return lit(e.charCodeAt(0));
  };
  const charClass = (): Node => {
    // At '[' already consumed.
    let negated = false;
    if (source[i] === '^') {
      negated = true;
      i++;
    }
    const chars: number[] = [];
    let wide = false;
    let first = true;
    while (i < source.length && (source[i] !== ']' || first)) {
      first = false;
      let c: number;
      if (source[i] === '\\') {
        i++;
        const e = source[i++]!;
        if (e === 's' || e === 'd') {
          chars.push(...(e === 's' ? SPACE : DIGIT));
          continue;
        }
        if ('SDwWbB'.includes(e)) {
          wide = true;
          continue;
        }
        if (/[0-9a-zA-Z]/.test(e) && !'ntr'.includes(e)) throw new Unsupported(`class escape \\${e}`);
        c = e === 'n' ? 10 : e === 't' ? 9 : e === 'r' ? 13 : e.charCodeAt(0);
      } else {
        c = source.charCodeAt(i++);
      }
      if (source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
        i++;
        let d: number;
        if (source[i] === '\\') {
          i++;
          d = source.charCodeAt(i++);
        } else d = source.charCodeAt(i++);
        if (d < c) throw new Unsupported('bad range');
        if (d - c > 64) wide = true;
        else for (let x = c; x <= d; x++) chars.push(x);
      } else chars.push(c);
    }
    if (source[i] !== ']') throw new Unsupported('unterminated class');
    i++;
    return negated || wide ? { kind: 'any' } : classNode(chars);
  };
  const atom = (): Node => {
    const c = source[i]!;
    if (c === '(') {
      i++;
      if (source[i] === '?') {
        const kind = source[i + 1];
        const behind = kind === '<' && (source[i + 2] === '=' || source[i + 2] === '!');
        if (kind === ':') i += 2;
        else if (kind === '=' || kind === '!' || behind) {
          // Lookahead or lookbehind: zero-width, contributes nothing to the prefix (a match still
          // starts with one of the prefixes of what follows it).
          i += behind ? 3 : 2;
          alternation();
          if (source[i] !== ')') throw new Unsupported('unterminated lookahead');
          i++;
          return { kind: 'empty' };
        } else throw new Unsupported(`group (?${kind}`);
      }
      const inner = alternation();
      if (source[i] !== ')') throw new Unsupported('unterminated group');
      i++;
      return inner;
    }
    i++;
    if (c === '\\') return escaped();
    if (c === '[') return charClass();
    if (c === '.') return { kind: 'any' };
    if (c === '^' || c === '$') return { kind: 'empty' };
    if ('*+?{'.includes(c)) throw new Unsupported('dangling quantifier');
    return lit(c.charCodeAt(0));
  };
  const quantified = (): Node => {
    let node = atom();
    for (;;) {
      const q = source[i];
      let min: number;
      let max: number;
      if (q === '?') [min, max] = [0, 1];
      else if (q === '*') [min, max] = [0, Number.POSITIVE_INFINITY];
      else if (q === '+') [min, max] = [1, Number.POSITIVE_INFINITY];
      else if (q === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
        if (!m) throw new Unsupported('brace');
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
        i += m[0].length - 1;
      } else return node;
      i++;
      if (source[i] === '?') i++; // lazy: same language
      node = { kind: 'rep', items: [node], min, max };
    }
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') items.push(quantified());
    return { kind: 'seq', items };
  };
  function alternation(): Node {
    const items = [sequence()];
    while (source[i] === '|') {
      i++;
      items.push(sequence());
    }
    return items.length === 1 ? items[0]! : { kind: 'alt', items };
  }
  const node = alternation();
  if (i !== source.length) throw new Unsupported('unbalanced parenthesis');
  return node;
}

/** Most prefixes kept per pattern (else a shorter prefix length is tried). */
const LIMIT = 2000;

function add(out: Prefixes, s: string, open: boolean): void {
  if (s.length >= depth) {
    out.set(s.slice(0, depth), false);
    return;
  }
  if (!out.has(s) || (open && !out.get(s))) out.set(s, open);
  if (out.size > LIMIT) throw new Unsupported('too many prefixes');
}

/** Prefixes of everything `node` can match, each followed by what comes after (`rest`). */
function prefixes(node: Node, rest: Prefixes): Prefixes {
  const out = prefixesOf(node, rest);
  if (out.size > LIMIT) throw new Unsupported('too many prefixes');
  return out;
}

function prefixesOf(node: Node, rest: Prefixes): Prefixes {
  const out: Prefixes = new Map();
  switch (node.kind) {
    case 'empty':
    case 'wb':
      return rest;
    case 'any':
      // Unknown character: the prefix stops here (closed, nothing more is known).
      out.set('', false);
      return out;
    case 'lit':
      for (const c of node.chars!) {
        const ch = String.fromCharCode(c);
        for (const [s, open] of rest) add(out, ch + s, open);
      }
      return out;
    case 'alt':
      for (const item of node.items!) for (const [s, open] of prefixes(item, rest)) add(out, s, open);
      return out;
    case 'seq': {
      let acc = rest;
      for (let k = node.items!.length - 1; k >= 0; k--) acc = prefixes(node.items![k]!, acc);
      return acc;
    }
    case 'rep': {
      const item = node.items![0]!;
      const min = Math.min(node.min!, depth + 1);
      const max = Math.min(node.max!, depth + 1);
      // Optional copies from the back: opt_j = rest | item . opt_{j-1}
      let acc = rest;
      for (let j = 0; j < max - min; j++) {
        const next: Prefixes = new Map(rest);
        for (const [s, open] of prefixes(item, acc)) add(next, s, open);
        acc = next;
      }
      for (let j = 0; j < min; j++) acc = prefixes(item, acc);
      return acc;
    }
  }
}

/** Whether every match of `node` begins with a \b assertion. */
function startsAtBoundary(node: Node): boolean {
  if (node.kind === 'wb') return true;
  if (node.kind === 'alt') return node.items!.every(startsAtBoundary);
  if (node.kind === 'seq') {
    for (const item of node.items!) {
      if (startsAtBoundary(item)) return true;
      if (item.kind !== 'empty') return false;
    }
  }
  return false;
}

/** The prefixes of `node` cut at `length` characters, or undefined when there are more than LIMIT. */
function prefixesOfLength(node: Node, length: number): Prefixes | undefined {
  depth = length;
  try {
    return prefixes(node, new Map([['', false]]));
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return undefined;
  }
}

/**
 * Literal prefixes of `pattern` (every match starts with one of them), or undefined when any
 * position may start a match; `boundary` tells that every match starts at a \b.
 */
export function patternPrefixes(
  pattern: RegExp,
  foldCase = pattern.flags.includes('i'),
): { list: string[]; boundary: boolean } | undefined {
  if (/[uvsmy]/.test(pattern.flags)) return undefined;
  let node: Node;
  try {
    node = parse(pattern.source, foldCase);
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
  // The deepest prefix length whose prefixes stay within LIMIT: K for most patterns, else found by
  // a binary search (their number only grows with the length; each failed try stops at LIMIT).
  let found = prefixesOfLength(node, K);
  let low = 1;
  let high = found ? 0 : K - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const p = prefixesOfLength(node, mid);
    if (p) {
      found = p;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (!found || found.has('')) return undefined;
  return { list: [...found.keys()], boundary: startsAtBoundary(node) };
}

const IS_WORD = 1;
const STARTS = 2;

/** One-byte and two-byte subjects, each twice: what makes V8 compile a regex to machine code for both. */
const COMPILE_SUBJECTS = ['a', 'a', '\u0101', '\u0101'];

/** The text's UTF-16 code units (reading a typed array is cheaper than String#charCodeAt). */
const textUnits = new CodeUnitBuffer();

export interface GateMatch {
  index: number;
  text: string;
}

/**
 * Runs several global patterns over one text, each as `text.matchAll(pattern)` would (same
 * matches, same order), stopping a pattern after `limit` matches.
 */
export class PatternGate {
  private readonly sticky: RegExp[];
  private readonly always: number;
  /**
   * Trie over symbol classes: child[node * width + cls[c]] = next node + 1 (0: none). Only symbols
   * that occur in some prefix get a class (the rest share class 0, which no prefix holds), so the
   * rows stay short and the table small enough to stay in cache.
   */
  private readonly child: Int32Array;
  /** Class of each ASCII code (OTHER for the rest), after case and whitespace folding. */
  private readonly cls: Uint8Array;
  private readonly width: number;
  /** Patterns whose prefix ends at the node. */
  private readonly term: Int32Array;
  /** Patterns that can only start at a word start (\b then a word character). */
  private readonly wordStart: number;
  /** Per ASCII code (OTHER for the rest): IS_WORD, and STARTS when a prefix begins with it. */
  private readonly kind: Uint8Array;
  /**
   * startPair[c * 128 + d] = 1 when some prefix starts with ASCII codes c, d or is the single code c
   * (OTHER for the rest): one lookup per position of a full scan.
   */
  private readonly startPair: Uint8Array;
  /**
   * The first two steps of the walk by ASCII codes (OTHER for the rest), one lookup each instead of
   * a chain of class, pair and child lookups: startMask[c * 128 + d] holds the patterns whose prefix
   * is c or c d, startNode[c * 128 + d] the node after c d + 1 (0: none).
   */
  private readonly startMask: Int32Array;
  private readonly startNode: Int32Array;
  readonly patterns: readonly RegExp[];

  constructor(patterns: readonly RegExp[]) {
    if (patterns.length > 31) throw new Error('at most 31 patterns per gate');
    this.patterns = patterns;
    this.sticky = patterns.map(stickyOf);
    const children: number[][] = [[]];
    const term: number[] = [0];
    let always = 0;
    let wordStart = 0;
    const firstChar = new Uint8Array(ASCII);
    const foldCase = patterns.some((p) => p.flags.includes('i'));
    const symbol = new Uint8Array(ASCII);
    for (let c = 0; c < ASCII; c++) {
      symbol[c] = c >= 9 && c <= 13 ? 32 : foldCase && c >= 65 && c <= 90 ? c | 32 : c;
    }
    symbol[OTHER] = OTHER;
    const lists: string[][] = [];
    const symbolClass = new Uint8Array(ASCII);
    let width = 1;
    patterns.forEach((p, bit) => {
      const prefixes = patternPrefixes(p, foldCase);
      if (!prefixes) {
        always |= 1 << bit;
        return;
      }
      const list = prefixes.list;
      lists[bit] = list;
      if (prefixes.boundary && list.every((s) => WORD(s.charCodeAt(0)))) wordStart |= 1 << bit;
      for (const s of list) {
        for (let k = 0; k < s.length; k++) {
          const c = s.charCodeAt(k);
          if (symbolClass[c] === 0) symbolClass[c] = width++;
        }
      }
    });
    const pair = new Uint8Array(width * width);
    lists.forEach((list, bit) => {
      for (const s of list) {
        const a = symbolClass[s.charCodeAt(0)]!;
        if (s.length >= 2) pair[a * width + symbolClass[s.charCodeAt(1)]!] = 1;
        else pair.fill(1, a * width, (a + 1) * width);
        let node = 0;
        for (let k = 0; k < s.length; k++) {
          const c = symbolClass[s.charCodeAt(k)]!;
          if (k === 0) firstChar[s.charCodeAt(0)] = 1;
          let next = children[node]![c];
          if (next === undefined) {
            next = children.length;
            children.push([]);
            term.push(0);
            children[node]![c] = next;
          }
          node = next;
        }
        term[node]! |= 1 << bit;
      }
    });
    this.always = always;
    this.wordStart = wordStart;
    this.width = width;
    this.cls = new Uint8Array(ASCII);
    this.kind = new Uint8Array(ASCII);
    for (let c = 0; c < ASCII; c++) {
      this.cls[c] = symbolClass[symbol[c]!]!;
      this.kind[c] = (c < OTHER && WORD(c) ? IS_WORD : 0) | (firstChar[symbol[c]!] ? STARTS : 0);
    }
    this.startPair = new Uint8Array(ASCII * ASCII);
    for (let c = 0; c < ASCII; c++) {
      for (let d = 0; d < ASCII; d++)
        this.startPair[c * ASCII + d] = pair[this.cls[c]! * width + this.cls[d]!]!;
    }
    this.child = new Int32Array(children.length * width);
    children.forEach((row, node) => {
      row.forEach((next, c) => {
        if (next !== undefined) this.child[node * width + c] = next + 1;
      });
    });
    this.term = Int32Array.from(term);
    this.startMask = new Int32Array(ASCII * ASCII);
    this.startNode = new Int32Array(ASCII * ASCII);
    for (let c = 0; c < ASCII; c++) {
      const first = this.child[this.cls[c]!]! - 1;
      if (first < 0) continue;
      for (let d = 0; d < ASCII; d++) {
        const second = this.child[first * width + this.cls[d]!]! - 1;
        this.startMask[c * ASCII + d] = this.term[first]! | (second >= 0 ? this.term[second]! : 0);
        this.startNode[c * ASCII + d] = second + 1;
      }
    }
    this.nextFrom = new Float64Array(patterns.length);
    this.hits = new Int32Array(patterns.length);
    this.limits = new Int32Array(patterns.length);
  }

  /** Whether the gated patterns have been compiled (see compilePatterns). */
  private compiled = false;

  /**
   * V8 compiles a regex on its first exec, to bytecode, then to machine code on its second, and
   * both again for two-byte subjects. For these long alternations that cost up to 0.1 s inside a
   * request, on the first text whose words reach a given pattern, long after the warm-up. So the
   * first run of a gate compiles all of its gated patterns, every way, at once (about 0.25 s for
   * the built-in gates, at the API's warm-up).
   */
  private compilePatterns(): void {
    for (let k = 0; k < this.sticky.length; k++) {
      if ((this.always >> k) & 1) continue;
      const re = this.sticky[k]!;
      for (const subject of COMPILE_SUBJECTS) {
        re.lastIndex = 0;
        re.exec(subject);
      }
    }
    this.compiled = true;
  }

  /** True when every pattern is gated (none falls back to a full scan). */
  get gated(): boolean {
    return this.always === 0;
  }

  /** True when every pattern can only start where a word starts (\b then a word character). */
  get wordStartsOnly(): boolean {
    return this.always === 0 && this.wordStart === (1 << this.patterns.length) - 1;
  }

  private readonly nextFrom: Float64Array;
  private readonly hits: Int32Array;
  private readonly limits: Int32Array;

  /**
   * Calls `onMatch(patternIndex, index, matched)` for every match, pattern by pattern in the order
   * a separate matchAll per pattern would give (all matches of pattern 0, then pattern 1 ...).
   * `limit` is one bound for every pattern or one per pattern.
   * With `accept`, matches it refuses are skipped and do not count towards `limit`. With
   * `wordStarts` (every position of `text` where a word character follows a non-word character,
   * ascending), only those positions are tried: enough when `wordStartsOnly`, else ignored.
   */
  run(
    text: string,
    limit: number | ArrayLike<number>,
    onMatch: (pattern: number, index: number, matched: string) => void,
    accept?: (pattern: number, index: number, matched: string) => boolean,
    wordStarts?: { positions: Int32Array; count: number },
  ): void {
    if (!this.compiled) this.compilePatterns();
    const count = this.patterns.length;
    this.nextFrom.fill(0);
    this.hits.fill(0);
    const limits = this.limits;
    if (typeof limit === 'number') limits.fill(limit);
    else limits.set(limit);
    /** Matches as (pattern, index, matched) triples in the order found; made on the first match. */
    let found: Array<number | string> | undefined;
    let active = ((1 << count) - 1) & ~this.always;
    const n = text.length;
    const record = (p: number, mask: number): void => {
      while (mask !== 0) {
        const bit = 31 - Math.clz32(mask & -mask);
        mask &= mask - 1;
        if (p < this.nextFrom[bit]!) continue;
        const re = this.sticky[bit]!;
        re.lastIndex = p;
        const m = re.exec(text);
        if (!m) continue;
        const len = m[0].length;
        this.nextFrom[bit] = p + (len > 0 ? len : 1);
        if (accept && !accept(bit, p, m[0])) continue;
        found ??= [];
        found.push(bit, p, m[0]);
        if (++this.hits[bit]! >= limits[bit]!) active &= ~(1 << bit);
      }
    };
    if (wordStarts && this.wordStartsOnly) {
      const { positions } = wordStarts;
      const codes = textUnits.load(text);
      for (let k = 0; k < wordStarts.count && active !== 0; k++) {
        const p = positions[k]!;
        const mask = this.walk(codes, n, p) & active;
        if (mask !== 0) record(p, mask);
      }
    } else {
      const codes = textUnits.load(text);
      const kind = this.kind;
      const wordStart = this.wordStart;
      const found = startCandidates(codes, n, kind, this.startPair);
      const candidates = candidateBuffer;
      for (let j = 0; j < found && active !== 0; j++) {
        const p = candidates[j]!;
        const wasWord = p > 0 && (kind[Math.min(codes[p - 1]!, OTHER)]! & IS_WORD) !== 0;
        if (wasWord && (active & ~wordStart) === 0) continue;
        let mask = this.walk(codes, n, p) & active;
        if (wasWord) mask &= ~wordStart;
        if (mask !== 0) record(p, mask);
      }
    }
    for (let k = 0; k < count; k++) {
      if ((this.always >> k) & 1) {
        const re = this.patterns[k]!;
        re.lastIndex = 0;
        let c = 0;
        for (const m of text.matchAll(re)) {
          if (accept && !accept(k, m.index, m[0])) continue;
          onMatch(k, m.index, m[0]);
          if (++c >= limits[k]!) break;
        }
        continue;
      }
      if (!found) continue;
      for (let j = 0; j < found.length; j += 3) {
        if (found[j] === k) onMatch(k, found[j + 1] as number, found[j + 2] as string);
      }
    }
  }

  /** Patterns one of whose prefixes starts at `p` (trie walk over at most K characters). */
  private walk(codes: Uint16Array, n: number, p: number): number {
    const child = this.child;
    const term = this.term;
    const cls = this.cls;
    const width = this.width;
    const c = Math.min(codes[p]!, OTHER);
    if (p + 1 >= n) {
      const first = child[cls[c]!]! - 1;
      return first >= 0 ? term[first]! : 0;
    }
    const start = c * ASCII + Math.min(codes[p + 1]!, OTHER);
    let mask = this.startMask[start]!;
    let node = this.startNode[start]! - 1;
    let q = p + 2;
    while (node >= 0 && q < n && q - p < K) {
      node = child[node * width + cls[Math.min(codes[q++]!, OTHER)]!]! - 1;
      if (node >= 0) mask |= term[node]!;
    }
    return mask;
  }

  /** Whether pattern `k` matches anywhere (like `pattern.test(text)` from lastIndex 0). */
  test(text: string): boolean {
    let any = false;
    this.run(text, 1, () => {
      any = true;
    });
    return any;
  }
}

/** Positions found by `startCandidates` (grown as needed, reused across calls). */
let candidateBuffer = new Int32Array(4096);

/**
 * Positions of `codes[0, n)` where some prefix can start (a code and the next one begin a prefix,
 * or the last code is a prefix's first), into `candidateBuffer`; returns their count. A loop of its
 * own (inside `run`, next to its closures, the same scan ran several times slower) and without a
 * branch per code: every position is written and the count advances by the pair table's 0 or 1 (a
 * third of the codes start some prefix, so a test per code was mispredicted all the time). A pair
 * is only ever set for a code that starts a prefix, so the pair table alone decides.
 */
function startCandidates(codes: Uint16Array, n: number, kind: Uint8Array, startPair: Uint8Array): number {
  if (n === 0) return 0;
  if (candidateBuffer.length < n) candidateBuffer = new Int32Array(Math.max(n, candidateBuffer.length * 2));
  const out = candidateBuffer;
  let count = 0;
  let c = Math.min(codes[0]!, OTHER);
  for (let p = 0; p + 1 < n; p++) {
    const d = Math.min(codes[p + 1]!, OTHER);
    out[count] = p;
    count += startPair[c * ASCII + d]!;
    c = d;
  }
  if ((kind[c]! & STARTS) !== 0) out[count++] = n - 1;
  return count;
}

const gates = new WeakMap<object, PatternGate>();

/** The gate of a pattern list (cached per list object). */
export function gateFor(key: object, patterns: () => readonly RegExp[]): PatternGate {
  let g = gates.get(key);
  if (!g) {
    g = new PatternGate(patterns());
    gates.set(key, g);
  }
  return g;
}
