import type { Config } from '@parapet/config';
import { pino } from 'pino';
import { startWorker, type WorkerHandle } from '../../apps/worker/src/worker.ts';

/** Runs the real worker (analytics and provisioning roles) in-process against the test services. */
export function startTestWorker(config: Config): Promise<WorkerHandle> {
  return startWorker(
    { ...config, workerRoles: ['analytics', 'provisioning'] },
    { logger: pino({ level: 'silent' }) },
  );
}
