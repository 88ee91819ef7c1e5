// The offline demo as activation sees it: a small handle that loads the demo's implementation
// (src/host/demo/demoMode.ts, in dist/features.js) only when a demo is started, stopped or left over by an
// earlier window. Most windows never run the demo, so activation does not parse it.
import type * as vscode from 'vscode';
import { CONTEXT_KEYS, DEMO_PROFILE_NAME } from '../../shared/ids.js';
import type { DemoMode, DemoServices } from './demoMode.js';
import { loadFeatures } from '../bundles/featuresLoader.js';

export class DemoHandle implements vscode.Disposable {
  private impl: DemoMode | undefined;

  constructor(
    private readonly services: DemoServices,
    private readonly memento: vscode.Memento,
  ) {}

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
    return this.demo().start();
  }

  stop(): Promise<string | undefined> {
    return this.demo().stop();
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

  private async resumeNow(): Promise<boolean> {
    const hasProfile = this.services.config.settings.profiles.some((p) => p.name === DEMO_PROFILE_NAME);
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
      this.impl = new (loadFeatures().DemoMode)(this.services, this.memento);
      if (this.live) this.impl.liveTraffic(true);
    }
    return this.impl;
  }

  dispose(): void {
    this.impl?.dispose();
  }
}
