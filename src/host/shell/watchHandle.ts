// The watch as activation sees it: what is watched (kept in this window's workspace state, so a reload resumes it),
// the set the Voice Instances tree marks, and the rules that end a watch — sign-out, another profile, an instance
// removed from the profile. The engine, its status-bar item and its alerts (watch/runner.ts) are in
// dist/features.js and load only when a watch starts or resumes: a window that watches nothing parses none of it.
import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import { loadFeatures } from './featuresLoader.js';
import type { WatchService } from '../watch/watchService.js';
import type { ContextKeys } from '../platform/contextKeys.js';
import type { HostLog } from '../platform/log.js';
import type { SessionSnapshot, SessionState } from '../profile/session.js';
import { Disposable } from '../platform/lifecycle.js';
import { realClock, type WatchClock } from '../watch/clock.js';
import type { WatchRunner, WatchRunnerDeps } from '../watch/runner.js';
import { parseStoredWatch, WATCH_STATE_KEY, type StoredWatch } from '../watch/stored.js';

export type WatchHandleDeps = Omit<WatchRunnerDeps, 'clock' | 'focused'> & {
  readonly session: SessionState;
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
    this.runner?.dispose();
    this.runner = undefined;
    await this.save(undefined);
    if (had) {
      this.deps.log.info(`Watch ${why}.`);
      this.changed.fire();
    }
    return had;
  }

  /** Keeps the baselines ("since the watch began") with the stored watch. */
  persist(): void {
    if (this.stored && this.runner) void this.save({ ...this.stored, baselines: this.runner.baselines() });
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
    if (left.length !== stored.instanceIds.length) void this.start(stored.profile, left);
    // A watch left by the window before a reload resumes once the session shows its profile signed in.
    else if (!this.runner) {
      this.run(stored);
      this.deps.log.info(`Watch resumed for ${stored.instanceIds.length} instance(s) of profile "${stored.profile}".`);
      this.changed.fire();
    }
  }

  private run(watch: StoredWatch): void {
    this.runner = new (loadFeatures().WatchRunner)({ ...this.deps, clock: () => this.clock(), focused: () => this.focused() }, watch, () =>
      this.persist(),
    );
    void this.deps.contextKeys.set(CONTEXT_KEYS.watching, true);
  }

  private async save(next: StoredWatch | undefined): Promise<void> {
    this.stored = next;
    if (!next) void this.deps.contextKeys.set(CONTEXT_KEYS.watching, false);
    await this.workspaceState.update(WATCH_STATE_KEY, next);
  }

  override dispose(): void {
    this.runner?.dispose();
    this.runner = undefined;
    super.dispose();
  }
}
