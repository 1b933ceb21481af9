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
  return ({ text }): Detection => {
    let found = scanner.scan(text);
    if (options.select) found = options.select(text, found);
    if (found.length === 0) return { passed: true, message: `No ${options.noun} found` };
    const findings: Finding[] = found.map((f) => ({
      type: f.ruleId,
      start: f.start,
      end: f.end,
      score: f.score,
      preview: maskSecret(text.slice(f.start, f.end)),
    }));
    const redactions: Redaction[] = found.map((f) => ({
      start: f.start,
      end: f.end,
      replacement: format.replaceAll('{type}', f.ruleId),
    }));
    const types = [...new Set(found.map((f) => f.ruleId))];
    const n = found.length;
    return {
      passed: false,
      message: `Found ${n} ${options.noun}${n === 1 ? '' : 's'}: ${types.slice(0, 10).join(', ')}${types.length > 10 ? ', …' : ''}`,
      findings,
      redactions,
      score: Math.max(...found.map((f) => f.score)),
      details: { count: n, types },
    };
  };
}
