import type { DefinedGuardrail } from '../../core/define.ts';
import { envVarLeak } from '../env-var-leak/env-var-leak.ts';
import { secretLeakOutput } from '../secret-leak-output/secret-leak-output.ts';
import { secretsInInput } from '../secrets-in-input/secrets-in-input.ts';
import { secretsInLogs } from '../secrets-in-logs/secrets-in-logs.ts';

export const secretsGuardrails: DefinedGuardrail[] = [
  secretsInInput,
  secretLeakOutput,
  secretsInLogs,
  envVarLeak,
];
