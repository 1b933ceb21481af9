import type { DefinedGuardrail } from '../../core/define.ts';
import { apiKeyRotationTrigger } from '../api-key-rotation-trigger/api-key-rotation-trigger.ts';
import { costThreshold } from '../cost-threshold/cost-threshold.ts';
import { modelVersionPin } from '../model-version-pin/model-version-pin.ts';
import { retentionCheck } from '../retention-check/retention-check.ts';
import { telemetryEnforcement } from '../telemetry-enforcement/telemetry-enforcement.ts';
import { userConsentValidation } from '../user-consent-validation/user-consent-validation.ts';

export const contextGuardrails: DefinedGuardrail[] = [
  userConsentValidation,
  telemetryEnforcement,
  modelVersionPin,
  costThreshold,
  retentionCheck,
  apiKeyRotationTrigger,
];
