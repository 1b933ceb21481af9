import type { ExecutionRecord } from '@parapet/contracts';
import { describe, expect, it } from 'vitest';
import { createBatchedWriter } from './batch-writer.ts';

const rec = (id: string) => ({ id }) as ExecutionRecord;

describe('createBatchedWriter', () => {
  it('coalesces concurrent writes into one insert and resolves each after it', async () => {
    const inserts: string[][] = [];
    const w = createBatchedWriter({
      insert: async (r) => void inserts.push(r.map((x) => x.id)),
      maxWaitMs: 5,
    });
    await Promise.all([w.write([rec('a'), rec('b')]), w.write([rec('c')])]);
    expect(inserts).toEqual([['a', 'b', 'c']]);
    await w.shutdown();
  });

  it('flushes at maxRows without waiting for the timer', async () => {
    const inserts: number[] = [];
    const w = createBatchedWriter({
      insert: async (r) => void inserts.push(r.length),
      maxRows: 3,
      maxWaitMs: 60_000,
    });
    await w.write([rec('a'), rec('b'), rec('c')]);
    expect(inserts).toEqual([3]);
    await w.shutdown();
  });

  it('rejects the writers of a failed insert, and only them', async () => {
    let fail = true;
    let concurrent = 0;
    let maxConcurrent = 0;
    const w = createBatchedWriter({
      insert: async () => {
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 5));
        concurrent--;
        if (fail) {
          fail = false;
          throw new Error('ClickHouse down');
        }
      },
      maxRows: 1,
    });
    const first = w.write([rec('a')]);
    const second = w.write([rec('b')]);
    await expect(first).rejects.toThrow('ClickHouse down');
    await expect(second).resolves.toBeUndefined();
    expect(maxConcurrent).toBe(1);
    await w.shutdown();
  });

  it('shutdown inserts what waits and refuses later writes', async () => {
    const inserts: number[] = [];
    const w = createBatchedWriter({ insert: async (r) => void inserts.push(r.length), maxWaitMs: 60_000 });
    const p = w.write([rec('a')]);
    await w.shutdown();
    await p;
    expect(inserts).toEqual([1]);
    await expect(w.write([rec('b')])).rejects.toThrow();
  });
});
