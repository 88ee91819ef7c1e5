// The offline demo as activation sees it: a small handle that loads the demo's implementation
// (src/host/demo/demoMode.ts, in dist/features.js) only when a demo is started, stopped or left over by an
// earlier window. Most windows never run the demo, so activation does not parse it.
import type * as vscode from 'vscode';
import { CONTEXT_KEYS, DEMO_PROFILE_NAME, SETTINGS } from '../shared/ids.js';
import type { DemoMode, DemoServices } from '../host/demo/demoMode.js';
import type { DemoService } from '../host/demo/demoService.js';

/** Builds the demo's implementation (extension.ts: from dist/features.js, loaded on this first call). */
export type DemoFactory = (services: DemoServices, memento: vscode.Memento) => DemoMode;

export class DemoHandle implements DemoService, vscode.Disposable {
  private impl: DemoMode | undefined;
  private readonly profilesListener: vscode.Disposable;
  /** Whether the demo profile was in the settings at the last look (undefined before activation's). */
  private seen: boolean | undefined;
  /** Starts and stops of this window under way: the profile they write is theirs, not one to resume. */
  private busy = 0;

  constructor(
    private readonly services: DemoServices,
    private readonly memento: vscode.Memento,
    private readonly create: DemoFactory,
  ) {
    // Activation looks for a left-over demo profile once, but the profile can arrive in the settings later: another
    // window starts the demo, or the editor hands this window its settings late. Either way this window needs its own
    // simulator, as at activation (else its requests go to the other window's, and fail once that window closes).
    this.profilesListener = services.config.onDidChange((e) => {
      if (e.affects(SETTINGS.profiles)) void this.profilesChanged();
    });
  }

  /** Where this window's requests for `profile` go instead of its stored URL (only while its simulator runs). */
  ownBaseUrl(profile: string): string | undefined {
    return this.impl?.ownBaseUrl(profile);
  }

  /** While a watch of the demo profile runs, today's calls grow and the balance falls (the simulator's live traffic). */
  liveTraffic(on: boolean): void {
    this.live = on;
    this.impl?.liveTraffic(on);
  }

  private live = false;

  start(): Promise<string> {
    return this.whileBusy(() => this.demo().start());
  }

  stop(): Promise<string | undefined> {
    return this.whileBusy(() => this.demo().stop());
  }

  private async whileBusy<T>(f: () => Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await f();
    } finally {
      this.busy--;
    }
  }

  /**
   * While a demo left by an earlier window restarts here: its promise, for `profile` the demo profile. A panel the
   * reload brings back asks for the demo at once; its requests wait for this window's simulator instead of going to
   * the dead URL the profile still names (and the client built for it being dropped under them).
   */
  resuming(profile: string): Promise<unknown> | undefined {
    return profile === DEMO_PROFILE_NAME ? this.resume : undefined;
  }

  private resume: Promise<boolean> | undefined;

  /** At activation: sets demoActive, and resumes a demo left by an earlier window (see DemoMode). Never rejects. */
  resumeIfLeftOver(): Promise<boolean> {
    this.resume = this.resumeNow().finally(() => (this.resume = undefined));
    return this.resume;
  }

  /** The demo profile came into the settings: this window's simulator starts, unless it runs or is on its way. */
  private async profilesChanged(): Promise<void> {
    // A resume under way read the settings before this change (activation's, while the editor hands a busy window
    // its settings late): once it ends, look again, or a profile that landed meanwhile is never resumed.
    if (this.resume) await this.resume;
    const hasProfile = this.hasProfile();
    const appeared = hasProfile && this.seen === false;
    this.seen = hasProfile;
    if (!appeared || this.busy > 0 || this.resume || this.impl?.state.running) {
      await this.services.contextKeys.set(CONTEXT_KEYS.demoActive, hasProfile);
      return;
    }
    this.services.log.info("Offline demo: the demo profile appeared in the settings after start-up; starting this window's simulator.");
    await this.resumeIfLeftOver();
  }

  private hasProfile(): boolean {
    return this.services.config.settings.profiles.some((p) => p.name === DEMO_PROFILE_NAME);
  }

  private async resumeNow(): Promise<boolean> {
    const hasProfile = this.hasProfile();
    this.seen = hasProfile;
    // Awaited before loading anything, so activation itself never parses the demo.
    await this.services.contextKeys.set(CONTEXT_KEYS.demoActive, hasProfile);
    if (!hasProfile && !this.impl) return false;
    try {
      return await this.demo().resumeIfLeftOver();
    } catch (e) {
      this.services.log.error('Could not restart the offline demo:', e);
      return false;
    }
  }

  private demo(): DemoMode {
    if (!this.impl) {
      this.impl = this.create(this.services, this.memento);
      if (this.live) this.impl.liveTraffic(true);
    }
    return this.impl;
  }

  dispose(): void {
    this.profilesListener.dispose();
    this.impl?.dispose();
  }
}
