import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import type { Finding } from '../../core/types.ts';
import { PatternGate, patternPrefixes } from '../../detectors/content/gate.ts';
import { stickyOf } from '../../detectors/regex/sticky.ts';

/** Go's short variable declaration. */
const GO_ASSIGN = /\w\s?:=\s?/;
/** A pipe into a text tool (a gate prefix would start at every space). */
const SHELL_PIPE = /\s\|\s?(?:grep|awk|sed|xargs)\b/;
/** Signatures without a literal prefix whose every match contains this literal. */
const REQUIRED_LITERAL = new Map<RegExp, string>([
  [GO_ASSIGN, ':='],
  [SHELL_PIPE, '|'],
]);
/** A CSS rule "selector { property: value; }". */
const CSS_RULE = /(?<![\w.#-])[.#]?[\w-]{1,60}\s?\{\s?[\w-]{1,60}\s?:[^;{}\n]{1,200};/;

/** Per-language signatures; a language is detected from `minSignals` distinct hits or a tagged code fence. */
export const CODE_SIGNATURES: Record<string, RegExp[]> = {
  python: [
    /^[ \t]{0,40}def [A-Za-z_]\w{0,60}\(/m,
    /^[ \t]{0,40}(?:from\s[\w.]{1,100}\s)?import\s\w/m,
    /\bprint\(/,
    /\bif\s__name__\s?==/,
    /^[ \t]{0,40}(?:elif|except\s?\w{0,40}|try):/m,
    /\bself\.\w/,
  ],
  javascript: [
    /\b(?:const|let|var)\s\w{1,60}\s?=/,
    /\bfunction\s?\w{0,60}\s?\(/,
    /=>\s?[{(\w]/,
    /\bconsole\.log\(/,
    /\brequire\(['"]/,
    /\bimport\s\{[^{}\n]{0,200}\}\sfrom\b|\bfrom\s['"][@\w./-]{1,200}['"];/,
    /\bdocument\.\w/,
  ],
  typescript: [
    /\binterface\s\w{1,60}\s?\{/,
    /:\s?(?:string|number|boolean)\b/,
    /\btype\s\w{1,60}\s?=/,
    /\bas\sconst\b/,
  ],
  java: [
    /\bpublic\s(?:static\s)?(?:void|class|int|String)\b/,
    /\bSystem\.out\.print/,
    /\bprivate\s(?:final\s)?\w{1,60}\s\w{1,60}\s?[;=]/,
    /@Override\b/,
  ],
  csharp: [
    /\busing\sSystem\b/,
    /\bConsole\.Write/,
    /\bnamespace\s[\w.]{1,100}/,
    /\bpublic\s(?:async\s)?Task\b/,
  ],
  c_cpp: [/^[ \t]{0,10}#include\s?[<"]/m, /\bint\smain\s?\(/, /\bstd::\w/, /\bprintf\s?\(/, /\bmalloc\s?\(/],
  go: [/^package\s\w/m, /\bfunc\s(?:\w{1,60}|\([^()\n]{1,100}\)\s\w{1,60})\(/, /\bfmt\.\w/, GO_ASSIGN],
  rust: [
    /\bfn\s\w{1,60}\s?[(<]/,
    /\blet\smut\b/,
    /\bprintln!\(/,
    /\bimpl\s\w/,
    /\bpub\s(?:fn|struct|enum)\b/,
  ],
  ruby: [/^[ \t]{0,40}def\s\w{1,60}[?!]?[ \t]*$/m, /\bputs\s/, /^[ \t]{0,40}end[ \t]*$/m, /\brequire\s['"]/],
  php: [/<\?php/, /\$\w{1,60}\s?=/, /\becho\s['"$]/, /->\w{1,60}\(/],
  sql: [
    /\bSELECT\s(?:\*|[\w.]{1,60}(?:,\s?[\w.]{1,60}){0,30})\sFROM\s\w/i,
    /\bINSERT\sINTO\s\w/i,
    /\bCREATE\s(?:TABLE|INDEX|VIEW)\b/i,
    /\bUPDATE\s\w{1,60}\sSET\s/i,
    /\bWHERE\s\w{1,60}\s?(?:[=<>]|LIKE\b|IN\b)/i,
  ],
  shell: [
    /^#!\/(?:usr\/)?bin\/(?:env\s)?(?:ba|z)?sh/m,
    /^[ \t]{0,10}(?:sudo\s)?(?:apt(?:-get)?|yum|brew|npm|pip|chmod|export|echo|cd|ls|grep)\s/m,
    /\$\{?\w{1,60}\}?/,
    SHELL_PIPE,
  ],
  html: [/<(?:html|head|body|div|span|p|a|ul|li|table)\b[^<>]{0,500}>/i, /<\/\w{1,20}>/, /<!DOCTYPE\shtml/i],
  css: [CSS_RULE, /@media\s/, /\b(?:margin|padding|color|display)\s?:[^;:\n]{1,50};/],
};
const FENCE = /^\s{0,3}```\s?([\w+#-]{1,20})?\s*$/gm;
const FENCE_ALIASES: Record<string, string> = {
  py: 'python',
  python3: 'python',
  js: 'javascript',
  jsx: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  cs: 'csharp',
  'c#': 'csharp',
  c: 'c_cpp',
  cpp: 'c_cpp',
  'c++': 'c_cpp',
  h: 'c_cpp',
  golang: 'go',
  rs: 'rust',
  rb: 'ruby',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  console: 'shell',
  postgresql: 'sql',
  mysql: 'sql',
  htm: 'html',
  scss: 'css',
};
export const CODE_LANGUAGES = Object.keys(CODE_SIGNATURES) as [string, ...string[]];

/**
 * Which signatures occur in a text, as `re.test(text)` for each would say, without scanning the
 * text once per signature. Signatures with literal prefixes share trie walks (PatternGate). The
 * others are anchored or bounded by a character: a multi-line `^…` signature can only match at a
 * line start, the Go and shell-pipe ones need ":=" or "|" in the text, and a CSS rule can only
 * start at the run of name characters before a "{"; they are tried at those places only.
 */
class SignatureScan {
  private readonly signatures: readonly RegExp[];
  private readonly gates: Array<{ gate: PatternGate; members: number[] }> = [];
  private readonly lineStart: Array<{ at: number; sticky: RegExp }> = [];
  /** Signatures tested only when a literal every match contains occurs. */
  private readonly byLiteral: Array<{ at: number; literal: string }> = [];
  private readonly cssRule: number;
  private readonly cssSticky: RegExp;

  constructor(signatures: readonly RegExp[]) {
    this.signatures = signatures;
    const gated: number[] = [];
    let cssRule = -1;
    signatures.forEach((re, k) => {
      const literal = REQUIRED_LITERAL.get(re);
      if (re.flags.includes('m') && re.source.startsWith('^'))
        this.lineStart.push({ at: k, sticky: stickyOf(re) });
      else if (literal !== undefined) this.byLiteral.push({ at: k, literal });
      else if (re === CSS_RULE) cssRule = k;
      else if (patternPrefixes(new RegExp(re.source, `${re.flags}g`))) gated.push(k);
      else throw new Error(`no scan strategy for signature ${re.source}`);
    });
    // Two trie walks: the case-sensitive signatures first, then the rest (that gate folds case).
    gated.sort(
      (a, b) => Number(signatures[a]!.flags.includes('i')) - Number(signatures[b]!.flags.includes('i')),
    );
    for (let from = 0; from < gated.length; from += 31) {
      const members = gated.slice(from, from + 31);
      this.gates.push({
        gate: new PatternGate(
          members.map((k) => new RegExp(signatures[k]!.source, `${signatures[k]!.flags}g`)),
        ),
        members,
      });
    }
    this.cssRule = cssRule;
    this.cssSticky = stickyOf(CSS_RULE);
  }

  /** found[k] = 1 when signature k matches somewhere in the text. */
  scan(text: string): Uint8Array {
    const found = new Uint8Array(this.signatures.length);
    for (const { gate, members } of this.gates)
      gate.run(text, 1, (j) => {
        found[members[j]!] = 1;
      });
    if (this.lineStart.length > 0) {
      for (let p = 0; p <= text.length; p = nextLineStart(text, p)) {
        for (const { at, sticky } of this.lineStart) {
          if (found[at] === 1) continue;
          sticky.lastIndex = p;
          if (sticky.test(text)) found[at] = 1;
        }
        if (p === text.length) break;
      }
    }
    for (const { at, literal } of this.byLiteral)
      if (text.includes(literal) && this.signatures[at]!.test(text)) found[at] = 1;
    if (this.cssRule >= 0 && this.cssRuleAnywhere(text)) found[this.cssRule] = 1;
    return found;
  }

  /**
   * CSS_RULE needs "[.#]?name\s?{" behind a lookbehind refusing [\w.#-]: a match can only start at
   * the start of the name run before a "{" (or at the "." or "#" just before it).
   */
  private cssRuleAnywhere(text: string): boolean {
    const sticky = this.cssSticky;
    for (let brace = text.indexOf('{'); brace >= 0; brace = text.indexOf('{', brace + 1)) {
      let start = brace;
      if (start > 0 && /\s/.test(text[start - 1]!)) start--;
      while (start > 0 && NAME_CHAR.test(text[start - 1]!)) start--;
      for (const at of [start, start - 1]) {
        if (at < 0) continue;
        sticky.lastIndex = at;
        if (sticky.test(text)) return true;
      }
    }
    return false;
  }
}

const NAME_CHAR = /[\w-]/;

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/g;
/** The position after the next line terminator at or after `p` (JavaScript's multi-line ^), or text.length. */
function nextLineStart(text: string, p: number): number {
  LINE_TERMINATOR.lastIndex = p;
  return LINE_TERMINATOR.test(text) ? LINE_TERMINATOR.lastIndex : text.length;
}

const SIGNATURE_LIST = Object.entries(CODE_SIGNATURES).flatMap(([lang, sigs]) =>
  sigs.map((re) => ({ lang, re })),
);
const signatureScan = new SignatureScan(SIGNATURE_LIST.map((s) => s.re));

export function detectCodeLanguages(text: string, minSignals: number): Record<string, number> {
  const found: Record<string, number> = {};
  if (text.includes('```'))
    for (const m of text.matchAll(FENCE)) {
      const tag = m[1]?.toLowerCase();
      const lang = tag ? (FENCE_ALIASES[tag] ?? tag) : undefined;
      if (lang && CODE_SIGNATURES[lang]) found[lang] = Math.max(found[lang] ?? 0, minSignals);
    }
  const matched = signatureScan.scan(text);
  const hits: Record<string, number> = {};
  SIGNATURE_LIST.forEach(({ lang }, k) => {
    hits[lang] = (hits[lang] ?? 0) + matched[k]!;
  });
  for (const lang of Object.keys(CODE_SIGNATURES)) {
    const n = hits[lang]!;
    if (n >= minSignals) found[lang] = Math.max(found[lang] ?? 0, n);
  }
  if (found.typescript) delete found.javascript;
  return found;
}

export const code = defineGuardrail({
  name: 'Code',
  stages: ['input', 'output'],
  category: 'custom',
  description:
    'Detects source code in text and names its language (Python, JavaScript, TypeScript, Java, C#, C/C++, Go, Rust, Ruby, PHP, SQL, shell, HTML, CSS) from tagged code fences or several language signatures; fails for denied languages, or for any language outside `allowedLanguages`.',
  defaultSeverity: 'medium',
  config: {
    deniedLanguages: z
      .array(z.enum(CODE_LANGUAGES))
      .max(20)
      .default([])
      .describe('Languages that fail. Empty: every language not allowed fails.'),
    allowedLanguages: z
      .array(z.enum(CODE_LANGUAGES))
      .max(20)
      .default([])
      .describe('Languages that always pass.'),
    minSignals: z
      .number()
      .int()
      .min(1)
      .max(6)
      .default(2)
      .describe('Distinct signatures of one language needed without a tagged fence.'),
  },
  example: { deniedLanguages: ['sql', 'shell'], minSignals: 2 },
  create(config) {
    const denied = new Set(config.deniedLanguages);
    const allowed = new Set(config.allowedLanguages);
    return ({ text }) => {
      const found = detectCodeLanguages(text, config.minSignals);
      const langs = Object.keys(found);
      const bad = langs.filter((l) => !allowed.has(l) && (denied.size === 0 || denied.has(l)));
      if (bad.length === 0) {
        return {
          passed: true,
          message: langs.length ? `Code allowed: ${langs.join(', ')}` : 'No source code',
          details: { languages: found },
        };
      }
      const findings: Finding[] = bad.map((l) => ({ type: `code:${l}`, start: 0, end: 0, preview: l }));
      return {
        passed: false,
        message: `Source code in a disallowed language: ${bad.join(', ')}`,
        findings,
        details: { languages: found },
      };
    };
  },
});
