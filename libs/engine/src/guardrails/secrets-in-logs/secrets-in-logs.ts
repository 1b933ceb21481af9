import { defineGuardrail } from '../../core/define.ts';
import { selectInLogs } from '../../detectors/secrets/contexts.ts';
import { createSecretsCheck, secretsConfigShape } from '../../detectors/secrets/index.ts';

export const secretsInLogs = defineGuardrail({
  name: 'SecretsInLogs',
  stages: ['output'],
  category: 'secrets',
  description:
    'Finds credentials inside log lines and stack-trace excerpts of the answer (timestamped or levelled lines, logger calls, structured logs, frames and the lines that follow them).',
  defaultSeverity: 'critical',
  supportsRedaction: true,
  config: secretsConfigShape,
  example: { severity: 'critical', action: 'redact', redaction: { format: '[REDACTED]' } },
  create(config) {
    return createSecretsCheck(config, { noun: 'secret in a log excerpt', select: selectInLogs });
  },
});
