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
      .optional(),
    model: z
      .object({
        name: z.string().max(200),
        provider: z.string().max(100).optional(),
      })
      .strict()
      .optional(),
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
      .optional(),
    retention: z
      .object({
        /** When the data in this call was collected (ISO 8601). */
        dataCollectedAt: z.iso.datetime({ offset: true }).optional(),
        legalHold: z.boolean().optional(),
      })
      .strict()
      .optional(),
    telemetry: z
      .object({
        enabled: z.boolean(),
        auditLogging: z.boolean().optional(),
      })
      .strict()
      .optional(),
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
      .optional(),
    toolCall: z
      .object({
        name: z.string().min(1).max(200),
        arguments: z.record(z.string(), z.unknown()),
      })
      .strict()
      .optional(),
    agent: z
      .object({
        id: z.string().max(200).optional(),
        role: z.string().max(200).optional(),
        permissions: z.array(z.string().max(200)).max(500).optional(),
      })
      .strict()
      .optional(),
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
      .optional(),
    /** The user prompt that produced this output (LanguageSame). */
    inputText: z.string().max(100_000).optional(),
    inputLanguage: z.string().max(20).optional(),
    /** Signals that an API key of ours may have leaked (ApiKeyRotationTrigger). */
    securitySignals: z
      .object({
        keyLeakSuspected: z.boolean().optional(),
        anomalies: z.array(z.string().max(200)).max(50).optional(),
      })
      .strict()
      .optional(),
    /** The end user on whose behalf the call is made (RateLimit keyBy "endUser"). */
    endUserId: z.string().max(200).optional(),
  })
  .strict();

export type CallContext = z.infer<typeof callContextSchema>;
