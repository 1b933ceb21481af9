import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.ts';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parapet',
      redisUrl: 'redis://127.0.0.1:6379',
      clickhouseUrl: 'http://127.0.0.1:18123',
      clickhouseDatabase: 'parapet',
      host: '127.0.0.1',
      port: 8080,
      apiProcesses: availableParallelism(),
      logLevel: 'info',
      bodyLimitBytes: 1024 * 1024,
      textLimitChars: 100_000,
      maxGuardrailsPerProfile: 64,
      maxProfilesPerUser: 500,
      queuePrefix: 'parapet',
      adminToken: undefined,
      workerRoles: ['analytics', 'provisioning', 'batch'],
      analyticsRetentionDays: 90,
      keyPepper: undefined,
      rateLimitPerMinute: 10_000,
      rateLimitPerDay: 0,
      userRateLimitPerMinute: 50_000,
      userRateLimitPerDay: 0,
      analyticsFlushMs: 200,
      analyticsBatchSize: 1000,
      analyticsMaxBuffered: 100_000,
      cacheTtlMs: 30_000,
      keyUsageFlushMs: 30_000,
      batchMaxItems: 10_000,
      batchMaxTotalChars: 10_000_000,
      batchBodyLimitBytes: 32 * 1024 * 1024,
      batchChunkSize: 250,
      batchItemConcurrency: 8,
      batchJobConcurrency: 2,
      batchLockDurationMs: 30_000,
      batchStalledIntervalMs: 15_000,
      webhookAllowPrivate: false,
      webhookTimeoutMs: 10_000,
      webhookAttempts: 8,
      webhookBackoffMs: 2_000,
    });
  });

  it('parses every variable to its real type', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://u:p@db:5432/x',
      REDIS_URL: 'rediss://cache:6380',
      CLICKHOUSE_URL: 'https://ch:8443',
      CLICKHOUSE_DATABASE: 'analytics_1',
      HOST: '0.0.0.0',
      PORT: '0',
      API_PROCESSES: '3',
      LOG_LEVEL: 'DEBUG',
      BODY_LIMIT_BYTES: '2048',
      TEXT_LIMIT_CHARS: '10',
      MAX_GUARDRAILS_PER_PROFILE: '5',
      MAX_PROFILES_PER_USER: '7',
      QUEUE_PREFIX: '{parapet}',
      ADMIN_TOKEN: 'a'.repeat(32),
      WORKER_ROLES: ' batch, analytics ,batch',
      ANALYTICS_RETENTION_DAYS: '30',
      KEY_PEPPER: 'p'.repeat(16),
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PER_DAY: '100000',
      USER_RATE_LIMIT_PER_MINUTE: '0',
      USER_RATE_LIMIT_PER_DAY: '5',
      ANALYTICS_FLUSH_MS: '50',
      ANALYTICS_BATCH_SIZE: '500',
      ANALYTICS_MAX_BUFFERED: '1000',
      CACHE_TTL_MS: '0',
      KEY_USAGE_FLUSH_MS: '250',
      BATCH_MAX_ITEMS: '20',
      BATCH_MAX_TOTAL_CHARS: '200',
      BATCH_BODY_LIMIT_BYTES: '4096',
      BATCH_CHUNK_SIZE: '100',
      BATCH_ITEM_CONCURRENCY: '4',
      BATCH_JOB_CONCURRENCY: '1',
      BATCH_LOCK_DURATION_MS: '3000',
      BATCH_STALLED_INTERVAL_MS: '1000',
      WEBHOOK_ALLOW_PRIVATE: 'TRUE',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_ATTEMPTS: '3',
      WEBHOOK_BACKOFF_MS: '100',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://u:p@db:5432/x',
      redisUrl: 'rediss://cache:6380',
      clickhouseUrl: 'https://ch:8443',
      clickhouseDatabase: 'analytics_1',
      host: '0.0.0.0',
      port: 0,
      apiProcesses: 3,
      logLevel: 'debug',
      bodyLimitBytes: 2048,
      textLimitChars: 10,
      maxGuardrailsPerProfile: 5,
      maxProfilesPerUser: 7,
      queuePrefix: '{parapet}',
      adminToken: 'a'.repeat(32),
      workerRoles: ['batch', 'analytics'],
      analyticsRetentionDays: 30,
      keyPepper: 'p'.repeat(16),
      rateLimitPerMinute: 0,
      rateLimitPerDay: 100_000,
      userRateLimitPerMinute: 0,
      userRateLimitPerDay: 5,
      analyticsFlushMs: 50,
      analyticsBatchSize: 500,
      analyticsMaxBuffered: 1000,
      cacheTtlMs: 0,
      keyUsageFlushMs: 250,
      batchMaxItems: 20,
      batchMaxTotalChars: 200,
      batchBodyLimitBytes: 4096,
      batchChunkSize: 100,
      batchItemConcurrency: 4,
      batchJobConcurrency: 1,
      batchLockDurationMs: 3000,
      batchStalledIntervalMs: 1000,
      webhookAllowPrivate: true,
      webhookTimeoutMs: 500,
      webhookAttempts: 3,
      webhookBackoffMs: 100,
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '0' }).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_TOKEN: ' ', WORKER_ROLES: '' })).toMatchObject({
      port: 8080,
      adminToken: undefined,
      workerRoles: ['analytics', 'provisioning', 'batch'],
    });
  });

  it('reports every problem at once without echoing values', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://secret-password@x/y',
        WORKER_ROLES: 'analytics,cooking',
        LOG_LEVEL: 'loud',
        ADMIN_TOKEN: 'short',
        RATE_LIMIT_PER_MINUTE: '-1',
        CLICKHOUSE_DATABASE: 'bad; drop',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'WORKER_ROLES',
      'LOG_LEVEL',
      'ADMIN_TOKEN',
      'RATE_LIMIT_PER_MINUTE',
      'CLICKHOUSE_DATABASE',
    ]) {
      expect(
        issues.some((issue) => issue.startsWith(name)),
        name,
      ).toBe(true);
    }
    expect((error as ConfigError).message).not.toContain('secret-password');
  });

  it('reports every invalid batch and webhook variable at once', () => {
    const env = {
      BATCH_MAX_ITEMS: '0',
      BATCH_MAX_TOTAL_CHARS: 'lots',
      BATCH_BODY_LIMIT_BYTES: String(1024 * 1024 * 1024),
      BATCH_CHUNK_SIZE: '1.5',
      BATCH_ITEM_CONCURRENCY: '0',
      BATCH_JOB_CONCURRENCY: '-2',
      BATCH_LOCK_DURATION_MS: '10',
      BATCH_STALLED_INTERVAL_MS: '1',
      WEBHOOK_ALLOW_PRIVATE: 'yes',
      WEBHOOK_TIMEOUT_MS: '99',
      WEBHOOK_ATTEMPTS: '0',
      WEBHOOK_BACKOFF_MS: '1',
      PORT: 'x',
    };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    for (const name of Object.keys(env)) {
      expect(
        issues.some((issue) => issue.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
    expect(issues.length).toBe(Object.keys(env).length);
  });

  it('rejects non-integer numbers and out-of-range ports', () => {
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
  });
});
