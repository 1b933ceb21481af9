export { buildScanner, createSecretsCheck } from './check.ts';
export { SECRET_RULE_IDS, type SecretsConfig, secretsConfigShape } from './config.ts';
export { BUILTIN_RULES } from './rules/index.ts';
export { type CustomRule, createSecretScanner, GENERIC_RULE_IDS, type ScannerOptions } from './scanner.ts';
export type { SecretFinding, SecretRule } from './types.ts';
