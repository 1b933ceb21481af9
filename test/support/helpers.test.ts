import { describe, expect, it } from 'vitest';
import { randomName, waitFor } from './helpers.ts';

describe('waitFor', () => {
  it('returns the first truthy value, retrying falsy results and errors', async () => {
    let calls = 0;
    const value = await waitFor(
      () => {
        calls++;
        if (calls === 1) throw new Error('not yet');
        return calls >= 3 ? { calls } : undefined;
      },
      { timeoutMs: 5_000, intervalMs: 1 },
    );
    expect(value).toEqual({ calls: 3 });
  });

  it('gives up at the deadline with the last error as cause', async () => {
    const started = Date.now();
    const error = await waitFor(
      () => {
        throw new Error('still down');
      },
      { timeoutMs: 100, intervalMs: 10 },
    ).catch((err: Error) => err);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/timed out after 100 ms/);
    expect(((error as Error).cause as Error).message).toBe('still down');
  });
});

describe('randomName', () => {
  it('is unique per call', () => {
    expect(new Set(Array.from({ length: 100 }, () => randomName())).size).toBe(100);
  });
});
