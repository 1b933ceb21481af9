import { RE2JS } from 're2js';
import { z } from 'zod';
import { BUILTIN_RULES } from './rules/index.ts';
import { GENERIC_RULE_IDS } from './scanner.ts';

/** Every built-in rule id, for validating `rules.enabled` / `rules.disabled` at save time. */
export const SECRET_RULE_IDS: readonly string[] = [
  ...BUILTIN_RULES.map((r) => r.id),
  ...GENERIC_RULE_IDS,
  'env-dump-secret',
];
const KNOWN = new Set(SECRET_RULE_IDS);

const ruleId = z.string().superRefine((id, ctx) => {
  if (!KNOWN.has(id)) ctx.addIssue({ code: 'custom', message: `unknown secret rule "${id}"` });
});

const customRule = z
  .object({
    id: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9_.-]{0,63}$/,
        'rule id: lower-case letters, digits, ".", "_" or "-", at most 64 characters',
      ),
    pattern: z
      .string()
      .min(1)
      .max(2000)
      .superRefine((source, ctx) => {
        try {
          RE2JS.compile(source);
        } catch (err) {
          ctx.addIssue({
            code: 'custom',
            message: `invalid pattern (RE2 syntax): ${err instanceof Error ? err.message : String(err)}`,
          });
        }
      })
      .describe('RE2 regular expression (linear time); capture group 1, when present, is the secret'),
    keywords: z
      .array(
        z
          .string()
          .min(1)
          .max(64)
          .regex(/^[\x20-\x7e]+$/, 'keywords must be printable ASCII'),
      )
      .max(50)
      .optional()
      .describe(
        'The pattern runs only on texts containing one of these (case-insensitive); all texts when absent',
      ),
    minEntropy: z
      .number()
      .min(0)
      .max(8)
      .optional()
      .describe('Minimum Shannon entropy (bits per character) of the match'),
  })
  .strict();

/** Config keys shared by SecretsInInput, SecretLeakOutput, SecretsInLogs and EnvVarLeak. */
export const secretsConfigShape = {
  rules: z
    .object({
      enabled: z
        .array(ruleId)
        .max(1000)
        .optional()
        .describe('Only these built-in rules run (all when absent)'),
      disabled: z.array(ruleId).max(1000).optional().describe('Built-in rules that never run'),
    })
    .strict()
    .default({}),
  customRules: z
    .array(customRule)
    .max(100)
    .default([])
    .superRefine((rules, ctx) => {
      const seen = new Set<string>();
      rules.forEach((r, i) => {
        if (seen.has(r.id) || KNOWN.has(r.id))
          ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `rule id "${r.id}" is already used` });
        seen.add(r.id);
      });
    }),
  entropyThreshold: z
    .number()
    .min(0)
    .max(8)
    .default(3)
    .describe(
      'Minimum Shannon entropy (bits/char) of a value found only through a secret-like name (generic rules)',
    ),
  redaction: z
    .object({
      format: z
        .string()
        .max(200)
        .default('[REDACTED:{type}]')
        .describe('Replacement text when action is "redact"; {type} becomes the rule id'),
    })
    .strict()
    .default({ format: '[REDACTED:{type}]' }),
};

export interface SecretsConfig {
  rules: { enabled?: string[]; disabled?: string[] };
  customRules: Array<{ id: string; pattern: string; keywords?: string[]; minEntropy?: number }>;
  entropyThreshold: number;
  redaction: { format: string };
}
