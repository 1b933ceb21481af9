import { ConfigError, loadConfig } from '@parapet/config';
import pino from 'pino';
import { startWorker } from './worker.ts';

/** Hard limit on graceful shutdown: in-flight jobs that take longer are left to BullMQ's stalled-job recovery. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

const logger = pino({ level: config.logLevel, base: { service: 'worker' } });
process.on('unhandledRejection', (reason) => {
  logger.error(
    { err: reason instanceof Error ? { name: reason.name, message: reason.message } : String(reason) },
    'unhandled rejection',
  );
});

const handle = await startWorker(config, { logger }).catch((err: unknown) => {
  logger.fatal(
    { err: err instanceof Error ? { name: err.name, message: err.message } : String(err) },
    'worker failed to start',
  );
  process.exit(1);
});

let shuttingDown = false;
function shutdown(signal: string): void {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  const hard = setTimeout(() => {
    logger.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  hard.unref();
  handle.close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err: String(err) }, 'shutdown failed');
      process.exit(1);
    },
  );
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
