/**
 * API entry point: `node apps/api/src/main.ts`. Forks API_PROCESSES workers (default: one per
 * core) that share the port; each worker builds its own services and serves the Koa app.
 */
import cluster from 'node:cluster';
import { loadConfig } from '@parapet/config';
import { pino } from 'pino';
import { startServer } from './server.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel, base: { service: 'api', pid: process.pid } });

if (config.apiProcesses > 1 && cluster.isPrimary) {
  logger.info({ processes: config.apiProcesses }, 'starting API processes');
  let stopping = false;
  for (let i = 0; i < config.apiProcesses; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'API process died; starting another');
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const hardStop = setTimeout(() => process.exit(1), 15_000);
    hardStop.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGTERM'));
} else {
  const server = await startServer(config, logger);
  const stop = async () => {
    const hardStop = setTimeout(() => process.exit(1), 10_000);
    hardStop.unref();
    await server.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
