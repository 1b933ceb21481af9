import { callContextSchema, SEVERITIES, STAGES } from '@parapet/engine';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Errors: one envelope on every endpoint.
// ---------------------------------------------------------------------------------------------

export const ERROR_CODES = [
  'invalid_json',
  'unsupported_media_type',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'profile_not_found',
  'conflict',
  'payload_too_large',
  'text_too_large',
  'precondition_failed',
  'precondition_required',
  'rate_limited',
  'method_not_allowed',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Field-level problems for invalid bodies: `path` names the field, e.g. `inputGuardrails[2].config.severity`. */
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

// ---------------------------------------------------------------------------------------------
// Profiles (seed 2.1–2.3, product.md §3)
// ---------------------------------------------------------------------------------------------

export const guardrailEntrySchema = z
  .object({
    name: z.string().min(1).max(100),
    config: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const guardrailList = z.array(guardrailEntrySchema).max(1000);

export const profileDefinitionSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().max(2000),
    inputGuardrails: guardrailList,
    outputGuardrails: guardrailList,
    toolGuardrails: guardrailList,
  })
  .strict();
export type ProfileDefinition = z.infer<typeof profileDefinitionSchema>;

/** As listed by GET /api/profiles (seed 2.1 plus version and timestamps). */
export const profileSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isBuiltIn: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const profileSchema = profileSummarySchema.extend({
  inputGuardrails: z.array(guardrailEntrySchema),
  outputGuardrails: z.array(guardrailEntrySchema),
  toolGuardrails: z.array(guardrailEntrySchema),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileListSchema = z.object({ profiles: z.array(profileSummarySchema) });

// ---------------------------------------------------------------------------------------------
// Validation (seed 2.5–2.6, product.md §4)
// ---------------------------------------------------------------------------------------------

export const toolCallSchema = z
  .object({
    name: z.string().min(1).max(200),
    arguments: z.record(z.string(), z.unknown()),
  })
  .strict();

export const validateRequestSchema = z
  .object({
    text: z.string(),
    /** A profile id or name; `name@N` / `id@N` pins version N. */
    profileName: z.string().min(1).max(210),
    validationType: z.enum(STAGES),
    context: callContextSchema.optional(),
    toolCall: toolCallSchema.optional(),
  })
  .strict();
export type ValidateRequest = z.infer<typeof validateRequestSchema>;

export const findingSchema = z.object({
  type: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  score: z.number().optional(),
  preview: z.string(),
});

export const guardrailResultSchema = z.object({
  guardrail: z.string(),
  passed: z.boolean(),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  action: z.enum(['block', 'warn', 'redact']),
  findings: z.array(findingSchema),
  durationMs: z.number(),
  score: z.number().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const validateResponseSchema = z.object({
  passed: z.boolean(),
  /** Name of the profile that was applied. */
  profile: z.string(),
  results: z.array(guardrailResultSchema),
  executionTimeMs: z.number(),
  profileId: z.string(),
  profileVersion: z.number().int(),
  blockedBy: z.string().nullable(),
  sanitizedText: z.string().optional(),
  requestId: z.string(),
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

/** PATCH /api/profiles/:id — any subset of the definition's fields. */
export const profilePatchSchema = profileDefinitionSchema
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'send at least one field to change' });

export const profileCloneSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    description: z.string().max(2000).optional(),
  })
  .strict();

export const profileRollbackSchema = z.object({ version: z.number().int().min(1) }).strict();

export const profileVersionListSchema = z.object({
  profileId: z.string(),
  currentVersion: z.number().int(),
  versions: z.array(
    z.object({ version: z.number().int(), name: z.string(), description: z.string(), createdAt: z.string() }),
  ),
});
