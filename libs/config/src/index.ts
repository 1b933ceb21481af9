export { type Config, ConfigError, loadConfig, WORKER_ROLES, type WorkerRole } from './config.ts';
