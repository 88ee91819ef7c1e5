// The watch as activation sees it: what is watched (kept in this window's workspace state, so a reload resumes it;
// a folder reopened later asks Resume / Not now first and reads nothing until then), the set the Voice Instances
// tree marks, and the rules that end a watch — sign-out, another profile, an instance removed from the profile. The engine, its status-bar item and its alerts (watch/runner.ts) are in
// dist/features.js and load only when a watch starts or resumes: a window that watches nothing parses none of it.
import * as vscode from 'vscode';
import { CONTEXT_KEYS, WATCH_RELOAD_GRACE_ENV } from '../shared/ids.js';
import type { Confirmations } from '../host/platform/confirmations.js';
import { loadFeatures } from './featuresLoader.js';
import type { WatchService } from '../host/watch/watchService.js';
import type { ContextKeys } from '../host/platform/contextKeys.js';
import type { HostLog } from '../host/platform/log.js';
import type { SessionSnapshot, SessionState } from '../host/profile/session.js';
import { Disposable } from '../host/platform/lifecycle.js';
import { realClock, type TimerHandle, type WatchClock } from '../host/watch/clock.js';
import type { InstanceReading } from '../host/watch/readings.js';
import type { WatchRunner, WatchRunnerDeps } from '../host/watch/runner.js';
import { HEARTBEAT_MS, parseStoredWatch, reloadGraceMs, resumesSilently, WATCH_STATE_KEY, type StoredWatch } from '../host/watch/stored.js';

export type WatchHandleDeps = Omit<WatchRunnerDeps, 'clock' | 'focused' | 'confirmations'> & {
  readonly session: SessionState;
  /** Asks Resume / Not now (the test seam answers it). */
  readonly confirmations: Pick<Confirmations, 'notify'>;
  readonly contextKeys: ContextKeys;
  readonly log: HostLog;
};

export class WatchHandle extends Disposable implements WatchService {
  private stored: StoredWatch | undefined;
  private runner: WatchRunner | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** The test seam's clock and focus (undefined: the editor's). */
  private clockOverride: WatchClock | undefined;
  private focusOverride: boolean | undefined;
  private heartbeat: TimerHandle | undefined;
  /** The Resume / Not now question is on show: asked once per window, whatever the session does meanwhile. */
  private asking = false;

  /** Fires when the watched set changes (the tree redraws its instance rows). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly deps: WatchHandleDeps,
    private readonly workspaceState: vscode.Memento,
  ) {
    super();
    this.stored = parseStoredWatch(workspaceState.get(WATCH_STATE_KEY));
    this._register(deps.session.onDidChange((s) => this.onSession(s)));
    this._register(vscode.window.onDidChangeWindowState(() => this.runner?.reschedule()));
  }

  /** The instances watched for the active profile (the tree marks them). */
  get watched(): ReadonlySet<string> {
    const s = this.stored;
    return new Set(s && this.runner ? s.instanceIds : []);
  }

  readings(): readonly InstanceReading[] {
    return this.runner?.engine.snapshot.readings ?? [];
  }

  get profile(): string | undefined {
    return this.stored?.profile;
  }

  /** The running watch (the test seam and the commands read it); undefined when nothing is watched. */
  get current(): WatchRunner | undefined {
    return this.runner;
  }

  clock(): WatchClock {
    return this.clockOverride ?? realClock;
  }

  focused(): boolean {
    return this.focusOverride ?? vscode.window.state.focused;
  }

  /** The test seam drives time and focus (undefined: back to the editor's). */
  drive(clock: WatchClock | undefined, focused: boolean | undefined): void {
    this.clockOverride = clock;
    this.focusOverride = focused;
    this.runner?.reschedule();
    if (this.runner) this.beat();
  }

  /** Starts (or changes) the watch of the active profile; returns the ids watched. */
  async start(profile: string, instanceIds: string[]): Promise<string[]> {
    const keep = this.stored?.profile === profile ? this.runner?.baselines() : undefined;
    const next: StoredWatch = { profile, instanceIds, baselines: keep ?? {} };
    await this.save(next);
    if (this.runner) this.runner.setInstances(instanceIds);
    else this.run(next);
    this.deps.log.info(`Watch started for ${instanceIds.length} instance(s) of profile "${profile}".`);
    this.changed.fire();
    return instanceIds;
  }

  /** Ends the watch; resolves true when one was running or stored. */
  async stop(why = 'stopped'): Promise<boolean> {
    const had = this.stored !== undefined || this.runner !== undefined;
    this.halt();
    await this.save(undefined);
    if (had) {
      this.deps.log.info(`Watch ${why}.`);
      this.changed.fire();
    }
    return had;
  }

  /** Keeps the baselines ("since the watch began") and the time it was last alive with the stored watch. */
  persist(): void {
    if (this.stored && this.runner) void this.save({ ...this.stored, baselines: this.runner.baselines(), aliveAt: this.clock().now() });
  }

  /** The test seam: what the window's end does (the watch stays stored, as when the folder is closed). */
  async windowClosed(): Promise<void> {
    const stored = this.stored;
    this.halt();
    if (stored) await this.workspaceState.update(WATCH_STATE_KEY, stored);
  }

  /** The test seam: what a window opening on this folder does with the stored watch, by the watch's clock. */
  windowOpened(): void {
    this.stored = parseStoredWatch(this.workspaceState.get(WATCH_STATE_KEY));
    this.onSession(this.deps.session.current);
  }

  private onSession(s: SessionSnapshot): void {
    const stored = this.stored;
    if (!stored) return;
    if (!s.signedIn || s.profile?.name !== stored.profile) {
      void this.stop(s.signedIn ? 'stopped: another profile is active' : 'stopped: signed out');
      return;
    }
    // An instance removed from the profile (or unpinned) is no longer read.
    const left = stored.instanceIds.filter((id) => s.instances.includes(id));
    if (left.length === 0) {
      void this.stop('stopped: its instances were removed');
      return;
    }
    if (this.runner) {
      if (left.length !== stored.instanceIds.length) void this.start(stored.profile, left);
      return;
    }
    // A watch left by an earlier window: kept, without reading, until it resumes.
    if (left.length !== stored.instanceIds.length) void this.save({ ...stored, instanceIds: left });
    this.resumeLeftOver();
  }

  /** After a reload the watch carries on; a folder opened again later asks first, once, and reads nothing until Resume. */
  private resumeLeftOver(): void {
    const stored = this.stored;
    if (!stored || this.asking) return;
    if (resumesSilently(stored, this.clock().now(), reloadGraceMs(process.env[WATCH_RELOAD_GRACE_ENV]))) {
      this.run(stored);
      this.deps.log.info(
        `Watch resumed after a window reload for ${stored.instanceIds.length} instance(s) of profile "${stored.profile}".`,
      );
      this.changed.fire();
      return;
    }
    this.asking = true;
    void this.askToResume(stored)
      .catch((e: unknown) => this.deps.log.warn(`Watch: the question to resume failed: ${String(e)}`))
      .finally(() => (this.asking = false));
  }

  private async askToResume(stored: StoredWatch): Promise<void> {
    this.deps.log.info(
      `Watch left running when this folder was last open (${stored.instanceIds.length} instance(s)): asking before reading.`,
    );
    const resume = await loadFeatures().askToResumeWatch(this.deps.confirmations, stored);
    // Meanwhile the user may have started another watch, or the session ended this one.
    const now = this.stored;
    if (!now || this.runner) return;
    if (!resume) {
      await this.stop('not resumed (Not now)');
      return;
    }
    this.run(now);
    this.deps.log.info(`Watch resumed by the user for ${now.instanceIds.length} instance(s) of profile "${now.profile}".`);
    this.changed.fire();
  }

  private run(watch: StoredWatch): void {
    this.runner = new (loadFeatures().WatchRunner)({ ...this.deps, clock: () => this.clock(), focused: () => this.focused() }, watch, () =>
      this.persist(),
    );
    void this.deps.contextKeys.set(CONTEXT_KEYS.watching, true);
    this.beat();
  }

  /** Notes now, and every HEARTBEAT_MS while the watch runs, that a window holds it (a reload is told from a reopening by it). */
  private beat(): void {
    this.heartbeat?.dispose();
    this.heartbeat = undefined;
    if (!this.runner) return;
    this.persist();
    this.heartbeat = this.clock().after(HEARTBEAT_MS, () => this.beat());
  }

  /** Ends the reading and the heartbeat; what is stored stays. */
  private halt(): void {
    this.heartbeat?.dispose();
    this.heartbeat = undefined;
    this.runner?.dispose();
    this.runner = undefined;
  }

  private async save(next: StoredWatch | undefined): Promise<void> {
    this.stored = next;
    if (!next) void this.deps.contextKeys.set(CONTEXT_KEYS.watching, false);
    await this.workspaceState.update(WATCH_STATE_KEY, next);
  }

  override dispose(): void {
    // The last sign of life before a reload (best effort: the heartbeat is what counts).
    this.persist();
    this.halt();
    super.dispose();
  }
}
