import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { KeyUsageRecorder } from './usage.ts';

const silent = pino({ level: 'silent' });

describe('KeyUsageRecorder', () => {
  it('writes each used key once per flush and nothing when idle', async () => {
    const writes: string[][] = [];
    const usage = new KeyUsageRecorder({
      write: async (ids) => void writes.push(ids),
      intervalMs: 3_600_000,
      logger: silent,
    });
    usage.record('a');
    usage.record('b');
    usage.record('a');
    await usage.flush();
    await usage.flush();
    usage.record('b');
    await usage.close();
    expect(writes).toEqual([['a', 'b'], ['b']]);
  });

  it('keeps the keys of a failed write for the next flush', async () => {
    const writes: string[][] = [];
    let failNext = true;
    const usage = new KeyUsageRecorder({
      write: async (ids) => {
        if (failNext) {
          failNext = false;
          throw new Error('database unavailable');
        }
        writes.push(ids);
      },
      intervalMs: 3_600_000,
      logger: silent,
    });
    usage.record('a');
    await usage.flush();
    expect(writes).toEqual([]);
    usage.record('c');
    await usage.close();
    expect(writes).toEqual([['a', 'c']]);
  });
});
