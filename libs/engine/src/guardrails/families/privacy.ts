import type { DefinedGuardrail } from '../../core/define.ts';
import { gdprDataMinimization } from '../gdpr-data-minimization/gdpr-data-minimization.ts';
import { outputPiiRedaction } from '../output-pii-redaction/output-pii-redaction.ts';
import { phiAwareness } from '../phi-awareness/phi-awareness.ts';
import { piiDetection } from '../pii-detection/pii-detection.ts';

export const privacyGuardrails: DefinedGuardrail[] = [
  piiDetection,
  outputPiiRedaction,
  phiAwareness,
  gdprDataMinimization,
];
