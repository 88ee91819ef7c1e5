// The balance in the status bar: "$(credit-card) 123.45 EUR", warning background at or below
// voiceSms.lowBalanceThreshold, click refreshes. Hidden when the setting is off, when signed out,
// and when the profile has no account id (the Account view explains that one).
import * as vscode from 'vscode';
import { COMMANDS, SETTINGS } from '../../shared/ids.js';
import { BalanceView, type BalanceViewDeps } from './balanceView.js';
import { isLow } from './format.js';
import type { BalanceState } from './model.js';
import { daysLeftText, estimateExplanation, refreshedText } from './text.js';
import { inertLine } from '../../shared/untrustedText.js';

const BALANCE_STATUS_ID = 'voiceSms.balance';

export class BalanceStatusBar extends BalanceView {
  private readonly item: vscode.StatusBarItem;
  private shown = false;

  constructor(deps: BalanceViewDeps) {
    super(deps, [SETTINGS.statusBarShowBalance, SETTINGS.lowBalanceThreshold]);
    this.item = this._register(vscode.window.createStatusBarItem(BALANCE_STATUS_ID, vscode.StatusBarAlignment.Left, 10));
    this.item.name = vscode.l10n.t('Voice & SMS balance');
    this.item.command = COMMANDS.refreshBalance;
    this.redraw();
  }

  /** What the item shows now (integration tests). */
  get snapshot(): { visible: boolean; text: string; tooltip: string; warning: boolean } {
    const t = this.item.tooltip;
    return {
      visible: this.shown,
      text: this.item.text,
      tooltip: typeof t === 'string' ? t : (t?.value ?? ''),
      warning: this.item.backgroundColor !== undefined,
    };
  }

  protected redraw(): void {
    const s: BalanceState = this.balance.model.current;
    const settings = this.config.settings;
    const visible = settings.statusBarShowBalance && this.session.current.signedIn && !s.noAccount && !s.signedOut;
    if (!visible) {
      this.shown = false;
      this.item.hide();
      return;
    }
    const loaded = s.loaded;
    const low = isLow(loaded?.balance, settings.lowBalanceThreshold);
    // The amount as the service wrote it (scrubbed and capped by the client) may hold `$(icon)` or link syntax:
    // inert before it is drawn, the one thing this surface adds.
    const shown = loaded ? inertLine(loaded.shown) : '';
    this.item.text = loaded
      ? `$(credit-card) ${loaded.balance ? shown : vscode.l10n.t('balance (see Account view)')}`
      : s.error
        ? `$(credit-card) $(warning)`
        : `$(credit-card) $(loading~spin)`;
    this.item.backgroundColor = low ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const lines: string[] = [];
    if (loaded) {
      lines.push(vscode.l10n.t('Balance of {0} ({1}): {2}', loaded.accountId, loaded.profile, shown));
      if (low) lines.push(vscode.l10n.t('Low: at or below {0} (setting voiceSms.lowBalanceThreshold).', settings.lowBalanceThreshold));
      lines.push(refreshedText(loaded.at));
      if (loaded.estimate)
        lines.push(`${daysLeftText(loaded.estimate)}. ${estimateExplanation(loaded.estimate, loaded.balance?.currency)}`);
    }
    if (s.error) lines.push(vscode.l10n.t('The last refresh failed: {0}', this.guard.userText(s.error.message)));
    lines.push(vscode.l10n.t('Click to refresh.'));
    this.item.tooltip = lines.join('\n\n');
    this.item.accessibilityInformation = { label: loaded ? vscode.l10n.t('Balance {0}', shown) : vscode.l10n.t('Balance') };
    this.shown = true;
    this.item.show();
  }
}
