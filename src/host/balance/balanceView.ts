// What the balance's two surfaces share, the status bar (balanceStatusBar.ts) and the Account view
// (views/accountTree.ts): the services they draw from, and when they draw again: the balance or the session
// changed, or one of the settings they show.
import type { SettingKey } from '../../shared/ids.js';
import type { UserTextGuard } from '../platform/errors.js';
import { Disposable } from '../platform/lifecycle.js';
import type { HostConfig } from '../profile/config.js';
import type { SessionState } from '../profile/session.js';
import type { BalanceController } from './controller.js';

export interface BalanceViewDeps {
  balance: BalanceController;
  session: SessionState;
  config: HostConfig;
  /** Masks secrets and defuses links in the service's text (the HostLog). */
  guard: UserTextGuard;
}

export abstract class BalanceView extends Disposable {
  protected readonly balance: BalanceController;
  protected readonly session: SessionState;
  protected readonly config: HostConfig;
  protected readonly guard: UserTextGuard;

  /** `settings`: those the surface shows; a change of one draws it again. */
  constructor(deps: BalanceViewDeps, settings: readonly SettingKey[]) {
    super();
    ({ balance: this.balance, session: this.session, config: this.config, guard: this.guard } = deps);
    this._register(deps.balance.model.onDidChange(() => this.redraw()));
    this._register(deps.session.onDidChange(() => this.redraw()));
    this._register(
      deps.config.onDidChange((e) => {
        if (settings.some((key) => e.affects(key))) this.redraw();
      }),
    );
  }

  protected abstract redraw(): void;
}
