// The profile's services, built in the order they depend on each other: the log (which masks every stored key
// pair), secrets, settings, context keys, the session and the active profile's client. Disposed with the extension.
import type * as vscode from 'vscode';
import { ContextKeys } from '../platform/contextKeys.js';
import { HostLog } from '../platform/log.js';
import { ClientProvider } from './clients.js';
import { HostConfig } from './config.js';
import { ProfileSecrets } from './secrets.js';
import { SessionState } from './session.js';

export interface ProfileServices {
  log: HostLog;
  secrets: ProfileSecrets;
  config: HostConfig;
  contextKeys: ContextKeys;
  session: SessionState;
  clients: ClientProvider;
}

export function createProfile(ctx: vscode.ExtensionContext): ProfileServices {
  const log = HostLog.create();
  // Every stored key pair is masked in the log (shared/redact.ts KEY_ID_VISIBLE: how much of the id stays readable).
  const secrets = new ProfileSecrets(ctx.secrets, (c) => {
    log.addCredentials(c.accessKeyId, c.secretAccessKey);
  });
  const config = new HostConfig(log);
  const contextKeys = new ContextKeys();
  const session = new SessionState(config, secrets, contextKeys, log);
  const clients = new ClientProvider(config, secrets, log);
  ctx.subscriptions.push(log, secrets, config, session, clients);
  return { log, secrets, config, contextKeys, session, clients };
}
