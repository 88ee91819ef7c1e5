// One core client per active profile, built lazily from settings + SecretStorage and dropped when
// either changes, so every feature talks to the service the same way.
import * as vscode from 'vscode';
import type { VoiceSmsClient } from '../core/index.js';
import type { HostConfig } from './config.js';
import { loadCore } from './core.js';
import { DisposableStore } from './lifecycle.js';
import type { HostLog } from './log.js';
import type { ProfileSecrets, ProfileCredentials } from './secrets.js';
import type { ProfileSettings } from './settings.js';

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super('You are not signed in. Run "Voice & SMS: Sign In" or start the offline demo.');
  }
}

export interface ActiveClient {
  profile: ProfileSettings;
  client: VoiceSmsClient;
}

export class ClientProvider implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private current: { key: string; client: VoiceSmsClient } | undefined;

  constructor(
    private readonly config: HostConfig,
    private readonly secrets: ProfileSecrets,
    private readonly log: HostLog,
  ) {
    this.disposables.add(config.onDidChange(() => this.drop()));
    this.disposables.add(secrets.onDidChange(() => this.drop()));
  }

  /** Builds a client for any profile + credentials (sign-in verification uses this before saving). */
  create(profile: Pick<ProfileSettings, 'name' | 'baseUrl'>, credentials: ProfileCredentials): VoiceSmsClient {
    const s = this.config.settings;
    const totalMs = s.requestTimeoutSeconds * 1000;
    return loadCore().createClient({
      baseUrl: profile.baseUrl,
      credentials,
      auth: { scheme: s.authScheme, form: s.authForm, signature: s.authSignature },
      timeouts: { totalMs, headersMs: totalMs, bodyMs: totalMs, connectMs: Math.min(totalMs, 10_000) },
      logger: this.log,
      defaultRegion: s.smsDefaultRegion || undefined,
      profileName: profile.name,
    });
  }

  /** The active profile's client; throws NotSignedInError when there is no usable profile. */
  async active(): Promise<ActiveClient> {
    const profile = this.config.activeProfile;
    if (!profile) throw new NotSignedInError();
    const credentials = await this.secrets.get(profile.name);
    if (!credentials) throw new NotSignedInError();
    const s = this.config.settings;
    // Everything that shapes requests; a change in any of them needs a new client. (A new secret
    // fires secrets.onDidChange, which drops the client, so the secret itself is not part of the key.)
    const key = JSON.stringify([profile.name, profile.baseUrl, credentials.accessKeyId, s.requestTimeoutSeconds,
      s.authScheme, s.authForm, s.authSignature, s.smsDefaultRegion]);
    if (this.current?.key !== key) {
      this.drop();
      this.current = { key, client: this.create(profile, credentials) };
    }
    return { profile, client: this.current.client };
  }

  private drop(): void {
    const old = this.current;
    this.current = undefined;
    if (old) void old.client.close().catch(() => undefined);
  }

  dispose(): void {
    this.drop();
    this.disposables.dispose();
  }
}
