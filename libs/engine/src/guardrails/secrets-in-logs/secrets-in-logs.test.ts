import { describe, expect, it } from 'vitest';
import { secretsInLogs } from './secrets-in-logs.ts';

const caller = { userId: 'u1' };
const run = (text: string) =>
  secretsInLogs.create(
    secretsInLogs.configSchema.parse({}),
    {},
  )({ text, stage: 'output', context: {}, caller });
const stripe = 'sk_test_51H8xQ2eZvKYlo2C9fT3kLm';

describe('SecretsInLogs', () => {
  it('finds secrets on log lines and in the lines after a stack-trace frame', async () => {
    expect((await run(`2024-05-01 12:00:01 INFO calling billing with key ${stripe}`)).passed).toBe(false);
    expect((await run(`[DEBUG] Using apiKey=${stripe}`)).findings?.[0]?.type).toBe('stripe-access-token');
    expect((await run(`Logging apiKey=${stripe}`)).passed).toBe(false);
    const trace = `Error: request failed\n    at Client.send (client.js:10:5)\n    headers: { authorization: "Bearer ${'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.Zk3mQ9sT1vX7bN2cL8pR4wY6hJ0dF5gA'}" }`;
    expect((await run(trace)).passed).toBe(false);
  });

  it('passes secrets outside log excerpts and clean logs', async () => {
    expect((await run(`Here is the config:\n\nstripe_key = "${stripe}"`)).passed).toBe(true);
    expect((await run('2024-05-01 12:00:01 INFO User logged in successfully')).passed).toBe(true);
  });
});
