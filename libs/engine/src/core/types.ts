import type { z } from 'zod';
import type { CallContext } from './context.ts';

export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const ACTIONS = ['block', 'warn', 'redact'] as const;
export type Action = (typeof ACTIONS)[number];

export const STAGES = ['input', 'output', 'tool'] as const;
export type Stage = (typeof STAGES)[number];

export const CATEGORIES = [
  'secrets',
  'privacy',
  'prompt-attack',
  'content-safety',
  'output-safety',
  'tool',
  'operational',
  'compliance',
  'text-quality',
  'custom',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** One thing a guardrail found. Offsets are into the text the guardrail was given. */
export interface Finding {
  type: string;
  start: number;
  end: number;
  score?: number;
  /** Safe to show: a detected secret or identifier is masked (see preview.ts). */
  preview: string;
}

/** A tool call, as given in `toolCall` or as JSON in `text` for validationType "tool". */
export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface CheckInput {
  /** The current text: the submitted text, or its rewrite by an earlier redacting guardrail. */
  text: string;
  stage: Stage;
  context: CallContext;
  toolCall?: ToolCall;
  /** Identifies the caller, for guardrails that keep per-caller state (rate limits). */
  caller: { userId: string; apiKeyId?: string; profileId?: string };
}

/** What a guardrail's check returns. The executor adds name, severity, action and timing. */
export interface Detection {
  passed: boolean;
  message: string;
  findings?: Finding[];
  /** A score in [0, 1] when the guardrail computes one (classifiers). */
  score?: number;
  /**
   * Replacements that remove what was found (offsets into the given text, non-overlapping).
   * The executor applies them when the entry's action is `redact`; guardrails that can
   * redact must return them whenever they fail.
   */
  redactions?: Redaction[];
  /** Extra structured facts for the caller (crisis resources, missing permissions, ...). */
  details?: Record<string, unknown>;
}

export interface Redaction {
  start: number;
  end: number;
  replacement: string;
}

export type Check = (input: CheckInput) => Detection | Promise<Detection>;

/** Ports the host application may give the engine; the engine itself does no I/O. */
export interface EngineServices {
  /** Shared counters for rate-limit guardrails; absent in a pure in-process engine. */
  rateLimiter?: RateLimiterPort;
}

export interface RateLimiterPort {
  /** Consumes one unit from `key` with `limit` per `windowSeconds`; resolves whether it was allowed. */
  consume(
    key: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ allowed: boolean; remaining: number; retryAfterMs: number }>;
}

/** The config keys every guardrail accepts, merged into each guardrail's own schema. */
export interface BaseConfig {
  severity: Severity;
  action?: Action;
  failOpen: boolean;
  timeoutMs: number;
}

export interface GuardrailDefinition<Config extends BaseConfig = BaseConfig> {
  name: string;
  stages: readonly Stage[];
  category: Category;
  /** One or two sentences for the catalogue: what it detects and how. */
  description: string;
  /** Full config schema (base keys included), strict, with defaults. Built by defineGuardrail. */
  configSchema: z.ZodType<Config>;
  /** An example config for the catalogue (validated against the schema in tests). */
  example: Record<string, unknown>;
  /** Compiles a validated config into a check; runs once per profile version, not per request. */
  create(config: Config, services: EngineServices): Check;
}
