import { z } from 'zod';

/**
 * Facts about a call that some guardrails judge instead of (or besides) the text.
 * Every field is optional: a guardrail whose facts are absent follows its `onMissing` config.
 */
export const callContextSchema = z
  .object({
    userConsent: z
      .object({
        given: z.boolean(),
        scopes: z.array(z.string().max(100)).max(50).optional(),
        /** Legal basis the consent relies on, e.g. "consent", "contract", "legal_obligation". */
        legalBasis: z.string().max(100).optional(),
      })
      .strict()
      .optional()
      .describe(
        "The user's consent to this processing (UserConsentValidation): given, scopes covered, legal basis.",
      ),
    model: z
      .object({
        name: z.string().max(200),
        provider: z.string().max(100).optional(),
      })
      .strict()
      .optional()
      .describe(
        'The model that produced or will receive the text, e.g. {"name": "gpt-4o-2024-08-06"} (ModelVersionPin).',
      ),
    usage: z
      .object({
        promptTokens: z.number().int().nonnegative().optional(),
        completionTokens: z.number().int().nonnegative().optional(),
        /** Estimated cost of this call, in US dollars. */
        estimatedCostUsd: z.number().nonnegative().optional(),
        /** Spend so far today / this month, including this call, in US dollars. */
        dailyCostUsd: z.number().nonnegative().optional(),
        monthlyCostUsd: z.number().nonnegative().optional(),
      })
      .strict()
      .optional()
      .describe('Token usage and spend in US dollars (CostThreshold).'),
    retention: z
      .object({
        /** When the data in this call was collected (ISO 8601). */
        dataCollectedAt: z.iso.datetime({ offset: true }).optional(),
        legalHold: z.boolean().optional(),
      })
      .strict()
      .optional()
      .describe('When the data was collected and whether it is under legal hold (RetentionCheck).'),
    telemetry: z
      .object({
        enabled: z.boolean(),
        auditLogging: z.boolean().optional(),
      })
      .strict()
      .optional()
      .describe('Whether the calling application has telemetry and audit logging on (TelemetryEnforcement).'),
    conversation: z
      .array(
        z
          .object({
            role: z.enum(['system', 'user', 'assistant', 'tool']),
            content: z.string().max(100_000),
          })
          .strict(),
      )
      .max(200)
      .optional()
      .describe('Earlier turns of the conversation, oldest first (CrossContextManipulation).'),
    toolCall: z
      .object({
        name: z.string().min(1).max(200),
        arguments: z.record(z.string(), z.unknown()),
      })
      .strict()
      .optional()
      .describe(
        "The tool call being judged, when it is not given as the request's own toolCall (tool guardrails).",
      ),
    agent: z
      .object({
        id: z.string().max(200).optional(),
        role: z.string().max(200).optional(),
        permissions: z.array(z.string().max(200)).max(500).optional(),
      })
      .strict()
      .optional()
      .describe(
        'The agent making a tool call: id (ApiRateLimit keyBy "agent"), role and granted permissions (IAMPermission).',
      ),
    /** Documents the answer should be grounded in (HallucinationRisk, CitationRequired). */
    sources: z
      .array(
        z
          .object({
            id: z.string().max(200).optional(),
            url: z.string().max(2000).optional(),
            text: z.string().max(200_000),
          })
          .strict(),
      )
      .max(50)
      .optional()
      .describe('Documents the answer should be grounded in (HallucinationRisk compares claims with them).'),
    /** The user prompt that produced this output (LanguageSame). */
    inputText: z
      .string()
      .max(100_000)
      .optional()
      .describe('The user prompt that produced this output (LanguageSame).'),
    inputLanguage: z
      .string()
      .max(20)
      .optional()
      .describe('Language of the user prompt as an ISO 639-1/639-3 code, e.g. "en" (LanguageSame).'),
    /** Signals that an API key of ours may have leaked (ApiKeyRotationTrigger). */
    securitySignals: z
      .object({
        keyLeakSuspected: z.boolean().optional(),
        anomalies: z.array(z.string().max(200)).max(50).optional(),
      })
      .strict()
      .optional()
      .describe(
        'Signals that a Parapet API key may have leaked: suspected leak, anomaly names (ApiKeyRotationTrigger).',
      ),
    /** The end user on whose behalf the call is made (RateLimit keyBy "endUser"). */
    endUserId: z
      .string()
      .max(200)
      .optional()
      .describe('The end user on whose behalf the call is made (RateLimit / ApiRateLimit keyBy "endUser").'),
  })
  .strict();

export type CallContext = z.infer<typeof callContextSchema>;
