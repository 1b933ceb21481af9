import type { ExecutionRecord } from '@parapet/contracts';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { type AnalyticsBufferQueue, analyticsJobId, createAnalyticsBuffer } from './buffer.ts';

const rec = (i: number): ExecutionRecord => ({
  id: `req-${i}`,
  ts: 1_700_000_000_000 + i,
  userId: '00000000-0000-4000-8000-000000000001',
  apiKeyId: 'k',
  profileId: 'default',
  profileVersion: 1,
  validationType: 'input',
  source: 'sync',
  passed: true,
  blockedBy: null,
  latencyMs: 1,
  textLength: 10,
  results: [],
});

type Call = Parameters<AnalyticsBufferQueue['addBulk']>[0];

/** A queue double that records calls; `behaviour` decides each call's outcome. */
function fakeQueue(behaviour: (call: Call, n: number) => Promise<unknown> = () => Promise.resolve()) {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const queue: AnalyticsBufferQueue = {
    addBulk(jobs) {
      calls.push(jobs);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return behaviour(jobs, calls.length).finally(() => {
        inFlight--;
      });
    },
  };
  return { queue, calls, maxInFlight: () => maxInFlight };
}

const opts = { flushIntervalMs: 60_000, sendTimeoutMs: 50 };
const newRegistry = () => new Registry();

describe('createAnalyticsBuffer', () => {
  it('turns N records into ceil(N / maxBatch) jobs, none lost', async () => {
    const q = fakeQueue();
    const buf = createAnalyticsBuffer({
      ...opts,
      queue: q.queue,
      maxBatch: 1000,
      maxBuffered: 100_000,
      registry: newRegistry(),
    });
    for (let i = 0; i < 2500; i++) buf.add(rec(i));
    expect(buf.pending()).toBe(2500);
    await buf.flush();
    const jobs = q.calls.flat();
    expect(jobs.map((j) => j.data.records.length)).toEqual([1000, 1000, 500]);
    expect(new Set(jobs.map((j) => j.opts.jobId)).size).toBe(3);
    expect(jobs.flatMap((j) => j.data.records.map((r) => r.id))).toEqual(
      Array.from({ length: 2500 }, (_, i) => `req-${i}`),
    );
    expect(jobs[0]!.opts.jobId).toBe(analyticsJobId(jobs[0]!.data.records));
    expect(jobs[0]!.opts.jobId).not.toContain(':');
    expect(buf.pending()).toBe(0);
    await buf.close();
  });

  it('drops the oldest records when full and counts them', async () => {
    const q = fakeQueue();
    const registry = newRegistry();
    const buf = createAnalyticsBuffer({ ...opts, queue: q.queue, maxBatch: 100, maxBuffered: 5, registry });
    for (let i = 1; i <= 8; i++) buf.add(rec(i));
    expect(buf.pending()).toBe(5);
    expect(buf.dropped()).toBe(3);
    await buf.flush();
    expect(q.calls.flat().flatMap((j) => j.data.records.map((r) => r.id))).toEqual([
      'req-4',
      'req-5',
      'req-6',
      'req-7',
      'req-8',
    ]);
    const dropped = await registry.getSingleMetric('parapet_analytics_buffer_dropped_total')!.get();
    expect(dropped.values[0]!.value).toBe(3);
    await buf.close();
  });

  it('keeps records while the queue fails and resends the same batches with the same job ids', async () => {
    let down = true;
    const q = fakeQueue(() =>
      down ? Promise.reject(new Error('Connection is closed.')) : Promise.resolve(),
    );
    const buf = createAnalyticsBuffer({
      ...opts,
      queue: q.queue,
      maxBatch: 10,
      maxBuffered: 1000,
      registry: newRegistry(),
    });
    for (let i = 0; i < 25; i++) buf.add(rec(i));
    await buf.flush();
    await buf.flush();
    expect(buf.pending()).toBe(25);
    const failedIds = q.calls[0]!.map((j) => j.opts.jobId);
    down = false;
    await buf.flush();
    expect(buf.pending()).toBe(0);
    const last = q.calls.at(-1)!;
    expect(last.map((j) => j.opts.jobId)).toEqual(failedIds);
    expect(last.flatMap((j) => j.data.records).length).toBe(25);
    await buf.close();
  });

  it('never issues a second send while one is outstanding, and counts a late success', async () => {
    let release!: () => void;
    const q = fakeQueue((_call, n) =>
      n === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve(),
    );
    const buf = createAnalyticsBuffer({
      ...opts,
      queue: q.queue,
      maxBatch: 10,
      maxBuffered: 1000,
      registry: newRegistry(),
    });
    for (let i = 0; i < 10; i++) buf.add(rec(i));
    await buf.flush(); // times out waiting
    await buf.flush(); // waits on the same attempt again, no new call
    expect(q.calls.length).toBe(1);
    expect(buf.pending()).toBe(10);
    release();
    await buf.flush();
    expect(buf.pending()).toBe(0);
    expect(q.calls.length).toBe(1);
    await buf.close();
  });

  it('never overlaps flushes', async () => {
    const q = fakeQueue(() => new Promise((r) => setTimeout(r, 5)));
    const buf = createAnalyticsBuffer({
      ...opts,
      queue: q.queue,
      maxBatch: 10,
      maxBuffered: 10_000,
      batchesPerCall: 1,
      registry: newRegistry(),
    });
    for (let i = 0; i < 50; i++) buf.add(rec(i));
    await Promise.all([buf.flush(), buf.flush(), buf.flush()]);
    expect(q.maxInFlight()).toBe(1);
    expect(q.calls.length).toBe(5);
    expect(buf.pending()).toBe(0);
    await buf.close();
  });

  it('add never throws, even when the queue throws synchronously', async () => {
    const queue: AnalyticsBufferQueue = {
      addBulk() {
        throw new Error('boom');
      },
    };
    const buf = createAnalyticsBuffer({
      ...opts,
      queue,
      maxBatch: 1,
      maxBuffered: 3,
      registry: newRegistry(),
    });
    for (let i = 0; i < 10; i++) expect(() => buf.add(rec(i))).not.toThrow();
    await expect(buf.flush()).resolves.toBeUndefined();
    expect(buf.pending()).toBe(3);
    await buf.close(100);
    expect(buf.pending()).toBe(0);
  });

  it('flushes on its timer and on close', async () => {
    const q = fakeQueue();
    const buf = createAnalyticsBuffer({
      queue: q.queue,
      maxBatch: 100,
      maxBuffered: 1000,
      flushIntervalMs: 10,
      registry: newRegistry(),
    });
    buf.add(rec(1));
    const deadline = Date.now() + 5_000;
    while (buf.pending() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(buf.pending()).toBe(0);
    buf.add(rec(2));
    await buf.close();
    expect(q.calls.flat().flatMap((j) => j.data.records.map((r) => r.id))).toEqual(['req-1', 'req-2']);
    buf.add(rec(3));
    expect(buf.dropped()).toBe(1);
  });
});
