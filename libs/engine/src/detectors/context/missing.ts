import { z } from 'zod';
import type { Detection } from '../../core/types.ts';

/** The `onMissing` key shared by every guardrail that judges call-context facts. */
export const onMissingSchema = z
  .enum(['pass', 'fail'])
  .default('pass')
  .describe(
    'What to do when the call context lacks the facts this guardrail judges: "pass" (reported in the message) or "fail".',
  );

/** The plain result of a context guardrail whose facts were not sent. */
export function missingFacts(onMissing: 'pass' | 'fail', what: string): Detection {
  return {
    passed: onMissing === 'pass',
    message: `No ${what} in the call context; ${onMissing === 'pass' ? 'passing' : 'failing'} (onMissing: ${onMissing})`,
    details: { missing: what },
  };
}
