import { RE2JS } from 're2js';
import { CodeUnitBuffer } from '../code-units/code-units.ts';
import { isChecksumContext, isHashOrUuid, isPlaceholder } from './allowlist.ts';
import { charClasses, shannonEntropy } from './entropy.ts';
import {
  ASSIGNMENT_SOURCE,
  classifyName,
  looksLikeCode,
  looksLikeIdentifier,
  type NameInfo,
  nextAssignmentStart,
  XML_ELEMENT_SOURCE,
} from './generic.ts';
import { KeywordIndex } from './keyword-index.ts';
import { BUILTIN_RULES } from './rules/index.ts';
import type { ContextRule, FormatRule, SecretFinding } from './types.ts';

export interface CustomRule {
  id: string;
  pattern: string;
  keywords?: string[];
  minEntropy?: number;
}

export interface ScannerOptions {
  /** Only these built-in rule ids (all when absent). */
  enabled?: readonly string[];
  disabled?: readonly string[];
  customRules?: readonly CustomRule[];
  /** Minimum Shannon entropy (bits/char) of a value found only by a generic keyword rule. */
  entropyThreshold?: number;
}

/** The generic rules, produced by the assignment scanner rather than a pattern of their own. */
export const GENERIC_RULE_IDS = ['generic-api-key', 'generic-password'] as const;

/** Words that open an assignment window for the generic rules. */
const GENERIC_KEYWORDS = ['key', 'token', 'secret', 'pass', 'pwd', 'pw', 'auth', 'cred', 'sig', 'login'];

/** An HTTP authorization scheme in front of a credential (`"Bearer eyJ…"`, `"X-Authorization pk_…"`). */
const AUTH_SCHEME =
  /^(?:Bearer|Basic|Token|Bot|Digest|X-Authorization|Authorization:?[ \t]{0,3}Bearer)[ \t]{1,3}(?=\S)/i;
/** First letters of AUTH_SCHEME, lower case. */
const SCHEME_FIRST = new Set([...'btdxa'].map((c) => c.charCodeAt(0)));
/** The `key="…"` attribute before a `value=` attribute. */
const KEY_ATTRIBUTE = /\bkey[ \t]{0,3}=[ \t]{0,3}["']([\w.:-]{1,80})["'][ \t]{1,10}$/;

/** A command-line option and its value. Groups: 1 option name, 2-3 quoted value, 4 bare value. */
export const CLI_OPTION_SOURCE = String.raw`(?<![^\s])--?([A-Za-z][A-Za-z0-9_-]{1,60})(?:=|[ \t]{1,3})(?:"([^"\n]{1,300})"|'([^'\n]{1,300})'|([^\s"'=]{1,300}={0,3}))`;

/**
 * A lone lower-case label word at the start of a line followed by one token, quoted
 * or bare, and nothing else: how credentials are noted down without an assignment
 * (`mite '2w3933xk6uav9ff2'`, `jira Z7VoIYJ0K4rFWLBfkhOsLAWX`). Groups: 1 label, 2-3 quoted, 4 bare.
 */
export const LABELLED_SOURCE = String.raw`[ \t]{0,20}([a-z][a-z0-9]{2,30})[ \t]{1,4}(?:'([A-Za-z0-9][\w.+/=~-]{11,200})'(?=[\s,|]|$)|"([A-Za-z0-9][\w.+/=~-]{11,200})"(?=[\s,|]|$)|([A-Za-z0-9][\w.+/=~-]{11,200})(?=[ \t]{0,20}(?:$|[\r\n,|'"])))`;

/** Label words that introduce code, commands or identifiers rather than a credential. */
const LABEL_STOPWORDS = new Set([
  'return',
  'echo',
  'print',
  'printf',
  'puts',
  'say',
  'log',
  'import',
  'from',
  'require',
  'include',
  'use',
  'export',
  'const',
  'let',
  'var',
  'def',
  'case',
  'goto',
  'commit',
  'sha',
  'hash',
  'tag',
  'version',
  'id',
  'uuid',
  'ref',
  'rev',
  'revision',
  'branch',
  'image',
  'digest',
  'checksum',
  'md5',
  'sha1',
  'sha256',
  'merge',
  'revert',
  'build',
  'run',
  'pick',
  'fixup',
  'squash',
  'drop',
  'edit',
  'reword',
]);

/** A token followed by mask characters is a redacted example (`xoxp-123-####`). */
const MASK_AFTER = /^[-_.]?(?:#|\*|…|x{4}|X{4})/;

/** Bounds the overlap resolution on pathological texts (a finding list this long is already a failure). */
const MAX_CANDIDATES = 2000;

/** Assignments judged per scan: this many plus one per 32 characters of text. */
const MIN_ASSIGNMENT_BUDGET = 4000;

const PRIORITY = { format: 3, context: 2, custom: 3, generic: 1 } as const;

interface Candidate extends SecretFinding {
  priority: number;
}

interface ContextHit {
  rule: number;
  start: number;
  end: number;
}

interface Window {
  start: number;
  end: number;
  /** The end is a line end: a later hit on the same line cannot extend it. */
  closed: boolean;
}

const ASSIGNMENT = -1;

export interface SecretScanner {
  scan(text: string): SecretFinding[];
  readonly ruleIds: readonly string[];
}

/** Compiles the rule set once; `scan` is then linear in the text length. */
export function createSecretScanner(options: ScannerOptions = {}): SecretScanner {
  const enabled = options.enabled ? new Set(options.enabled) : null;
  const disabled = new Set(options.disabled ?? []);
  const on = (id: string) => (!enabled || enabled.has(id)) && !disabled.has(id);
  const entropyThreshold = options.entropyThreshold ?? 3.0;

  const formats = BUILTIN_RULES.filter((r): r is FormatRule => r.kind === 'format' && on(r.id));
  const contexts = BUILTIN_RULES.filter((r): r is ContextRule => r.kind === 'context' && on(r.id));
  const genericOn = GENERIC_RULE_IDS.filter(on);
  const formatRegexes = formats.map((r) => new RegExp(r.pattern, `gd${r.flags ?? ''}`));
  const formatBefore = formats.map((r) => r.before ?? (r.multiline ? 0 : 120));
  const formatAfter = formats.map((r) => r.after ?? 500);
  const formatMultiline = formats.map((r) => r.multiline ?? false);
  const contextValue = contexts.map((r) => new RegExp(`^(?:${r.value})$`));
  const nearMissValue = contexts.map((r) => (r.nearMiss ? new RegExp(`^(?:${r.nearMiss})$`) : null));
  const customs = (options.customRules ?? []).map((c) => ({
    rule: c,
    re: RE2JS.compile(c.pattern),
    keywords: (c.keywords ?? []).map((k) => k.toLowerCase()),
  }));

  // keyword -> consumers (format rule index, Assignment, or -2 - contextIndex, or 1e6 + custom index)
  const keywordList: string[] = [];
  const consumers: number[][] = [];
  const kwIndex = new Map<string, number>();
  const addKeyword = (kw: string, consumer: number) => {
    const k = kw.toLowerCase();
    let i = kwIndex.get(k);
    if (i === undefined) {
      i = keywordList.length;
      kwIndex.set(k, i);
      keywordList.push(k);
      consumers.push([]);
    }
    if (!consumers[i]!.includes(consumer)) consumers[i]!.push(consumer);
  };
  formats.forEach((r, i) => {
    for (const k of r.keywords) addKeyword(k, i);
  });
  const assignmentNeeded = genericOn.length > 0 || contexts.length > 0;
  if (assignmentNeeded) for (const k of GENERIC_KEYWORDS) addKeyword(k, ASSIGNMENT);
  contexts.forEach((r, i) => {
    for (const k of r.keywords) {
      addKeyword(k, -2 - i);
      addKeyword(k, ASSIGNMENT);
    }
  });
  customs.forEach((c, i) => {
    for (const k of c.keywords) addKeyword(k, 1_000_000 + i);
  });
  const index = keywordList.length ? new KeywordIndex(keywordList) : null;
  const assignment = new RegExp(ASSIGNMENT_SOURCE, 'y');
  const cliOption = new RegExp(CLI_OPTION_SOURCE, 'g');
  const labelledOn = genericOn.includes('generic-api-key');
  const labelled = new RegExp(LABELLED_SOURCE, 'y');
  const xmlElement = new RegExp(XML_ELEMENT_SOURCE, 'gd');
  const ruleIds = [
    ...formats.map((r) => r.id),
    ...contexts.map((r) => r.id),
    ...genericOn,
    ...customs.map((c) => c.rule.id),
  ];

  const lines = new LineFeeds();
  const codeUnits = new CodeUnitBuffer();
  // Windows by format rule index, and the rules with windows in the order of their first hit;
  // reused from one scan to the next.
  const formatWindows: Array<Window[] | undefined> = new Array(formats.length);
  const formatsHit: number[] = [];

  function scan(text: string): SecretFinding[] {
    const candidates: Candidate[] = [];
    for (const ri of formatsHit) formatWindows[ri] = undefined;
    formatsHit.length = 0;
    const assignmentWindows: Window[] = [];
    const contextHits: ContextHit[] = [];
    const customHit = new Set<number>();

    const units = codeUnits.load(text);
    lines.reset(text);
    if (index) {
      index.scan(units, text.length, (kw, start, end) => {
        const list = consumers[kw]!;
        for (let k = 0; k < list.length; k++) {
          const c = list[k]!;
          if (c >= 1_000_000) customHit.add(c - 1_000_000);
          else if (c <= -2) {
            // `sumObj` holds "sumo" only across a camel-case boundary: not the provider's name.
            if (!camelBreakWithin(text, start, end)) contextHits.push({ rule: -2 - c, start, end });
          } else if (c === ASSIGNMENT)
            addWindow(assignmentWindows, lines, text.length, start, end, 200, 2100, false);
          else {
            let windows = formatWindows[c];
            if (!windows) {
              windows = [];
              formatWindows[c] = windows;
              formatsHit.push(c);
            }
            addWindow(
              windows,
              lines,
              text.length,
              start,
              end,
              formatBefore[c]!,
              formatAfter[c]!,
              formatMultiline[c]!,
            );
          }
        }
      });
    }

    for (const ri of formatsHit) {
      const windows = formatWindows[ri]!;
      const rule = formats[ri]!;
      const re = formatRegexes[ri]!;
      for (const w of windows) {
        const slice = text.slice(w.start, w.end);
        re.lastIndex = 0;
        for (let m = re.exec(slice); m && candidates.length < MAX_CANDIDATES; m = re.exec(slice)) {
          if (m[0].length === 0) {
            re.lastIndex++;
            continue;
          }
          const gi = rule.group ?? (m.length > 1 && m[1] !== undefined ? 1 : 0);
          if (m[gi] === undefined) continue;
          const value = m[gi]!;
          const [s, e] = m.indices![gi]!;
          if (rule.validate && !rule.validate(value, m[0])) continue;
          const h = rule.minEntropy || value.length >= 16 ? shannonEntropy(value) : 0;
          if (rule.minEntropy && h < rule.minEntropy) continue;
          if (rule.id !== 'private-key' && isPlaceholder(value)) continue;
          if (rule.id !== 'private-key' && value.length >= 16 && h < 2.5) continue;
          if (MASK_AFTER.test(text.slice(w.start + e, w.start + e + 4))) continue;
          candidates.push({
            ruleId: rule.id,
            start: w.start + s,
            end: w.start + e,
            score: 0.95,
            priority: PRIORITY.format,
          });
        }
      }
    }

    if (assignmentNeeded && assignmentWindows.length) {
      contextHits.sort((a, b) => a.start - b.start);
      // Bounds the work on texts made of nothing but assignments (`key=key=key=…`): real text has
      // far fewer than one assignment per 32 characters.
      let budget = MIN_ASSIGNMENT_BUDGET + (text.length >> 5);
      for (const w of assignmentWindows) {
        // `const apiKey =` with the value on the next line: the window takes that line too.
        if (w.closed && endsWithOperator(text, w.end)) w.end = lines.endWithin(w.end + 1, 2100);
        const slice = text.slice(w.start, w.end);
        // The regex runs sticky at the few positions where it may match (the same matches as a
        // global search, at a fraction of the cost).
        for (let from = w.start; candidates.length < MAX_CANDIDATES; ) {
          const p = nextAssignmentStart(units, from, w.start, w.end);
          if (p < 0) break;
          assignment.lastIndex = p - w.start;
          const m = assignment.exec(slice);
          if (!m) {
            from = p + 1;
            continue;
          }
          const vi = m[4] !== undefined ? 4 : m[5] !== undefined ? 5 : m[6] !== undefined ? 6 : 7;
          const quoted = vi !== 7;
          // The value ends the match (before its closing quote), so its offsets need no `d` flag.
          const ve = m.index + m[0].length - (quoted ? 1 : 0);
          const vs = ve - m[vi]!.length;
          // Values may hold nested assignments (`"cfg": "TOKEN=..."`, `https://h/p?apikey=X`).
          from = w.start + vs;
          const op = m[3]!;
          if (op === ',' && (!quoted || !/["']/.test(m[2]!))) continue;
          if (op === '-' && !quoted) continue;
          if (--budget < 0) break;
          const c = judgeAssignment(
            text,
            w.start + m.index,
            m[1]!,
            w.start + vs,
            w.start + ve,
            quoted,
            contextHits,
          );
          if (c) candidates.push(c);
        }
        if (slice.includes(' -') || slice.startsWith('-')) {
          // Command-line options: `--api-key VALUE`, `-storagekey VALUE`, `--password=VALUE`.
          cliOption.lastIndex = 0;
          for (
            let m = cliOption.exec(slice);
            m && candidates.length < MAX_CANDIDATES && --budget >= 0;
            m = cliOption.exec(slice)
          ) {
            const vi = m[2] !== undefined ? 2 : m[3] !== undefined ? 3 : 4;
            const ve = m.index + m[0].length - (vi === 4 ? 0 : 1);
            const vs = ve - m[vi]!.length;
            const c = judgeAssignment(
              text,
              w.start + m.index,
              m[1]!,
              w.start + vs,
              w.start + ve,
              vi !== 4,
              contextHits,
            );
            if (c) candidates.push(c);
          }
        }
        if (slice.includes('<')) {
          // An element's value may sit on the line after its opening tag.
          const xEnd = lines.endWithin(lines.endWithin(w.end + 1, 300) + 1, 300);
          const xslice = text.slice(w.start, xEnd);
          xmlElement.lastIndex = 0;
          for (let m = xmlElement.exec(xslice); m; m = xmlElement.exec(xslice)) {
            const [vs, ve] = m.indices![2]!;
            const c = judgeAssignment(
              text,
              w.start + m.indices![1]![0],
              m[1]!,
              w.start + vs,
              w.start + ve,
              true,
              contextHits,
            );
            if (c) candidates.push(c);
          }
        }
      }
    }

    customs.forEach((c, i) => {
      if (c.keywords.length && !customHit.has(i)) return;
      const matcher = c.re.matcher(text);
      let from = 0;
      while (from <= text.length && matcher.find(from)) {
        const hasGroup = c.re.groupCount() >= 1 && matcher.group(1) !== null;
        const s = hasGroup ? matcher.start(1) : matcher.start();
        const e = hasGroup ? matcher.end(1) : matcher.end();
        from = Math.max(matcher.end(), matcher.start() + 1);
        if (e <= s) continue;
        const value = text.slice(s, e);
        if (c.rule.minEntropy && shannonEntropy(value) < c.rule.minEntropy) continue;
        candidates.push({ ruleId: c.rule.id, start: s, end: e, score: 0.9, priority: PRIORITY.custom });
      }
    });

    if (labelledOn) {
      // Tried at each line start only (sticky), where a lower-case word and a space open the line.
      for (let k = -1; k < lines.count && candidates.length < MAX_CANDIDATES; k++) {
        const ls = k < 0 ? 0 : lines.at(k) + 1;
        if (ls >= text.length) break;
        if (!opensWithLabel(units, ls, text.length)) continue;
        labelled.lastIndex = ls;
        const m = labelled.exec(text);
        if (!m) continue;
        const vi = m[2] !== undefined ? 2 : m[3] !== undefined ? 3 : 4;
        const value = m[vi]!;
        const ve = m.index + m[0].length - (vi === 4 ? 0 : 1);
        const vs = ve - value.length;
        if (!labelledToken(m[1]!, value, vi !== 4)) continue;
        if (isChecksumContext(text.slice(lines.startWithin(vs, 300), lines.endWithin(ve, 300)))) continue;
        candidates.push({
          ruleId: 'generic-api-key',
          start: vs,
          end: ve,
          score: 0.5,
          priority: PRIORITY.generic,
        });
      }
    }

    return resolve(candidates.length > MAX_CANDIDATES ? candidates.slice(0, MAX_CANDIDATES) : candidates);
  }

  /** classifyName, cached: names repeat across a text (bounded cache). */
  const nameCache = new Map<string, NameInfo>();
  function nameInfo(name: string): NameInfo {
    let info = nameCache.get(name);
    if (!info) {
      info = classifyName(name);
      if (nameCache.size > 2000) nameCache.clear();
      nameCache.set(name, info);
    }
    return info;
  }

  /** A random-looking token right after a lone label word (`mite '2w39…'`, `jira Z7Vo…`). */
  function labelledToken(label: string, value: string, quoted: boolean): boolean {
    if (LABEL_STOPWORDS.has(label)) return false;
    if (!/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return false;
    if (isPlaceholder(value) || looksLikeIdentifier(value)) return false;
    if (!quoted && isHashOrUuid(value)) return false;
    const need = Math.min(entropyThreshold, Math.log2(value.length) - 0.6);
    return shannonEntropy(value) >= need && charClasses(value) >= 2;
  }

  function judgeAssignment(
    text: string,
    nameStart: number,
    name: string,
    vs: number,
    ve: number,
    quoted: boolean,
    contextHits: ContextHit[],
  ): Candidate | null {
    // Trim spaces inside quotes, escapes, and closing brackets after unquoted values.
    while (vs < ve && isSpace(text.charCodeAt(vs))) vs++;
    while (ve > vs && (isSpace(text.charCodeAt(ve - 1)) || text.charCodeAt(ve - 1) === 92)) ve--;
    if (quoted && SCHEME_FIRST.has(text.charCodeAt(vs) | 32)) {
      // An Authorization header value held in a variable: judge the credential after the scheme.
      const scheme = AUTH_SCHEME.exec(text.slice(vs, Math.min(ve, vs + 40)));
      if (scheme) vs += scheme[0].length;
    }
    // `<add key="Password" value="..." />` (.NET / NuGet config): the key attribute names the value.
    if (name === 'value') {
      const keyAttr = KEY_ATTRIBUTE.exec(text.slice(Math.max(0, nameStart - 120), nameStart));
      if (keyAttr) name = keyAttr[1]!;
    }
    if (ve - vs < 6) return null;
    // Cheap rejections first: dense `a=b=c` text produces one call per `=`.
    const info = nameInfo(name);
    if (info.fixture) return null;
    const contextNear = contextHits.length > 0 && hasHitIn(contextHits, vs - 300, vs);
    if (!contextNear && (!info.secret || info.descriptive)) return null;
    let value = text.slice(vs, ve);
    // The entropy of `value`, computed once.
    let h = -1;
    const entropy = () => {
      if (h < 0) h = shannonEntropy(value);
      return h;
    };
    if (!contextNear && entropy() < 1.5) return null;
    if (isPlaceholder(value)) return null;
    if (!quoted && isClosing(text.charCodeAt(ve - 1))) {
      while (ve > vs && isClosing(text.charCodeAt(ve - 1))) ve--;
      value = text.slice(vs, ve);
      h = -1;
      if (isPlaceholder(value)) return null;
    }
    if (value.length < 6 || value.length > 2000) return null;
    if (!contextNear && entropy() < 2.0) return null;
    // Lockfile and pin lines; looked at only for a would-be finding (cheap rejections come first).
    const onChecksumLine = () =>
      isChecksumContext(text.slice(lines.startWithin(nameStart, 300), lines.endWithin(ve, 300)));
    const idName = info.words.some((w) => w === 'id' || w === 'client' || w === 'account' || w === 'user');

    // Provider context rules: a provider keyword on the line before the value, value of its shape.
    // A value with the provider's structure but the wrong length or alphabet (`nearMiss`) is a
    // malformed or truncated key, a test string: the generic rules stay silent about it too.
    let nearMiss = false;
    if (contextNear) {
      const from = Math.max(lines.startWithin(nameStart, 300), vs - 300);
      let lo = lowerBound(contextHits, from);
      for (; lo < contextHits.length && contextHits[lo]!.start < vs; lo++) {
        const ri = contextHits[lo]!.rule;
        const rule = contexts[ri]!;
        if (info.descriptive && !(rule.allowIdName && idName)) continue;
        if (!contextValue[ri]!.test(value)) {
          if (nearMissValue[ri]?.test(value)) nearMiss = true;
          continue;
        }
        if (looksLikeIdentifier(value)) continue;
        if (entropy() < (rule.minEntropy ?? 2.8)) continue;
        if (!quoted && looksLikeCode(value)) continue;
        if (onChecksumLine()) return null;
        return { ruleId: rule.id, start: vs, end: ve, score: 0.85, priority: PRIORITY.context };
      }
    }
    if (nearMiss || !info.secret || info.descriptive || genericOn.length === 0) return null;
    if (!quoted && looksLikeCode(value)) return null;
    if (/\s/.test(value) && !info.password) return null;
    if (isHashOrUuid(value) && value.includes('-') && !info.strong) return null;
    // Human-chosen passwords may be made of words (`CleartextPassword1`); other values may not.
    if (looksLikeIdentifier(value) && !(info.password && quoted && /[^A-Za-z_.-]/.test(value))) return null;
    if (/^(?:https?|file|ftp):\/\//i.test(value)) return null;
    if (/^[0-9]+$/.test(value) && value.length < 12) return null;
    const valueEntropy = entropy();
    let id: (typeof GENERIC_RULE_IDS)[number];
    if (info.password) {
      if (value.length < 6 || valueEntropy < 2.0 || (charClasses(value) < 2 && value.length < 12))
        return null;
      id = 'generic-password';
    } else {
      const need = Math.min(entropyThreshold, Math.log2(value.length) - 0.6);
      // A long number under a token name (`vbout token = '9734741337193905126710251'`) is a key.
      const longNumber = info.strong && /^[0-9]{20,}$/.test(value);
      if (value.length < 10 || valueEntropy < need || (charClasses(value) < 2 && !longNumber)) return null;
      id = 'generic-api-key';
    }
    if (!genericOn.includes(id) || onChecksumLine()) return null;
    return { ruleId: id, start: vs, end: ve, score: info.strong ? 0.75 : 0.6, priority: PRIORITY.generic };
  }

  return { scan, ruleIds };
}

/**
 * Offsets of the line feeds of one text, found once per scan (with `indexOf`, which is much faster
 * than a loop over the characters) so that each window finds its line ends by binary search
 * instead of walking the line again for every rule. The buffer is reused across scans.
 */
class LineFeeds {
  private offsets = new Int32Array(1024);
  /** Number of line feeds. */
  count = 0;
  private length = 0;

  reset(text: string): void {
    this.length = text.length;
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
      if (n === this.offsets.length) {
        const grown = new Int32Array(n * 2);
        grown.set(this.offsets);
        this.offsets = grown;
      }
      this.offsets[n++] = i;
    }
    this.count = n;
  }

  /** Offset of the `i`-th line feed. */
  at(i: number): number {
    return this.offsets[i]!;
  }

  /** Index in `offsets` of the first line feed at or after `pos`. */
  private firstFrom(pos: number): number {
    const offsets = this.offsets;
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (offsets[mid]! < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first line feed at or after `pos`, or the text length when there is none. */
  next(pos: number): number {
    const i = this.firstFrom(pos);
    return i < this.count ? this.offsets[i]! : this.length;
  }

  /** End of the line holding `pos`, or `pos + max` if the line goes on further. */
  endWithin(pos: number, max: number): number {
    return Math.min(this.next(pos), this.length, pos + max);
  }

  /** Start of the line holding `pos`, or `pos - max` if the line starts further back. */
  startWithin(pos: number, max: number): number {
    return Math.max(this.lineStart(pos), pos - max, 0);
  }

  /** Start of the line holding `pos`. */
  lineStart(pos: number): number {
    const i = this.firstFrom(pos);
    return i > 0 ? this.offsets[i - 1]! + 1 : 0;
  }
}

/**
 * Adds the window around a keyword hit at [start, end): its line, at most `before` / `after`
 * characters around the hit (any lines when `multiline`). Overlapping windows merge.
 */
function addWindow(
  list: Window[],
  lines: LineFeeds,
  textLength: number,
  start: number,
  end: number,
  before: number,
  after: number,
  multiline: boolean,
): void {
  const last = list[list.length - 1];
  const cap = Math.min(textLength, end + after);
  if (last && start <= last.end) {
    if (cap <= last.end || last.closed) return;
    if (!multiline) {
      const lf = lines.next(last.end);
      if (lf < cap) {
        last.end = lf;
        last.closed = true;
        return;
      }
    }
    last.end = cap;
    return;
  }
  const floor = Math.max(last ? last.end : 0, start - before);
  if (multiline) {
    list.push({ start: floor, end: cap, closed: false });
    return;
  }
  const lf = lines.next(end);
  list.push({ start: Math.max(floor, lines.lineStart(start)), end: Math.min(lf, cap), closed: lf < cap });
}

/**
 * The line at `start` opens as LABELLED_SOURCE requires: up to 20 spaces, a lower-case word of
 * 3 to 31 letters and digits, a space. Most lines fail this at their first characters, sparing a
 * regex call per line.
 */
function opensWithLabel(units: Uint16Array, start: number, length: number): boolean {
  let i = start;
  const spacesEnd = Math.min(length, i + 20);
  while (i < spacesEnd && (units[i] === 32 || units[i] === 9)) i++;
  if (i >= length || !(units[i]! >= 97 && units[i]! <= 122)) return false;
  const wordEnd = Math.min(length, i + 31);
  let j = i + 1;
  while (j < wordEnd && ((units[j]! >= 97 && units[j]! <= 122) || (units[j]! >= 48 && units[j]! <= 57))) j++;
  return j - i >= 3 && j < length && (units[j] === 32 || units[j] === 9);
}

/** Start of the line holding `pos`, looking back at most `max` characters. */
export function lineStartWithin(text: string, pos: number, max: number): number {
  const stop = Math.max(0, pos - max);
  for (let i = pos - 1; i >= stop; i--) if (text.charCodeAt(i) === 10) return i + 1;
  return stop;
}

/** A lower-case letter followed by an upper-case one inside [start, end). */
function camelBreakWithin(text: string, start: number, end: number): boolean {
  for (let i = start + 1; i < end; i++) {
    const a = text.charCodeAt(i - 1);
    const b = text.charCodeAt(i);
    if (a >= 97 && a <= 122 && b >= 65 && b <= 90) return true;
  }
  return false;
}

/** The line ending at `end` ends in an assignment operator (`=`, `:`, `=>`), spaces aside. */
function endsWithOperator(text: string, end: number): boolean {
  let i = end - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 13)) i--;
  const c = text.charCodeAt(i);
  return c === 61 || c === 58 || (c === 62 && text.charCodeAt(i - 1) === 61);
}

/** A closing bracket or a full stop, cut from the end of an unquoted value: `) ] } > .` */
function isClosing(c: number): boolean {
  return c === 41 || c === 93 || c === 125 || c === 62 || c === 46;
}

/** ASCII white space (tab, newline, vertical tab, form feed, carriage return, space). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** Some hit starts in [from, to). */
function hasHitIn(hits: Array<{ start: number }>, from: number, to: number): boolean {
  const i = lowerBound(hits, from);
  return i < hits.length && hits[i]!.start < to;
}

function lowerBound(hits: Array<{ start: number }>, pos: number): number {
  let lo = 0;
  let hi = hits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (hits[mid]!.start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps the best of overlapping findings: higher priority, then longer. */
function resolve(candidates: Candidate[]): SecretFinding[] {
  candidates.sort(
    (a, b) => b.priority - a.priority || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const kept: Candidate[] = [];
  for (const c of candidates) {
    if (kept.some((k) => c.start < k.end && k.start < c.end)) continue;
    kept.push(c);
  }
  kept.sort((a, b) => a.start - b.start);
  return kept.map((c) => ({ ruleId: c.ruleId, start: c.start, end: c.end, score: c.score }));
}
