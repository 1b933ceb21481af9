import { defineGuardrail } from '../../core/define.ts';
import { createSecretsCheck, secretsConfigShape } from '../../detectors/secrets/index.ts';

export const secretLeakOutput = defineGuardrail({
  name: 'SecretLeakOutput',
  stages: ['output'],
  category: 'secrets',
  description:
    'Finds credentials in the model answer with the same rule set as SecretsInInput, so that a leaked key can be blocked or redacted before it reaches the user.',
  defaultSeverity: 'critical',
  supportsRedaction: true,
  config: secretsConfigShape,
  example: { severity: 'critical', action: 'redact', redaction: { format: '[REDACTED_SECRET]' } },
  create(config) {
    return createSecretsCheck(config, { noun: 'secret' });
  },
});
