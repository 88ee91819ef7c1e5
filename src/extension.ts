// Entry point. activate() builds the services and registers commands and views, nothing else: the
// core client (undici, fast-xml-parser, libphonenumber-js) is loaded by the features that need it,
// on first use, so opening the editor never pays for it.
import * as vscode from 'vscode';
import { ClientProvider } from './host/clients.js';
import { registerCommands } from './host/commands/index.js';
import { HostConfig } from './host/config.js';
import { ContextKeys } from './host/contextKeys.js';
import { HostLog } from './host/log.js';
import { ProfileSecrets } from './host/secrets.js';
import type { HostServices } from './host/services.js';
import { SessionState } from './host/session.js';
import { Views } from './host/views/index.js';
import { CONTEXT_KEYS } from './shared/ids.js';

/** Characters of an access key id left readable in the log, enough to tell two keys apart. */
const KEY_ID_VISIBLE = 4;

/**
 * activate()'s return value, for the integration tests (test/integration/log.test.ts): write a
 * line through the redacting logger and find the channel's file. Deliberately narrow: nothing
 * here reads a secret or the list of masked values.
 */
export interface VoiceSmsTestApi {
  log: { info(message: string): void; addSecret(value: string): void };
  logUri: vscode.Uri;
}

export function activate(ctx: vscode.ExtensionContext): VoiceSmsTestApi {
  const started = performance.now();

  const log = HostLog.create();
  ctx.subscriptions.push(log);
  const secrets = new ProfileSecrets(ctx.secrets, (c) => {
    log.addSecret(c.secretAccessKey);
    log.addSecret(c.accessKeyId, KEY_ID_VISIBLE);
  });
  const config = new HostConfig(log);
  const contextKeys = new ContextKeys();
  const session = new SessionState(config, secrets, contextKeys, log);
  const views = new Views();
  const clients = new ClientProvider(config, secrets, log);
  ctx.subscriptions.push(secrets, config, session, views, clients);

  const services: HostServices = { log, config, secrets, session, contextKeys, views, clients };
  registerCommands(ctx, services);

  // Until their features exist, nothing is in the history and no demo runs.
  void contextKeys.set(CONTEXT_KEYS.hasHistory, false);
  void contextKeys.set(CONTEXT_KEYS.demoActive, false);
  // Not awaited: reading SecretStorage may take a moment and the views already show "signed out".
  void session.refresh();

  log.debug(`activated in ${(performance.now() - started).toFixed(1)} ms`);
  return {
    log: { info: (message) => log.info(message), addSecret: (value) => log.addSecret(value) },
    logUri: ctx.logUri,
  };
}

export function deactivate(): void {
  // Everything is in ctx.subscriptions, which the editor disposes.
}
