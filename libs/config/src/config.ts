import { availableParallelism } from 'node:os';
import { z } from 'zod';

export const WORKER_ROLES = ['analytics', 'provisioning', 'batch'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Thrown by loadConfig with every problem found, one per line, so an operator fixes them all at once. */
export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** An unset or blank variable counts as absent, so `PORT=` in a shell falls back to the default. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const int = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be an integer' })
      .int({ error: 'must be an integer' })
      .min(min, { error: `must be >= ${min}` })
      .max(max, { error: `must be <= ${max}` })
      .default(fallback),
  );

const url = (protocols: readonly string[], fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(fallback)
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        { error: `must be a URL with scheme ${protocols.map((p) => p.replace(/:$/, '')).join(' or ')}` },
      ),
  );

const bool = (fallback: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim().toLowerCase()) : value),
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1'),
  );

const optionalSecret = (minLength: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(minLength, { error: `must be at least ${minLength} characters` })
      .optional(),
  );

const schema = z.object({
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/parapet'),
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  CLICKHOUSE_URL: url(['http:', 'https:'], 'http://127.0.0.1:18123'),
  CLICKHOUSE_DATABASE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be a plain identifier (letters, digits, _)' })
      .max(64)
      .default('parapet'),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  PORT: int(0, 65_535, 8080),
  API_PROCESSES: int(1, 1024, availableParallelism()),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.toLowerCase()) : value),
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  BODY_LIMIT_BYTES: int(1024, 1024 * 1024 * 1024, 1024 * 1024),
  TEXT_LIMIT_CHARS: int(1, 100_000_000, 100_000),
  MAX_GUARDRAILS_PER_PROFILE: int(1, 10_000, 64),
  MAX_PROFILES_PER_USER: int(1, 1_000_000, 500),
  QUEUE_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_{}.-]+$/, { error: 'must use only letters, digits, _ - . { }' })
      .max(100)
      .default('parapet'),
  ),
  ADMIN_TOKEN: optionalSecret(16),
  WORKER_ROLES: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? [
            ...new Set(
              value
                .split(',')
                .map((role) => role.trim())
                .filter(Boolean),
            ),
          ]
        : undefined,
    z
      .array(z.enum(WORKER_ROLES, { error: `each role must be one of ${WORKER_ROLES.join(', ')}` }))
      .min(1)
      .default([...WORKER_ROLES]),
  ),
  ANALYTICS_RETENTION_DAYS: int(1, 36_500, 90),
  KEY_PEPPER: optionalSecret(16),
  RATE_LIMIT_PER_MINUTE: int(0, 1_000_000_000, 10_000),
  RATE_LIMIT_PER_DAY: int(0, 1_000_000_000, 0),
  USER_RATE_LIMIT_PER_MINUTE: int(0, 1_000_000_000, 50_000),
  USER_RATE_LIMIT_PER_DAY: int(0, 1_000_000_000, 0),
  ANALYTICS_FLUSH_MS: int(1, 60_000, 200),
  ANALYTICS_BATCH_SIZE: int(1, 10_000, 1000),
  ANALYTICS_MAX_BUFFERED: int(1, 100_000_000, 100_000),
  CACHE_TTL_MS: int(0, 86_400_000, 30_000),
  KEY_USAGE_FLUSH_MS: int(100, 3_600_000, 30_000),
  BATCH_MAX_ITEMS: int(1, 1_000_000, 10_000),
  BATCH_MAX_TOTAL_CHARS: int(1, 1_000_000_000, 10_000_000),
  // Sized for a full default batch: 10 000 000 characters at up to 3 UTF-8 bytes each, plus the JSON
  // of 10 000 items; bounded, since the API parses the whole body in memory.
  BATCH_BODY_LIMIT_BYTES: int(1024, 256 * 1024 * 1024, 32 * 1024 * 1024),
  BATCH_CHUNK_SIZE: int(1, 10_000, 250),
  BATCH_ITEM_CONCURRENCY: int(1, 1_000, 8),
  BATCH_JOB_CONCURRENCY: int(1, 1_000, 2),
  BATCH_LOCK_DURATION_MS: int(1_000, 3_600_000, 30_000),
  BATCH_STALLED_INTERVAL_MS: int(200, 3_600_000, 15_000),
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  WEBHOOK_TIMEOUT_MS: int(100, 120_000, 10_000),
  WEBHOOK_ATTEMPTS: int(1, 100, 8),
  WEBHOOK_BACKOFF_MS: int(10, 3_600_000, 2_000),
});

export interface Config {
  databaseUrl: string;
  redisUrl: string;
  clickhouseUrl: string;
  clickhouseDatabase: string;
  host: string;
  port: number;
  apiProcesses: number;
  logLevel: (typeof LOG_LEVELS)[number];
  bodyLimitBytes: number;
  textLimitChars: number;
  maxGuardrailsPerProfile: number;
  maxProfilesPerUser: number;
  queuePrefix: string;
  adminToken: string | undefined;
  workerRoles: WorkerRole[];
  analyticsRetentionDays: number;
  keyPepper: string | undefined;
  /** Requests per minute per key; 0 disables the limit. */
  rateLimitPerMinute: number;
  /** Requests per day per key; 0 disables the limit. */
  rateLimitPerDay: number;
  /** Requests per minute per user, summed over all their keys; 0 disables the limit. */
  userRateLimitPerMinute: number;
  /** Requests per day per user; 0 disables the limit. */
  userRateLimitPerDay: number;
  analyticsFlushMs: number;
  analyticsBatchSize: number;
  analyticsMaxBuffered: number;
  cacheTtlMs: number;
  /** How often each API process writes the keys it saw used to `api_keys.last_used_at`. */
  keyUsageFlushMs: number;
  /** Items per batch (POST /api/batches); more is a 400. */
  batchMaxItems: number;
  /** Sum of a batch's text lengths (UTF-16 code units); more is a 413. */
  batchMaxTotalChars: number;
  /** Request body limit of POST /api/batches (every other route has bodyLimitBytes). */
  batchBodyLimitBytes: number;
  /** Items of a batch read, run and stored per step by the worker. */
  batchChunkSize: number;
  /** Items of a chunk run at once. */
  batchItemConcurrency: number;
  /** Batches one worker process runs at once. */
  batchJobConcurrency: number;
  /** Lock of a batch job: a crashed worker's batch is resumed elsewhere this long after it died (+ the stalled check). */
  batchLockDurationMs: number;
  /** How often stalled batch jobs are looked for. */
  batchStalledIntervalMs: number;
  /** Webhook deliveries to private, loopback and link-local addresses are refused unless true. */
  webhookAllowPrivate: boolean;
  /** Deadline of one webhook delivery attempt. */
  webhookTimeoutMs: number;
  /** Delivery attempts of a webhook. */
  webhookAttempts: number;
  /** First backoff between webhook attempts (exponential). */
  webhookBackoffMs: number;
}

/**
 * Parses the environment once, at process start. Throws a ConfigError listing every invalid
 * variable (never their values: some are secrets).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const e = result.data;
  return {
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    clickhouseUrl: e.CLICKHOUSE_URL,
    clickhouseDatabase: e.CLICKHOUSE_DATABASE,
    host: e.HOST,
    port: e.PORT,
    apiProcesses: e.API_PROCESSES,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    textLimitChars: e.TEXT_LIMIT_CHARS,
    maxGuardrailsPerProfile: e.MAX_GUARDRAILS_PER_PROFILE,
    maxProfilesPerUser: e.MAX_PROFILES_PER_USER,
    queuePrefix: e.QUEUE_PREFIX,
    adminToken: e.ADMIN_TOKEN,
    workerRoles: e.WORKER_ROLES,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    keyPepper: e.KEY_PEPPER,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitPerDay: e.RATE_LIMIT_PER_DAY,
    userRateLimitPerMinute: e.USER_RATE_LIMIT_PER_MINUTE,
    userRateLimitPerDay: e.USER_RATE_LIMIT_PER_DAY,
    analyticsFlushMs: e.ANALYTICS_FLUSH_MS,
    analyticsBatchSize: e.ANALYTICS_BATCH_SIZE,
    analyticsMaxBuffered: e.ANALYTICS_MAX_BUFFERED,
    cacheTtlMs: e.CACHE_TTL_MS,
    keyUsageFlushMs: e.KEY_USAGE_FLUSH_MS,
    batchMaxItems: e.BATCH_MAX_ITEMS,
    batchMaxTotalChars: e.BATCH_MAX_TOTAL_CHARS,
    batchBodyLimitBytes: e.BATCH_BODY_LIMIT_BYTES,
    batchChunkSize: e.BATCH_CHUNK_SIZE,
    batchItemConcurrency: e.BATCH_ITEM_CONCURRENCY,
    batchJobConcurrency: e.BATCH_JOB_CONCURRENCY,
    batchLockDurationMs: e.BATCH_LOCK_DURATION_MS,
    batchStalledIntervalMs: e.BATCH_STALLED_INTERVAL_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookAttempts: e.WEBHOOK_ATTEMPTS,
    webhookBackoffMs: e.WEBHOOK_BACKOFF_MS,
  };
}
