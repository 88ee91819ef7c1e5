// Decides when the balance loads: never during activation; afterwards only when someone looks at it
// (the Account view is visible, or the status-bar item is enabled) and a profile is signed in. A
// profile switch (or sign-out) resets the model, so no view ever shows another profile's balance.
import * as vscode from 'vscode';
import { DEMO_PROFILE_NAME, SETTINGS } from '../../shared/ids.js';
import type { ClientProvider } from '../profile/clients.js';
import type { HostConfig } from '../profile/config.js';
import { Disposable } from '../platform/lifecycle.js';
import type { HostLog } from '../platform/log.js';
import type { SessionSnapshot, SessionState } from '../profile/session.js';
import { BalanceModel } from './model.js';

/**
 * How old a stored reading may be and still be shown without asking again: five minutes, the default of
 * voiceSms.watch.balanceMinutes (how often a running watch reads the balance). A constant until that setting exists.
 */
const RECENT_READING_MS = 5 * 60_000;

export class BalanceController extends Disposable {
  private sessionKey: string | undefined;
  private accountView: vscode.TreeView<unknown> | undefined;
  readonly model: BalanceModel;

  constructor(
    clients: ClientProvider,
    private readonly session: SessionState,
    private readonly config: HostConfig,
    private readonly log: HostLog,
    globalState: vscode.Memento,
  ) {
    super();
    this.model = new BalanceModel(clients, globalState, { locale: () => vscode.env.language });
    this._register(session.onDidChange((s) => this.onSession(s)));
    this._register(
      config.onDidChange((e) => {
        if (e.affects(SETTINGS.statusBarShowBalance)) this.loadIfWanted();
      }),
    );
    this._register(
      this.model.onDidChange((s) => {
        if (s.error && !s.loading) this.log.warn(`Balance refresh failed: ${s.error.message}`);
      }),
    );
  }

  /** The Account view: becoming visible loads the balance if nothing was loaded yet. */
  attach(view: vscode.TreeView<unknown>): void {
    this.accountView = view;
    this._register(view.onDidChangeVisibility(() => this.loadIfWanted()));
  }

  private onSession(s: SessionSnapshot): void {
    const key = JSON.stringify([s.signedIn, s.profile?.name, s.profile?.baseUrl, s.profile?.accountId]);
    if (key === this.sessionKey) return;
    this.sessionKey = key;
    this.model.reset();
    this.loadIfWanted();
  }

  private wanted(): boolean {
    if (!this.session.current.signedIn) return false;
    return this.accountView?.visible === true || this.config.settings.statusBarShowBalance;
  }

  /**
   * What a window does when it starts, again: forgets what it shows, then shows the stored reading if it is recent at
   * `now`, or loads. For the test seam, which plays a window starting later than this one did.
   */
  startUp(now?: number): void {
    this.model.reset();
    this.loadIfWanted(now);
  }

  private loadIfWanted(now?: number): void {
    if (!this.wanted() || this.model.started) return;
    const profile = this.session.current.profile;
    // Each window's offline demo answers from a simulator of its own: another window's reading is not this one's balance.
    if (
      profile?.accountId &&
      profile.name !== DEMO_PROFILE_NAME &&
      this.model.showRecent(profile.name, profile.accountId, RECENT_READING_MS, now)
    ) {
      this.log.debug(
        `Balance: the reading of ${new Date(this.model.current.loaded?.at ?? 0).toISOString()} is recent, shown without a request.`,
      );
      return;
    }
    void this.model.reload();
  }
}
