/** The subset of pino's interface used here, so callers pass their pino logger (or a child of it). */
export interface QueueLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const noop = () => {};
export const silentLogger: QueueLogger = { debug: noop, info: noop, warn: noop, error: noop };

/** A message and code of an error, never its data. */
export function describeError(err: unknown): { message: string; code?: string; name?: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { name: err.name, message: err.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { message: String(err) };
}
