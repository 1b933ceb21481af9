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
    });
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

  it('rejects non-integer numbers and out-of-range ports', () => {
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
  });
});
