// One core client per active profile, built lazily from settings + SecretStorage and dropped when
// either changes, so every feature talks to the service the same way.
import * as http from 'node:http';
import * as https from 'node:https';
import * as vscode from 'vscode';
import type {
  EditorNetwork,
  NetworkInputs,
  RequestScheduler,
  RouteTaken,
  routeFacts as routeFactsFn,
  VoiceSmsClient,
} from '../../core/index.js';
import type { HostConfig } from './config.js';
import { loadCore } from '../bundles/coreLoader.js';
import { Disposable } from '../platform/lifecycle.js';
import type { HostLog } from '../platform/log.js';
import type { ProfileSecrets, ProfileCredentials } from './secrets.js';
import type { ProfileSettings } from './settings.js';

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super(vscode.l10n.t('You are not signed in. Run "Voice & SMS: Sign In" or start the offline demo.'));
  }
}

/** The offline demo as the clients see it (shell/demoHandle.ts). */
export interface BaseUrlOverride {
  /** Where requests of `profile` go instead of its stored base URL; undefined: the stored one. */
  ownBaseUrl(profile: string): string | undefined;
  /** While `profile`'s base URL is being set up (the demo restarting after a reload): its promise. */
  resuming(profile: string): Promise<unknown> | undefined;
}

export interface ActiveClient {
  profile: ProfileSettings;
  client: VoiceSmsClient;
}

export class ClientProvider extends Disposable {
  private current: { key: string; client: VoiceSmsClient } | undefined;
  /**
   * One scheduler per profile name for every view's requests. Kept when a client is rebuilt (a settings or
   * secret change), so a limit lowered by the service's 429/503 answers is not reset by an unrelated edit.
   */
  private readonly schedulers = new Map<string, RequestScheduler>();
  private baseUrlOverride: BaseUrlOverride | undefined;
  /** The way the last request on the editor's network stack took, for Check Connection. */
  private lastRoute: RouteTaken | undefined;

  constructor(
    private readonly config: HostConfig,
    private readonly secrets: ProfileSecrets,
    private readonly log: HostLog,
  ) {
    super();
    this._register(
      config.onDidChange(() => {
        for (const s of this.schedulers.values())
          if (s.maxConcurrent !== this.config.settings.maxConcurrentRequests)
            s.setMaxConcurrent(this.config.settings.maxConcurrentRequests);
        this.drop();
      }),
    );
    this._register(secrets.onDidChange(() => this.drop()));
    // The editor's proxy settings live outside voiceSms.*; a change needs a new dispatcher.
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (
          [
            'http.proxy',
            'http.proxyStrictSSL',
            'http.noProxy',
            'http.systemCertificates',
            'http.proxySupport',
            'http.proxyAuthorization',
          ].some((k) => e.affectsConfiguration(k))
        )
          this.drop();
      }),
    );
  }

  /** Builds a client for any profile + credentials (sign-in verification uses this before saving). */
  create(profile: Pick<ProfileSettings, 'name' | 'baseUrl'>, credentials: ProfileCredentials): VoiceSmsClient {
    const s = this.config.settings;
    const totalMs = s.requestTimeoutSeconds * 1000;
    return loadCore().connectClient(
      {
        baseUrl: profile.baseUrl,
        credentials,
        auth: { scheme: s.authScheme, form: s.authForm, signature: s.authSignature },
        timeouts: { totalMs, headersMs: totalMs, bodyMs: totalMs, connectMs: Math.min(totalMs, 10_000) },
        logger: this.log,
        defaultRegion: s.smsDefaultRegion || undefined,
        profileName: profile.name,
        scheduler: this.schedulerOf(profile.name),
        // Every credential the log masks (each stored profile's, once read) is scrubbed from answers too.
        knownSecrets: this.log.knownSecrets,
      },
      this.network(),
      this.editorNetwork(),
    );
  }

  private schedulerOf(profileName: string): RequestScheduler {
    let s = this.schedulers.get(profileName);
    if (!s) {
      s = new (loadCore().RequestScheduler)({ maxConcurrent: this.config.settings.maxConcurrentRequests });
      this.schedulers.set(profileName, s);
    }
    return s;
  }

  /** How many of `profileName`'s requests wait for a slot and how many hold one (the test seam); undefined before its first. */
  queueOf(profileName: string): { queued: number; inFlight: number } | undefined {
    const s = this.schedulers.get(profileName);
    return s && { queued: s.queued, inFlight: s.inFlight };
  }

  /** For Check Connection: the proxy decision (credentials removed) and the trust sources, or the CA file's error. */
  routeFacts(baseUrl: string): ReturnType<typeof routeFactsFn> {
    const last = this.lastRoute;
    return loadCore().routeFacts(baseUrl, this.network(), this.log, { ...this.editorNetwork(), ...(last ? { lastRoute: last } : {}) });
  }

  /**
   * The editor's network stack: the http/https modules this extension host hands to extensions, which the
   * editor patched with its proxy support (http.proxySupport, PAC, OS proxy, Kerberos, system certificates).
   * The editor does not send http.proxyAuthorization with extensions' requests; the core hands it to the proxy.
   */
  private editorNetwork(): EditorNetwork {
    const config = vscode.workspace.getConfiguration('http');
    const authorization = config.get<unknown>('proxyAuthorization');
    return {
      modules: { http, https },
      proxySupport: config.get<string>('proxySupport') ?? 'override',
      ...(typeof authorization === 'string' && authorization.trim() !== '' ? { proxyAuthorization: authorization.trim() } : {}),
      onRoute: (route) => (this.lastRoute = route),
    };
  }

  /** The editor's proxy and certificate settings and the environment, as the core takes them. */
  private network(): NetworkInputs {
    const http = vscode.workspace.getConfiguration('http');
    return {
      proxySetting: http.get<string>('proxy') ?? '',
      noProxySetting: (http.get<unknown>('noProxy') as unknown[] | undefined)?.filter((x): x is string => typeof x === 'string') ?? [],
      proxyStrictSSL: http.get<boolean>('proxyStrictSSL') ?? true,
      systemCertificates: http.get<boolean>('systemCertificates') ?? true,
      caFile: this.config.settings.tlsCaFile,
      env: process.env,
    };
  }

  /**
   * Where requests of a profile go instead of its stored base URL (the offline demo: this window's own
   * simulator, since the shared demo profile may name another window's), and what to wait for first (the demo
   * restarting after a reload).
   */
  setBaseUrlOverride(override: BaseUrlOverride): void {
    this.baseUrlOverride = override;
  }

  /**
   * Throws NotSignedInError as active() would, without building the client (which loads the core, dist/core.js,
   * the first time): for commands that must say "sign in" before asking or opening anything, and whose panel
   * builds the client itself once the editor is busy drawing it.
   */
  async assertSignedIn(): Promise<void> {
    await this.signedInProfile();
  }

  /** The active profile's client; throws NotSignedInError when there is no usable profile. */
  async active(): Promise<ActiveClient> {
    const { profile, credentials } = await this.signedInProfile();
    const s = this.config.settings;
    // Everything that shapes requests; a change in any of them needs a new client. (A new secret
    // fires secrets.onDidChange, which drops the client, so the secret itself is not part of the key.)
    const key = JSON.stringify([
      profile.name,
      profile.baseUrl,
      credentials.accessKeyId,
      s.requestTimeoutSeconds,
      s.authScheme,
      s.authForm,
      s.authSignature,
      s.smsDefaultRegion,
      s.tlsCaFile,
    ]);
    if (this.current?.key !== key) await this.seeAllProfiles();
    // Checked again after the wait: a concurrent call may have built this very client meanwhile.
    if (this.current?.key !== key) {
      this.drop();
      this.current = { key, client: this.create(profile, credentials) };
    }
    return { profile, client: this.current.client };
  }

  /** The active profile (its base URL as requests use it) and its credentials; NotSignedInError without either. */
  private async signedInProfile(): Promise<{ profile: ProfileSettings; credentials: ProfileCredentials }> {
    const first = this.config.activeProfile;
    if (!first) throw new NotSignedInError();
    await this.baseUrlOverride?.resuming(first.name)?.catch(() => undefined);
    // Read again: the wait may have rewritten the profile (the demo's URL and secret).
    const stored = this.config.activeProfile;
    if (!stored) throw new NotSignedInError();
    const own = this.baseUrlOverride?.ownBaseUrl(stored.name);
    const profile = own !== undefined ? { ...stored, baseUrl: own } : stored;
    const credentials = await this.secrets.get(profile.name);
    if (!credentials) throw new NotSignedInError();
    return { profile, credentials };
  }

  /**
   * Reads every configured profile's credentials once per client, so the log (and with it the client's answer
   * boundary) masks them all: an answer must not carry another profile's secret either.
   */
  private async seeAllProfiles(): Promise<void> {
    for (const p of this.config.settings.profiles) await this.secrets.get(p.name).catch(() => undefined);
  }

  private drop(): void {
    const old = this.current;
    this.current = undefined;
    this.lastRoute = undefined;
    if (old) void old.client.close().catch(() => undefined);
  }

  override dispose(): void {
    this.drop();
    super.dispose();
  }
}
