import { defineGuardrail } from '../../core/define.ts';
import { selectEnvVars } from '../../detectors/secrets/contexts.ts';
import { createSecretsCheck, secretsConfigShape } from '../../detectors/secrets/index.ts';

export const envVarLeak = defineGuardrail({
  name: 'EnvVarLeak',
  stages: ['output'],
  category: 'secrets',
  description:
    'Finds environment-variable leaks in the answer: `KEY=value` secrets (env files, export, Dockerfile ENV, docker -e, process.env) and secret-named variables of an environment dump. Mentions such as "$HOME" or "$5" pass.',
  defaultSeverity: 'critical',
  supportsRedaction: true,
  config: secretsConfigShape,
  example: { severity: 'critical', action: 'redact', redaction: { format: '[REDACTED_ENV_VAR]' } },
  create(config) {
    const dump =
      !config.rules.disabled?.includes('env-dump-secret') &&
      (!config.rules.enabled || config.rules.enabled.includes('env-dump-secret'));
    return createSecretsCheck(config, {
      noun: 'environment secret',
      select: (text, found) => selectEnvVars(text, found, dump),
    });
  },
});
