import type { DefinedGuardrail } from '../../core/define.ts';
import { outputPiiRedaction } from '../output-pii-redaction/output-pii-redaction.ts';
import { piiDetection } from '../pii-detection/pii-detection.ts';

export const privacyGuardrails: DefinedGuardrail[] = [piiDetection, outputPiiRedaction];
