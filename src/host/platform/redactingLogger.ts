// The core's Logger over any line sink (the LogOutputChannel in the editor, an array in tests),
// with every line passed through `redact` first. Arguments are formatted here, never handed to the
// sink raw, because the sink would print them unredacted.
import { inspect } from 'node:util';
import type { Logger } from '../../core/log.js';
import { KEY_ID_VISIBLE, KnownSecrets, redact } from '../../shared/redact.js';
import { inertText } from '../../shared/untrustedText.js';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
export type LogSink = Record<LogLevel, (line: string) => void>;

export class RedactingLogger implements Logger {
  private readonly secrets = new KnownSecrets();

  constructor(private readonly sink: LogSink) {}

  /** Masks `value` wherever it appears in later lines; `keepPrefix` characters stay readable. */
  addSecret(value: string, keepPrefix = 0): void {
    this.secrets.add(value, keepPrefix);
  }

  /** Masks a key pair: both values and the Basic credential (base64 of `id:secret`) built from them. */
  addCredentials(accessKeyId: string, secretAccessKey: string, keepIdPrefix = KEY_ID_VISIBLE): void {
    this.secrets.addCredentials(accessKeyId, secretAccessKey, keepIdPrefix);
  }

  /**
   * The one way service-controlled text (an error message, a status) is made fit to show or store:
   * every secret masked exactly as in the log, then every link, command link, tag and codicon made
   * inert (untrustedText.ts). Notifications, tree rows, webview errors and the SMS history use it.
   */
  userText(text: string): string {
    return inertText(this.redact(text));
  }

  /** Every secret this logger masks, for the core client's answer boundary (read at each answer, so later additions count). */
  readonly knownSecrets = {
    apply: (text: string): string => this.secrets.apply(text),
    holds: (char: string): boolean => this.secrets.holds(char),
    known: (): KnownSecrets => this.secrets,
  };

  /** Only the known secrets masked: for exact service text (a raw answer) that must stay byte-true otherwise. */
  maskKnownSecrets(text: string): string {
    return this.secrets.apply(text);
  }

  /** The text that would be logged, for callers that show a message elsewhere (an error toast). */
  redact(text: string): string {
    return redact(text, this.secrets);
  }

  trace(message: string, ...args: unknown[]): void {
    this.write('trace', message, args);
  }
  debug(message: string, ...args: unknown[]): void {
    this.write('debug', message, args);
  }
  info(message: string, ...args: unknown[]): void {
    this.write('info', message, args);
  }
  warn(message: string, ...args: unknown[]): void {
    this.write('warn', message, args);
  }
  error(message: string | Error, ...args: unknown[]): void {
    this.write('error', typeof message === 'string' ? message : formatArg(message), args);
  }

  private write(level: LogLevel, message: string, args: unknown[]): void {
    const line = args.length === 0 ? message : [message, ...args.map(formatArg)].join(' ');
    this.sink[level](this.redact(line));
  }
}

function formatArg(value: unknown): string {
  if (typeof value === 'string') return value;
  // breakLength keeps an object on one line, so a multi-line secret pattern cannot slip through.
  return inspect(value, { depth: 4, breakLength: Infinity, compact: true });
}
