import type { DefinedGuardrail } from '../../core/define.ts';
import { citationRequired } from '../citation-required/citation-required.ts';
import { commandInjectionOutput } from '../command-injection-output/command-injection-output.ts';
import { confidentiality } from '../confidentiality/confidentiality.ts';
import { hallucinationRisk } from '../hallucination-risk/hallucination-risk.ts';
import { internalDataLeak } from '../internal-data-leak/internal-data-leak.ts';
import { internalEndpointLeak } from '../internal-endpoint-leak/internal-endpoint-leak.ts';
import { outputSchemaValidation } from '../output-schema-validation/output-schema-validation.ts';
import { qualityThreshold } from '../quality-threshold/quality-threshold.ts';
import { sandboxedOutput } from '../sandboxed-output/sandboxed-output.ts';

export const outputSafetyGuardrails: DefinedGuardrail[] = [
  outputSchemaValidation,
  sandboxedOutput,
  internalDataLeak,
  internalEndpointLeak,
  confidentiality,
  citationRequired,
  hallucinationRisk,
  commandInjectionOutput,
  qualityThreshold,
];
