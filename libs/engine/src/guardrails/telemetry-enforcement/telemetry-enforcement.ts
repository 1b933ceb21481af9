import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';

export const telemetryEnforcement = defineGuardrail({
  name: 'TelemetryEnforcement',
  stages: ['input', 'output'],
  category: 'operational',
  description:
    'Judges `context.telemetry`: fails when telemetry is required but switched off, and optionally when audit logging is off.',
  defaultSeverity: 'medium',
  config: {
    requireTelemetry: z.boolean().default(true).describe('Fail when `telemetry.enabled` is false.'),
    requireAuditLogging: z.boolean().default(false).describe('Fail unless `telemetry.auditLogging` is true.'),
    onMissing: onMissingSchema,
  },
  example: { requireTelemetry: true, requireAuditLogging: true, onMissing: 'fail' },
  create(config) {
    return ({ context }) => {
      const t = context.telemetry;
      if (!t) return missingFacts(config.onMissing, 'telemetry');
      const problems: string[] = [];
      if (config.requireTelemetry && !t.enabled) problems.push('telemetry is disabled');
      if (config.requireAuditLogging && t.auditLogging !== true)
        problems.push('audit logging is not enabled');
      if (problems.length > 0) {
        return {
          passed: false,
          message: `Telemetry requirements not met: ${problems.join('; ')}`,
          details: { problems },
        };
      }
      return { passed: true, message: 'Telemetry requirements met' };
    };
  },
});
