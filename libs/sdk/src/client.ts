import type { BackoffOptions } from './backoff.ts';
import { Analytics } from './resources/analytics.ts';
import { Batches } from './resources/batches.ts';
import { Guardrails } from './resources/guardrails.ts';
import { Profiles } from './resources/profiles.ts';
import { validateRoutes } from './resources/validate.ts';
import { DEFAULTS, type RequestOptions, Transport } from './transport.ts';
import type { CallContext, ToolCall, ValidateRequest, ValidateResponse } from './types.ts';

export interface ClientOptions {
  /** The API key (`ppt_…`), sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Where the API is (default `http://127.0.0.1:8080`); a path prefix is kept. */
  baseUrl?: string | undefined;
  /** Deadline of each call, retries included, in ms (default 30 000). */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt (default 2; 0 disables retrying). */
  maxRetries?: number | undefined;
  /** The fetch to use (default: the platform's `globalThis.fetch`). */
  fetch?: typeof fetch | undefined;
  /** Backoff of retries without Retry-After (default base 250 ms, cap 8 000 ms, full jitter). */
  backoff?: Partial<BackoffOptions> | undefined;
  /** Longest Retry-After to wait for, in ms (default 60 000); a longer one is thrown. */
  maxRetryAfterMs?: number | undefined;
}

/** Options of the validate shorthands: request options plus the optional call context. */
export interface ValidateOptions extends RequestOptions {
  /** Facts about the call for context guardrails (consent, model, usage, conversation, sources…). */
  context?: CallContext | undefined;
}

/**
 * The Parapet API client.
 *
 *   const parapet = new ParapetClient({ apiKey: process.env.PARAPET_KEY!, baseUrl: 'http://127.0.0.1:8080' });
 *   const verdict = await parapet.validateInput('Use this key: AKIA…', 'default');
 */
export class ParapetClient {
  readonly profiles: Profiles;
  readonly analytics: Analytics;
  readonly guardrails: Guardrails;
  readonly batches: Batches;
  readonly #t: Transport;

  constructor(options: ClientOptions) {
    if (!options || typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
      throw new TypeError('ParapetClient needs an apiKey (the key printed by `npm start` or the admin CLI)');
    }
    const userFetch = options.fetch;
    this.#t = new Transport({
      apiKey: options.apiKey.trim(),
      baseUrl: (options.baseUrl ?? DEFAULTS.baseUrl).replace(/\/+$/, ''),
      timeoutMs: positive(options.timeoutMs, 'timeoutMs') ?? DEFAULTS.timeoutMs,
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
      backoff: { ...DEFAULTS.backoff, ...options.backoff },
      // Late-bound and called unbound from its object, as browsers require of window.fetch.
      fetch: userFetch ?? ((input, init) => globalThis.fetch(input, init)),
      random: Math.random,
    });
    this.profiles = new Profiles(this.#t);
    this.analytics = new Analytics(this.#t);
    this.guardrails = new Guardrails(this.#t);
    this.batches = new Batches(this.#t);
  }

  /**
   * Runs the guardrails of a profile on a text. A text that fails a guardrail is not an error: the
   * result has `passed: false` and `blockedBy`. Safe to retry (see docs/sdk.md), so it is.
   */
  async validate(request: ValidateRequest, options?: RequestOptions): Promise<ValidateResponse> {
    return (await this.#t.request<ValidateResponse>(validateRoutes.validate, { body: request }, options))
      .data;
  }

  /** Validates a user's prompt against the profile's input guardrails. */
  validateInput(text: string, profileName: string, options?: ValidateOptions): Promise<ValidateResponse> {
    return this.#shorthand(text, profileName, 'input', options);
  }

  /** Validates a model's answer against the profile's output guardrails (see `sanitizedText`). */
  validateOutput(text: string, profileName: string, options?: ValidateOptions): Promise<ValidateResponse> {
    return this.#shorthand(text, profileName, 'output', options);
  }

  /** Validates a tool call `{ name, arguments }` against the profile's tool guardrails. */
  validateToolCall(
    toolCall: ToolCall,
    profileName: string,
    options?: ValidateOptions,
  ): Promise<ValidateResponse> {
    return this.#shorthand(JSON.stringify(toolCall), profileName, 'tool', options, toolCall);
  }

  #shorthand(
    text: string,
    profileName: string,
    validationType: ValidateRequest['validationType'],
    options: ValidateOptions = {},
    toolCall?: ToolCall,
  ): Promise<ValidateResponse> {
    const { context, ...requestOptions } = options;
    return this.validate(
      {
        text,
        profileName,
        validationType,
        ...(context ? { context } : {}),
        ...(toolCall ? { toolCall } : {}),
      },
      requestOptions,
    );
  }
}

function positive(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number of ms`);
  return value;
}
