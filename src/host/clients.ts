// One core client per active profile, built lazily from settings + SecretStorage and dropped when
// either changes, so every feature talks to the service the same way.
import * as vscode from 'vscode';
import type { Dispatcher } from 'undici';
import type { ProxyDecision, ProxyInputs, RequestScheduler, TrustSource, TrustStore, VoiceSmsClient } from '../core/index.js';
import type { HostConfig } from './config.js';
import { loadCore } from './core.js';
import { DisposableStore } from './lifecycle.js';
import type { HostLog } from './log.js';
import type { ProfileSecrets, ProfileCredentials } from './secrets.js';
import type { ProfileSettings } from './settings.js';

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super(vscode.l10n.t('You are not signed in. Run "Voice & SMS: Sign In" or start the offline demo.'));
  }
}

export interface ActiveClient {
  profile: ProfileSettings;
  client: VoiceSmsClient;
}

export class ClientProvider implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private current: { key: string; client: VoiceSmsClient } | undefined;
  /**
   * One scheduler per profile name for every view's requests. Kept when a client is rebuilt (a settings or
   * secret change), so a limit lowered by the service's 429/503 answers is not reset by an unrelated edit.
   */
  private readonly schedulers = new Map<string, RequestScheduler>();
  private baseUrlOverride: ((profile: string) => string | undefined) | undefined;

  constructor(
    private readonly config: HostConfig,
    private readonly secrets: ProfileSecrets,
    private readonly log: HostLog,
  ) {
    this.disposables.add(
      config.onDidChange(() => {
        for (const s of this.schedulers.values()) if (s.maxConcurrent !== this.config.settings.maxConcurrentRequests) s.setMaxConcurrent(this.config.settings.maxConcurrentRequests);
        this.drop();
      }),
    );
    this.disposables.add(secrets.onDidChange(() => this.drop()));
    // The editor's proxy settings live outside voiceSms.*; a change needs a new dispatcher.
    this.disposables.add(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (['http.proxy', 'http.proxyStrictSSL', 'http.noProxy', 'http.systemCertificates'].some((k) => e.affectsConfiguration(k))) this.drop();
      }),
    );
  }

  /** Builds a client for any profile + credentials (sign-in verification uses this before saving). */
  create(profile: Pick<ProfileSettings, 'name' | 'baseUrl'>, credentials: ProfileCredentials): VoiceSmsClient {
    const s = this.config.settings;
    const totalMs = s.requestTimeoutSeconds * 1000;
    const core = loadCore();
    const trust = this.trustFor(profile.baseUrl);
    const dispatcher = this.proxyDispatcher(profile.baseUrl, Math.min(totalMs, 10_000), trust);
    const client = core.createClient({
      baseUrl: profile.baseUrl,
      credentials,
      auth: { scheme: s.authScheme, form: s.authForm, signature: s.authSignature },
      timeouts: { totalMs, headersMs: totalMs, bodyMs: totalMs, connectMs: Math.min(totalMs, 10_000) },
      logger: this.log,
      defaultRegion: s.smsDefaultRegion || undefined,
      profileName: profile.name,
      scheduler: this.schedulerOf(profile.name),
      ...(dispatcher ? { dispatcher } : {}),
      ...(trust ? { trust } : {}),
    });
    if (!dispatcher) return client;
    // The client never closes a dispatcher it was given; this one is ours, so close both together.
    return { ...client, close: async () => { await client.close(); await dispatcher.close(); } };
  }

  private schedulerOf(profileName: string): RequestScheduler {
    let s = this.schedulers.get(profileName);
    if (!s) {
      s = new (loadCore().RequestScheduler)({ maxConcurrent: this.config.settings.maxConcurrentRequests });
      this.schedulers.set(profileName, s);
    }
    return s;
  }

  /**
   * The CAs an https base URL is checked against: Node's roots, the OS store (unless the editor's
   * `http.systemCertificates` is off), `voiceSms.tls.caFile` and NODE_EXTRA_CA_CERTS. Undefined for http
   * (loopback) URLs, so a broken CA file never stops the offline demo. Throws the core's message for a
   * CA file that cannot be used.
   */
  trustFor(baseUrl: string): TrustStore | undefined {
    if (!/^https:/i.test(baseUrl.trim())) return undefined;
    const core = loadCore();
    const trust = core.resolveTrust({
      systemCertificates: vscode.workspace.getConfiguration('http').get<boolean>('systemCertificates') ?? true,
      caFile: this.config.settings.tlsCaFile,
      env: process.env,
    });
    this.log.info(`TLS trust: ${core.describeTrust(trust)}`);
    return trust;
  }

  /**
   * An undici ProxyAgent when `http.proxy` (else HTTPS_PROXY/HTTP_PROXY) applies to `baseUrl` and
   * neither `http.noProxy` nor NO_PROXY exempts its host. The service's certificate is checked against
   * `trust` either way; `http.proxyStrictSSL` only concerns an https proxy.
   */
  private proxyDispatcher(baseUrl: string, connectMs: number, trust: TrustStore | undefined): (Dispatcher & { close(): Promise<void> }) | undefined {
    const http = vscode.workspace.getConfiguration('http');
    const core = loadCore();
    let proxyUrl: string | undefined;
    try {
      proxyUrl = core.resolveProxy(proxyInputs(baseUrl));
    } catch {
      return undefined; // a bad base URL is reported by createClient with the core's wording
    }
    if (!proxyUrl) return undefined;
    this.log.info(`Using proxy ${core.redactProxyUrl(proxyUrl)} for ${new URL(baseUrl).host}`);
    return core.createProxyDispatcher({
      proxyUrl,
      strictSSL: http.get<boolean>('proxyStrictSSL') ?? true,
      connectMs,
      ...(trust && core.addsToNodeDefaults(trust) ? { secureContext: trust.secureContext() } : {}),
    });
  }

  /**
   * What requests to `baseUrl` would go through, for Check Connection: the proxy decision (credentials
   * removed) and the trust sources, or the CA file's error.
   */
  routeFacts(baseUrl: string): { proxy: ProxyDecision; trust?: readonly TrustSource[] | { error: string } } {
    const proxy = loadCore().explainProxy(proxyInputs(baseUrl));
    try {
      const trust = this.trustFor(baseUrl);
      return trust ? { proxy, trust: trust.sources } : { proxy };
    } catch (e) {
      return { proxy, trust: { error: e instanceof Error ? e.message : String(e) } };
    }
  }

  /**
   * Where requests of a profile go instead of its stored base URL (the offline demo: this window's own
   * simulator, since the shared demo profile may name another window's).
   */
  setBaseUrlOverride(override: (profile: string) => string | undefined): void {
    this.baseUrlOverride = override;
  }

  /** The active profile's client; throws NotSignedInError when there is no usable profile. */
  async active(): Promise<ActiveClient> {
    const stored = this.config.activeProfile;
    if (!stored) throw new NotSignedInError();
    const own = this.baseUrlOverride?.(stored.name);
    const profile = own !== undefined ? { ...stored, baseUrl: own } : stored;
    const credentials = await this.secrets.get(profile.name);
    if (!credentials) throw new NotSignedInError();
    const s = this.config.settings;
    // Everything that shapes requests; a change in any of them needs a new client. (A new secret
    // fires secrets.onDidChange, which drops the client, so the secret itself is not part of the key.)
    const key = JSON.stringify([profile.name, profile.baseUrl, credentials.accessKeyId, s.requestTimeoutSeconds,
      s.authScheme, s.authForm, s.authSignature, s.smsDefaultRegion, s.tlsCaFile]);
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

/** The editor's proxy settings and the environment, as the core's proxy rules take them. */
function proxyInputs(targetUrl: string): ProxyInputs {
  const http = vscode.workspace.getConfiguration('http');
  return {
    targetUrl,
    proxySetting: http.get<string>('proxy') ?? '',
    noProxySetting: (http.get<unknown>('noProxy') as unknown[] | undefined)?.filter((x): x is string => typeof x === 'string') ?? [],
    env: process.env,
  };
}
