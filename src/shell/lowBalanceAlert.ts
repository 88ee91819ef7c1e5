// The low-balance alert: whenever the balance is read (by the watch every voiceSms.watch.balanceMinutes, a refresh,
// the Account view), a fall to or below voiceSms.lowBalanceThreshold alerts once per crossing. The mark lives in the
// global state every window shares, so a second window reading the same low balance stays quiet; only a reading
// above the threshold by a margin (alertRules.ts: 10% of it, at least 1) re-arms it, so a balance flapping around
// the threshold alerts once. Small and in the activation bundle: a listener, no request of its own.
import * as vscode from 'vscode';
import type { BalanceModel, BalanceState } from '../host/balance/model.js';
import { amountOf } from '../host/balance/format.js';
import type { HostConfig } from '../host/profile/config.js';
import { inertLine } from '../shared/untrustedText.js';
import { LOW_BALANCE_KEY_PREFIX, lowBalanceStep, type LowBalanceMark } from '../host/watch/alertRules.js';
import type { AlertDeps } from '../host/watch/alertNotice.js';
import { loadFeatures } from './featuresLoader.js';

export class LowBalanceAlert implements vscode.Disposable {
  private readonly listener: { dispose(): void };

  constructor(
    model: Pick<BalanceModel, 'onDidChange'>,
    private readonly config: HostConfig,
    private readonly alerts: AlertDeps,
  ) {
    this.listener = model.onDidChange((s) => void this.observe(s));
  }

  /** One reading; resolves true when it alerted (the test seam calls it for "another window" too). */
  async observe(s: BalanceState): Promise<boolean> {
    const loaded = s.loaded;
    if (s.loading || !loaded) return false;
    const key = LOW_BALANCE_KEY_PREFIX + JSON.stringify([loaded.profile, loaded.accountId]);
    const threshold = this.config.settings.lowBalanceThreshold;
    const step = lowBalanceStep(this.alerts.memory.get<LowBalanceMark>(key), amountOf(loaded.balance), threshold);
    if (step.next) await this.alerts.memory.update(key, step.next);
    if (!step.alert || !this.config.settings.alertsLowBalance) return false;
    loadFeatures().raiseAlert(
      this.alerts,
      'lowBalance',
      vscode.l10n.t(
        'The balance of {0} is {1}, at or below {2} (setting voiceSms.lowBalanceThreshold).',
        inertLine(loaded.accountId),
        inertLine(loaded.shown),
        threshold,
      ),
      {
        title: vscode.l10n.t('Show Account'),
        run: () => vscode.commands.executeCommand('voiceSms.account.focus'),
      },
    );
    return true;
  }

  dispose(): void {
    this.listener.dispose();
  }
}
