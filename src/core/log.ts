// The core's logging seam. The host adapts this to a LogOutputChannel; the core never logs
// headers, credentials, bodies or full phone numbers, so any sink is safe to show a user.

export interface Logger {
  trace(m: string): void;
  debug(m: string): void;
  info(m: string): void;
  warn(m: string): void;
  error(m: string): void;
}

const noop = (): void => undefined;

/** Discards everything; the default when no logger is given. */
export const nullLogger: Logger = Object.freeze({ trace: noop, debug: noop, info: noop, warn: noop, error: noop });
