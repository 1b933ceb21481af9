import { defineGuardrail } from '../../core/define.ts';
import { compilePiiCheck, piiConfigShape } from '../../detectors/pii/index.ts';

export const piiDetection = defineGuardrail({
  name: 'PIIDetection',
  stages: ['input'],
  category: 'privacy',
  description:
    'Finds personal data in the prompt — emails, phone numbers (validated per country), cards (Luhn), IBANs (checksum), US/UK/EU/Asian national and tax ids with their check digits, IPs, MACs, crypto wallets, street addresses, dates of birth and person names in context — to warn, block or redact.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: piiConfigShape,
  example: {
    action: 'redact',
    entities: ['EMAIL_ADDRESS', 'PHONE_NUMBER', 'CREDIT_CARD', 'US_SSN'],
    operator: 'replace',
  },
  create(config) {
    const check = compilePiiCheck(config, 'input');
    return ({ text }) => check(text);
  },
});
