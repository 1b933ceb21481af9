import { defineGuardrail } from '../../core/define.ts';
import { createSecretsCheck, secretsConfigShape } from '../../detectors/secrets/index.ts';

export const secretsInInput = defineGuardrail({
  name: 'SecretsInInput',
  stages: ['input'],
  category: 'secrets',
  description:
    'Finds credentials in the prompt: 250+ provider formats (cloud, VCS, CI, chat, payments, AI APIs, registries, private keys, JWTs, URLs with passwords) and secret-named assignments with entropy checks; placeholders, hashes, UUIDs and lockfile checksums pass.',
  defaultSeverity: 'critical',
  supportsRedaction: true,
  config: secretsConfigShape,
  example: {
    severity: 'critical',
    action: 'redact',
    rules: { disabled: ['jwt'] },
    redaction: { format: '[REDACTED:{type}]' },
  },
  create(config) {
    return createSecretsCheck(config, { noun: 'secret' });
  },
});
