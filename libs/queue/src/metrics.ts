import { Counter, Gauge, Histogram, type Registry, register } from 'prom-client';

/** Registers a metric once per registry; later callers (another worker, another buffer) share it. */
function once<T>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

export interface QueueMetrics {
  jobs: Counter<'queue' | 'status'>;
  jobDuration: Histogram<'queue'>;
}

export function queueMetrics(registry: Registry = register): QueueMetrics {
  return {
    jobs: once(
      registry,
      'parapet_queue_jobs_total',
      () =>
        new Counter({
          name: 'parapet_queue_jobs_total',
          help: 'Jobs processed by this worker, by queue and status (completed, failed, invalid).',
          labelNames: ['queue', 'status'] as const,
          registers: [registry],
        }),
    ),
    jobDuration: once(
      registry,
      'parapet_queue_job_duration_seconds',
      () =>
        new Histogram({
          name: 'parapet_queue_job_duration_seconds',
          help: 'Time to process one job, by queue.',
          labelNames: ['queue'] as const,
          buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
          registers: [registry],
        }),
    ),
  };
}

export interface BufferMetrics {
  pending: Gauge;
  dropped: Counter;
  enqueued: Counter;
  flushFailures: Counter;
  flushDuration: Histogram;
}

export function bufferMetrics(registry: Registry = register): BufferMetrics {
  return {
    pending: once(
      registry,
      'parapet_analytics_buffer_pending',
      () =>
        new Gauge({
          name: 'parapet_analytics_buffer_pending',
          help: 'Execution records buffered in this process, not yet handed to the queue.',
          registers: [registry],
        }),
    ),
    dropped: once(
      registry,
      'parapet_analytics_buffer_dropped_total',
      () =>
        new Counter({
          name: 'parapet_analytics_buffer_dropped_total',
          help: 'Execution records dropped because the buffer was full (oldest first) or closed.',
          registers: [registry],
        }),
    ),
    enqueued: once(
      registry,
      'parapet_analytics_buffer_enqueued_total',
      () =>
        new Counter({
          name: 'parapet_analytics_buffer_enqueued_total',
          help: 'Execution records handed to the analytics queue.',
          registers: [registry],
        }),
    ),
    flushFailures: once(
      registry,
      'parapet_analytics_buffer_flush_failures_total',
      () =>
        new Counter({
          name: 'parapet_analytics_buffer_flush_failures_total',
          help: 'Failed or timed-out attempts to hand a micro-batch to the analytics queue.',
          registers: [registry],
        }),
    ),
    flushDuration: once(
      registry,
      'parapet_analytics_buffer_flush_duration_seconds',
      () =>
        new Histogram({
          name: 'parapet_analytics_buffer_flush_duration_seconds',
          help: 'Time to hand a group of micro-batches to the analytics queue.',
          buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
          registers: [registry],
        }),
    ),
  };
}
