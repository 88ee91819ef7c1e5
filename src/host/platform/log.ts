// The "Voice & SMS" LogOutputChannel. The user picks its level (Output panel → gear, or
// "Developer: Set Log Level"); every line goes through `redact` on its way in.
import * as vscode from 'vscode';
import { LOG_CHANNEL_NAME } from '../../shared/ids.js';
import { RedactingLogger } from './redactingLogger.js';

export class HostLog extends RedactingLogger implements vscode.Disposable {
  private constructor(private readonly channel: vscode.LogOutputChannel) {
    super({
      trace: (line) => channel.trace(line),
      debug: (line) => channel.debug(line),
      info: (line) => channel.info(line),
      warn: (line) => channel.warn(line),
      error: (line) => channel.error(line),
    });
  }

  static create(): HostLog {
    return new HostLog(vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true }));
  }

  /** The level the user chose; lets a caller skip building an expensive debug line. */
  get level(): vscode.LogLevel {
    return this.channel.logLevel;
  }

  show(preserveFocus = false): void {
    this.channel.show(preserveFocus);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
