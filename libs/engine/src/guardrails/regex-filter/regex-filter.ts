import { RE2JS } from 're2js';
import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding, Redaction } from '../../core/types.ts';

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

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
    }));
    return ({ text }) => {
      const findings: Finding[] = [];
      const redactions: Redaction[] = [];
      const messages: string[] = [];
      let failed = false;
      for (const rule of rules) {
        const m = rule.re.matcher(text);
        let count = 0;
        while (count < 200 && m.find()) {
          const start = m.start();
          const end = m.end();
          if (end === start) break;
          if (rule.action === 'allow') {
            return {
              passed: true,
              message: rule.message ?? `Allowed by ${rule.label}`,
              details: { rule: rule.label },
            };
          }
          count++;
          findings.push({
            type: `${rule.action}:${rule.label}`,
            start,
            end,
            preview: excerpt(text, start, end),
          });
          if (rule.action === 'redact') redactions.push({ start, end, replacement: rule.replacement });
        }
        if (count > 0 && rule.action !== 'allow') {
          messages.push(rule.message ?? `${rule.label} matched`);
          if (rule.action !== 'warn') failed = true;
        }
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
