import { RE2JS } from 're2js';
import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding, Redaction } from '../../core/types.ts';
import { type PatternFacts, patternFacts } from './pattern-facts.ts';

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

const MAX_MATCHES_PER_RULE = 200;

/**
 * The text lower-cased, with the long s (ſ) as "s": it is the one character outside ASCII that an
 * ignore-case RE2 literal of ASCII letters matches and that toLowerCase does not fold, so every
 * ignore-case match of a literal shows in this text as that literal in lower case.
 */
function caseFolded(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('\u017f') ? lower.replaceAll('\u017f', 's') : lower;
}

/**
 * Offsets [start, end, start, end, ...] of the rule's first `limit` matches, as successive
 * `find()` calls return them, stopping at the first empty match. A rule with a required literal
 * is skipped when the literal is absent; a line-local one runs only on the lines that hold its
 * literal (re2js falls back to its slow NFA on long inputs, and most lines hold no match).
 * Without a literal, the lazy DFA (`test`) rules out texts with no match first.
 */
function ruleMatches(
  rule: { re: RE2JS; facts: PatternFacts },
  text: string,
  lower: string,
  limit: number,
): number[] {
  const spans: number[] = [];
  const { literal, lineLocal } = rule.facts;
  if (literal !== undefined ? !lower.includes(literal) : !rule.re.test(text)) return spans;
  // Line by line needs offsets in `lower` to be offsets in `text` (toLowerCase may lengthen "İ").
  if (literal === undefined || !lineLocal || lower.length !== text.length) {
    collect(rule.re, text, 0, limit, spans);
    return spans;
  }
  for (let hit = lower.indexOf(literal); hit >= 0 && spans.length < 2 * limit; ) {
    const lineStart = text.lastIndexOf('\n', hit) + 1;
    let lineEnd = text.indexOf('\n', hit);
    if (lineEnd < 0) lineEnd = text.length;
    if (!collect(rule.re, text.slice(lineStart, lineEnd), lineStart, limit, spans)) break;
    hit = lower.indexOf(literal, lineEnd + 1);
  }
  return spans;
}

/** Appends the matches of `re` in `text` (shifted by `offset`) up to `limit` in all; false at an empty match. */
function collect(re: RE2JS, text: string, offset: number, limit: number, spans: number[]): boolean {
  const m = re.matcher(text);
  while (spans.length < 2 * limit && m.find()) {
    const start = m.start();
    const end = m.end();
    if (end === start) return false;
    spans.push(offset + start, offset + end);
  }
  return true;
}

function compileRule(pattern: string, flags: string): RE2JS {
  let bits = 0;
  for (const f of flags) bits |= FLAG_BITS[f] ?? 0;
  return RE2JS.compile(pattern, bits);
}

const ruleSchema = z
  .object({
    name: z.string().min(1).max(100).optional().describe('Rule name reported in findings.'),
    pattern: z
      .string()
      .min(1)
      .max(2000)
      .describe('RE2 syntax (linear-time: no backreferences or lookaround).'),
    flags: z
      .string()
      .regex(
        /^[ims]{0,3}$/,
        'flags may contain only i (ignore case), m (multi-line), s (dot matches newline)',
      )
      .default('')
      .describe('i, m and/or s.'),
    action: z
      .enum(['block', 'warn', 'redact', 'allow'])
      .default('block')
      .describe(
        'block: the guardrail fails; redact: fails with a redaction of the match; warn: passes, reporting the match; allow: a match passes the text and stops evaluation.',
      ),
    message: z.string().max(500).optional().describe('Message returned when the rule decides.'),
    replacement: z.string().max(100).default('[REDACTED]').describe('Replacement for `redact` rules.'),
  })
  .strict()
  .superRefine((rule, ctx) => {
    try {
      compileRule(rule.pattern, rule.flags);
    } catch (err) {
      ctx.addIssue({
        code: 'custom',
        path: ['pattern'],
        message: `invalid pattern: ${(err as Error).message}`,
      });
    }
  });

export const regexFilter = defineGuardrail({
  name: 'RegexFilter',
  stages: ['input', 'output'],
  category: 'custom',
  description:
    'Runs user rules `{pattern, flags, action, message}` in order with the linear-time re2js engine (patterns are compiled when the profile is saved; invalid ones are rejected). An `allow` rule that matches first passes the text; otherwise every block/redact/warn match is reported.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: {
    rules: z.array(ruleSchema).min(1).max(200).describe('Rules, evaluated in order.'),
  },
  example: {
    rules: [
      { name: 'test-cards-ok', pattern: '\\b4242 ?4242 ?4242 ?4242\\b', action: 'allow' },
      {
        name: 'ticket-ids',
        pattern: 'JIRA-\\d+',
        flags: 'i',
        action: 'redact',
        message: 'Internal ticket ids are not shared',
      },
      {
        name: 'passwords',
        pattern: '\\bpassword\\b',
        flags: 'i',
        action: 'block',
        message: 'Passwords forbidden',
      },
    ],
  },
  create(config) {
    const rules = config.rules.map((r, i) => ({
      ...r,
      label: r.name ?? `rule ${i + 1}`,
      re: compileRule(r.pattern, r.flags),
      facts: patternFacts(r.pattern, r.flags),
    }));
    const anyLiteral = rules.some((r) => r.facts.literal !== undefined);
    return ({ text }) => {
      const findings: Finding[] = [];
      const redactions: Redaction[] = [];
      const messages: string[] = [];
      let failed = false;
      const lower = anyLiteral ? caseFolded(text) : '';
      for (const rule of rules) {
        const spans = ruleMatches(rule, text, lower, rule.action === 'allow' ? 1 : MAX_MATCHES_PER_RULE);
        if (spans.length === 0) continue;
        if (rule.action === 'allow') {
          return {
            passed: true,
            message: rule.message ?? `Allowed by ${rule.label}`,
            details: { rule: rule.label },
          };
        }
        for (let k = 0; k < spans.length; k += 2) {
          const start = spans[k]!;
          const end = spans[k + 1]!;
          findings.push({
            type: `${rule.action}:${rule.label}`,
            start,
            end,
            preview: excerpt(text, start, end),
          });
          if (rule.action === 'redact') redactions.push({ start, end, replacement: rule.replacement });
        }
        messages.push(rule.message ?? `${rule.label} matched`);
        if (rule.action !== 'warn') failed = true;
      }
      if (findings.length === 0) return { passed: true, message: 'No rule matched' };
      return {
        passed: !failed,
        message: failed ? messages.join('; ') : `Warning: ${messages.join('; ')}`,
        findings,
        ...(failed && redactions.length ? { redactions } : {}),
      };
    };
  },
});
