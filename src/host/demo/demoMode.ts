// The offline demo: the local simulator runs inside this extension host on a free loopback port,
// and a "Demo (offline)" profile pointing at it is the active profile until the demo stops.
//
// The profile lives in the user settings, so it outlives this window and every window sees it. A window
// that finds it at activation, or sees it arrive later (demoHandle.ts), starts a simulator of its own in the
// background, and its requests for the demo profile always go to that simulator (ClientProvider asks
// `ownBaseUrl`), whatever URL the shared profile holds: two windows never send each other's requests or break
// when the other closes. The
// stored URL is rewritten only when nothing answers there any more (the window that wrote it is gone),
// so windows do not rewrite each other's settings. Activation neither waits for nor bundles the
// simulator. Stopping the demo in any window removes the shared profile.
import * as vscode from 'vscode';
import type { Simulator } from '../../simulator/index.js';
import { CONTEXT_KEYS, DEMO_CONTROL_TOKEN_ENV, DEMO_PORT_ENV, DEMO_PROFILE_NAME, SETTINGS, SETTINGS_SECTION } from '../../shared/ids.js';
import { forgetProfileData, type ProfileDataStores } from '../profile/profileData.js';
import { withoutProfile } from '../profile/profileList.js';
import type { ContextKeys } from '../platform/contextKeys.js';
import type { HostLog } from '../platform/log.js';
import type { HostConfig } from '../profile/config.js';
import type { ProfileSecrets } from '../profile/secrets.js';
import type { SessionState } from '../profile/session.js';
import { loadSimulator, type SimulatorModule } from '../bundles/simulatorLoader.js';

/** globalState key: the profile that was active before the demo, restored by stop(). */
const PREVIOUS_PROFILE_KEY = 'voiceSms.demo.previousProfile';

/** The services the demo uses, named one by one (not picked from HostServices, which would tie this file to every service). */
export interface DemoServices extends ProfileDataStores {
  readonly log: HostLog;
  readonly config: HostConfig;
  readonly secrets: ProfileSecrets;
  readonly session: SessionState;
  readonly contextKeys: ContextKeys;
}

export interface DemoState {
  running: boolean;
  /** The simulator's URL while it runs in this window. */
  baseUrl: string | undefined;
}

export class DemoMode implements vscode.Disposable {
  private sim: Simulator | undefined;
  /** One start at a time: a second start (or resume) waits for the first instead of starting another simulator. */
  private starting: Promise<Simulator> | undefined;
  private disposed = false;

  constructor(
    private readonly services: DemoServices,
    private readonly memento: vscode.Memento,
    private readonly load: () => SimulatorModule = loadSimulator,
  ) {}

  get state(): DemoState {
    return { running: this.sim !== undefined, baseUrl: this.sim?.url };
  }

  /** Where this window's requests for `profile` go instead of its stored URL: this window's own simulator. */
  ownBaseUrl(profile: string): string | undefined {
    return profile === DEMO_PROFILE_NAME ? this.sim?.url : undefined;
  }

  /** Today's calls grow and are charged while on (a watch of the demo profile runs); a no-op without a simulator. */
  liveTraffic(on: boolean): void {
    this.live = on;
    this.sim?.liveTraffic(on);
  }

  /** Asked for before the simulator ran (a watch resumed while a left-over demo restarts): applied when it starts. */
  private live = false;

  /** Starts the simulator (once), saves the demo profile and its credentials, and switches to it. */
  async start(): Promise<string> {
    const previous = this.services.config.activeProfile?.name;
    const sim = await this.ensureSimulator();
    if (previous !== undefined && previous !== DEMO_PROFILE_NAME) await this.memento.update(PREVIOUS_PROFILE_KEY, previous);
    await this.saveProfile(sim);
    if (this.services.config.activeProfile?.name !== DEMO_PROFILE_NAME) {
      await this.services.config.update(SETTINGS.activeProfile, DEMO_PROFILE_NAME);
    }
    await this.services.contextKeys.set(CONTEXT_KEYS.demoActive, true);
    await this.services.session.refresh();
    this.services.log.info(`Offline demo started: simulator at ${sim.url}, profile "${DEMO_PROFILE_NAME}".`);
    return DEMO_PROFILE_NAME;
  }

  /**
   * Stops the simulator, removes the demo profile, its secret and everything kept for it (profileData.ts), and makes the profile that was
   * active before the demo active again. Returns that profile's name (undefined when there was none).
   */
  async stop(): Promise<string | undefined> {
    const sim = this.sim ?? (await this.starting?.catch(() => undefined));
    this.sim = undefined;
    this.starting = undefined;
    await sim?.close();

    const raw = this.userProfiles();
    if (Array.isArray(raw) && raw.some((p) => nameOf(p) === DEMO_PROFILE_NAME)) {
      await this.services.config.update(SETTINGS.profiles, withoutProfile(raw, DEMO_PROFILE_NAME));
    }
    await this.services.secrets.delete(DEMO_PROFILE_NAME);
    // Like removing any profile: the next demo starts with no Sent SMS history and no balance readings.
    await forgetProfileData(this.services, DEMO_PROFILE_NAME);

    const previous = this.memento.get<string>(PREVIOUS_PROFILE_KEY);
    const restore =
      previous !== undefined && this.services.config.settings.profiles.some((p) => p.name === previous) ? previous : undefined;
    const activeSetting = vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<string>(SETTINGS.activeProfile)?.globalValue;
    if (restore !== undefined) await this.services.config.update(SETTINGS.activeProfile, restore);
    // With nothing to restore, unset the name so the first remaining profile (if any) is used.
    else if (activeSetting === DEMO_PROFILE_NAME) await this.services.config.update(SETTINGS.activeProfile, undefined);
    await this.memento.update(PREVIOUS_PROFILE_KEY, undefined);

    await this.services.contextKeys.set(CONTEXT_KEYS.demoActive, false);
    await this.services.session.refresh();
    this.services.log.info(`Offline demo stopped${restore !== undefined ? `; profile "${restore}" is active again` : ''}.`);
    return restore;
  }

  /**
   * At activation: a demo profile left by an earlier window points at a port nobody serves any
   * more. Restart the simulator here and point the profile at it. Never rejects.
   */
  async resumeIfLeftOver(): Promise<boolean> {
    const hasProfile = this.services.config.settings.profiles.some((p) => p.name === DEMO_PROFILE_NAME);
    await this.services.contextKeys.set(CONTEXT_KEYS.demoActive, hasProfile);
    if (!hasProfile || this.sim) return false;
    try {
      const stored = this.services.config.settings.profiles.find((p) => p.name === DEMO_PROFILE_NAME)?.baseUrl;
      const sim = await this.ensureSimulator();
      // Another window's simulator still serving the stored URL keeps it; only a dead one is replaced.
      const shared = stored !== undefined && stored !== sim.url && (await isServing(stored));
      if (shared) await this.storeCredentials(sim);
      else await this.saveProfile(sim);
      await this.services.session.refresh();
      this.services.log.info(
        shared
          ? `Offline demo: this window's simulator runs at ${sim.url}; the shared profile keeps ${stored}, where another window's simulator answers.`
          : `Offline demo resumed from an earlier window: simulator at ${sim.url}.`,
      );
      return true;
    } catch (e) {
      this.services.log.error('Could not restart the offline demo:', e);
      return false;
    }
  }

  private async ensureSimulator(): Promise<Simulator> {
    if (this.sim) return this.sim;
    this.starting ??= (async () => {
      // Random credentials for every demo; a window joining a demo another window runs takes the stored
      // ones, because the demo profile's secret is shared by every window (SecretStorage).
      const shared = this.services.config.settings.profiles.some((p) => p.name === DEMO_PROFILE_NAME)
        ? await this.services.secrets.get(DEMO_PROFILE_NAME)
        : undefined;
      const options = {
        ...(shared !== undefined ? { credentials: { ...shared } } : {}),
        // The host signs with the configured scheme; the simulator must expect the same one.
        authScheme: this.services.config.settings.authScheme,
        log: (line: string) => this.services.log.debug(`demo simulator: ${line}`),
        // Absent outside development: the simulator then picks a random token that is never shown.
        ...(developmentControlToken() !== undefined ? { controlToken: developmentControlToken() } : {}),
      };
      const port = developmentPort();
      let sim: Simulator;
      try {
        sim = await this.load().start({ ...options, port: port ?? 0 });
      } catch (e) {
        // The fixed port may still be held by the window that just reloaded: any free port will do.
        if (port === undefined) throw e;
        this.services.log.info(`Demo port ${port} (${DEMO_PORT_ENV}) is busy; using a free port instead.`);
        sim = await this.load().start({ ...options, port: 0 });
      }
      if (this.disposed) {
        await sim.close();
        throw new Error(vscode.l10n.t('The extension is shutting down.'));
      }
      this.sim = sim;
      if (this.live) sim.liveTraffic(true);
      return sim;
    })().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Writes the demo credentials and the demo profile (replacing an older one, in place). */
  private async saveProfile(sim: Simulator): Promise<void> {
    const { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS } = this.load();
    const baseUrl = sim.url;
    // The secret first, so the profile never shows as "signed out" in between.
    await this.storeCredentials(sim);
    const entry = {
      name: DEMO_PROFILE_NAME,
      baseUrl,
      accountId: DEMO_ACCOUNT,
      voiceInstances: [...DEMO_INSTANCES],
      senderIds: [...DEMO_SENDER_IDS],
    };
    const raw = this.userProfiles();
    const list: unknown[] = Array.isArray(raw) ? [...(raw as unknown[])] : [];
    const index = list.findIndex((p) => nameOf(p) === DEMO_PROFILE_NAME);
    if (index >= 0) list[index] = entry;
    else list.push(entry);
    await this.services.config.update(SETTINGS.profiles, list);
  }

  /** The credentials this start of the simulator drew (random), as the demo profile's secret. */
  private async storeCredentials(sim: Simulator): Promise<void> {
    await this.services.secrets.store(DEMO_PROFILE_NAME, { ...sim.credentials });
  }

  /** The user's own list (not the merged value), so nothing from workspace settings is copied in. */
  private userProfiles(): unknown {
    return vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<unknown>(SETTINGS.profiles)?.globalValue;
  }

  dispose(): void {
    this.disposed = true;
    const sim = this.sim;
    this.sim = undefined;
    // The editor does not await disposables; close() destroys open connections, so nothing lingers.
    if (sim) void sim.close();
  }
}

/**
 * `npm start` pins the demo simulator to a known port (VOICESMS_DEMO_PORT) so its fault-control
 * endpoint can be reached with curl; users never set it, and anything but a valid port is ignored.
 */
function developmentPort(): number | undefined {
  const raw = process.env[DEMO_PORT_ENV];
  const port = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
}

/** True when something answers HTTP at `url` within two seconds (any status: a simulator of another window). */
async function isServing(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** `npm start` and the e2e runner hand the demo a known control token; anything short or odd is ignored. */
function developmentControlToken(): string | undefined {
  const raw = process.env[DEMO_CONTROL_TOKEN_ENV];
  return raw !== undefined && /^[A-Za-z0-9_-]{16,128}$/.test(raw) ? raw : undefined;
}

function nameOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const name = (item as Record<string, unknown>).name;
  return typeof name === 'string' ? name.trim() : undefined;
}
