export { startWorker, type WorkerConfig, type WorkerDeps, type WorkerHandle } from './worker.ts';
