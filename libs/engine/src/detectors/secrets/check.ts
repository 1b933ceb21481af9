import { maskSecret } from '../../core/preview.ts';
import type { Check, Detection, Finding, Redaction } from '../../core/types.ts';
import type { SecretsConfig } from './config.ts';
import { createSecretScanner, type SecretScanner } from './scanner.ts';
import type { SecretFinding } from './types.ts';

export interface SecretsCheckOptions {
  /** What the guardrail looks for, for messages: "secret", "secret in a log line", ... */
  noun: string;
  /** Keeps only the findings this guardrail is about (SecretsInLogs, EnvVarLeak). */
  select?: (text: string, findings: SecretFinding[]) => SecretFinding[];
}

export function buildScanner(config: SecretsConfig): SecretScanner {
  return createSecretScanner({
    enabled: config.rules.enabled,
    disabled: config.rules.disabled,
    customRules: config.customRules,
    entropyThreshold: config.entropyThreshold,
  });
}

/** Turns scanner findings into a check result: masked previews, rule ids, redactions. */
export function createSecretsCheck(
  config: SecretsConfig,
  options: SecretsCheckOptions,
  scanner = buildScanner(config),
): Check {
  const format = config.redaction.format;
  /** The redaction text of each rule id (one format per check). */
  const replacements = new Map<string, string>();
  return ({ text }): Detection => {
    let found = scanner.scan(text);
    if (options.select) found = options.select(text, found);
    if (found.length === 0) return { passed: true, message: `No ${options.noun} found` };
    // One pass: this runs on every text with a finding.
    const findings: Finding[] = [];
    const redactions: Redaction[] = [];
    const typeSet = new Set<string>();
    let score = -Infinity;
    for (const f of found) {
      findings.push({
        type: f.ruleId,
        start: f.start,
        end: f.end,
        score: f.score,
        preview: maskSecret(text.slice(f.start, f.end)),
      });
      let replacement = replacements.get(f.ruleId);
      if (replacement === undefined) {
        replacement = format.replaceAll('{type}', f.ruleId);
        replacements.set(f.ruleId, replacement);
      }
      redactions.push({ start: f.start, end: f.end, replacement });
      typeSet.add(f.ruleId);
      if (f.score > score) score = f.score;
    }
    const types = [...typeSet];
    const n = found.length;
    return {
      passed: false,
      message: `Found ${n} ${options.noun}${n === 1 ? '' : 's'}: ${types.slice(0, 10).join(', ')}${types.length > 10 ? ', …' : ''}`,
      findings,
      redactions,
      score,
      details: { count: n, types },
    };
  };
}
