import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { maskSecret } from '../../core/preview.ts';
import type { Finding, Redaction } from '../../core/types.ts';

/** Parapet API keys: `ppt_` followed by 32 or more base58 characters. */
export const PARAPET_KEY = /(?<![A-Za-z0-9_])ppt_[1-9A-HJ-NP-Za-km-z]{32,128}(?![A-Za-z0-9])/g;

export const apiKeyRotationTrigger = defineGuardrail({
  name: 'ApiKeyRotationTrigger',
  stages: ['input', 'output'],
  category: 'secrets',
  description:
    'Signals that a Parapet API key must be rotated: one of our keys (`ppt_` + base58) seen in the text, `context.securitySignals.keyLeakSuspected`, or reported anomalies. The result carries `rotationRequired` and the signals; keys in the text can be redacted.',
  defaultSeverity: 'medium',
  supportsRedaction: true,
  config: {
    minSignals: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(1)
      .describe('How many signals (leak suspected, each anomaly, a key in the text) trigger rotation.'),
    detectKeysInText: z.boolean().default(true).describe('Look for Parapet API keys in the text.'),
  },
  example: { minSignals: 1, severity: 'critical' },
  create(config) {
    return ({ text, context }) => {
      const signals: string[] = [];
      const findings: Finding[] = [];
      const redactions: Redaction[] = [];
      if (config.detectKeysInText && text.includes('ppt_')) {
        for (const m of text.matchAll(PARAPET_KEY)) {
          const end = m.index + m[0].length;
          findings.push({ type: 'parapet_api_key', start: m.index, end, preview: maskSecret(m[0]) });
          redactions.push({ start: m.index, end, replacement: '[REDACTED_PARAPET_KEY]' });
        }
        if (findings.length) signals.push('api_key_in_text');
      }
      const s = context.securitySignals;
      if (s?.keyLeakSuspected) signals.push('key_leak_suspected');
      for (const a of s?.anomalies ?? []) signals.push(`anomaly:${a}`);
      if (signals.length === 0) {
        return {
          passed: true,
          message: s
            ? 'No key-leak signal'
            : 'No security signals in the call context and no Parapet key in the text',
        };
      }
      if (signals.length < config.minSignals) {
        return {
          passed: true,
          message: `${signals.length} signal(s), below the rotation threshold of ${config.minSignals}`,
          details: { signals, rotationRequired: false },
        };
      }
      return {
        passed: false,
        message: `API key rotation required: ${signals.join(', ')}`,
        findings,
        redactions,
        details: { signals, rotationRequired: true },
      };
    };
  },
});
