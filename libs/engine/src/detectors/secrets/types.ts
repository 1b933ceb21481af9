export const RULE_FAMILIES = [
  'cloud',
  'vcs',
  'ci-devops',
  'chat',
  'payments',
  'ai-ml',
  'observability',
  'database',
  'package-registry',
  'saas',
  'crypto-keys',
  'auth-tokens',
  'generic',
] as const;
export type RuleFamily = (typeof RULE_FAMILIES)[number];

/**
 * A format rule: a distinctive token shape, found near one of its keywords. The secret is capture
 * group 1 of `pattern` (the whole match when the pattern has no group).
 */
export interface FormatRule {
  kind: 'format';
  id: string;
  family: RuleFamily;
  description: string;
  /** Lower-case literals; the rule runs only around an occurrence of one of them. */
  keywords: readonly string[];
  /** Regex source (JS syntax, linear-time safe). */
  pattern: string;
  /** Capture group holding the secret (default 1, or the whole match when the pattern has none). */
  group?: number;
  /** Extra regex flags besides `g` and `d` (e.g. `i`). */
  flags?: string;
  /** Minimum Shannon entropy (bits/char) of the secret. */
  minEntropy?: number;
  /** Window around a keyword hit, in characters: looked at before / after the keyword. */
  before?: number;
  after?: number;
  /** The window may span lines (PEM blocks). */
  multiline?: boolean;
  /** Extra check on the secret value and the whole match. */
  validate?: (secret: string, match: string) => boolean;
}

/**
 * A context rule: a provider whose keys have no distinctive prefix. It matches an assignment
 * (`name = value`, `"name": "value"`, `name := value`, ...) when the line before the value names
 * the provider and the value has the provider's shape.
 */
export interface ContextRule {
  kind: 'context';
  id: string;
  family: RuleFamily;
  description: string;
  /** Provider names (lower-case) that must appear in the assignment's name or earlier on its line. */
  keywords: readonly string[];
  /** Regex source the whole value must match (anchored by the engine). */
  value: string;
  /** The name may be an identifier (client id, account id), not only a secret word. */
  allowIdName?: boolean;
  /**
   * Regex source (anchored) of a malformed key of this provider: its structure with the wrong length
   * or alphabet. Such a value under the provider's name is not reported by the generic rules either.
   */
  nearMiss?: string;
  minEntropy?: number;
}

export type SecretRule = FormatRule | ContextRule;

export interface SecretFinding {
  ruleId: string;
  start: number;
  end: number;
  /** 0..1: 1 for distinctive formats, lower for keyword-context and entropy-only matches. */
  score: number;
}
