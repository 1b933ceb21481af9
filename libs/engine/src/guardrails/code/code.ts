import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import type { Finding } from '../../core/types.ts';

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
  go: [/^package\s\w/m, /\bfunc\s(?:\w{1,60}|\([^()\n]{1,100}\)\s\w{1,60})\(/, /\bfmt\.\w/, /\w\s?:=\s?/],
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
    /\s\|\s?(?:grep|awk|sed|xargs)\b/,
  ],
  html: [/<(?:html|head|body|div|span|p|a|ul|li|table)\b[^<>]{0,500}>/i, /<\/\w{1,20}>/, /<!DOCTYPE\shtml/i],
  css: [
    /(?<![\w.#-])[.#]?[\w-]{1,60}\s?\{\s?[\w-]{1,60}\s?:[^;{}\n]{1,200};/,
    /@media\s/,
    /\b(?:margin|padding|color|display)\s?:[^;:\n]{1,50};/,
  ],
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

export function detectCodeLanguages(text: string, minSignals: number): Record<string, number> {
  const found: Record<string, number> = {};
  for (const m of text.matchAll(FENCE)) {
    const tag = m[1]?.toLowerCase();
    const lang = tag ? (FENCE_ALIASES[tag] ?? tag) : undefined;
    if (lang && CODE_SIGNATURES[lang]) found[lang] = Math.max(found[lang] ?? 0, minSignals);
  }
  for (const [lang, sigs] of Object.entries(CODE_SIGNATURES)) {
    const hits = sigs.filter((re) => re.test(text)).length;
    if (hits >= minSignals) found[lang] = Math.max(found[lang] ?? 0, hits);
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
