// The Account view: the active profile (name + service host), its balance with the time of the last
// refresh, the days-left estimate when there is one, and its sender identities. An answer without a
// recognisable amount is shown as its raw key/value rows; a profile without an account id gets a
// row that opens the settings. Signed out, the tree is empty so the welcome content shows.
import * as vscode from 'vscode';
import { COMMANDS, fullSettingKey, SETTINGS, TREE_ITEM_KINDS } from '../../shared/ids.js';
import { BalanceView, type BalanceViewDeps } from '../balance/balanceView.js';
import { isLow } from '../balance/format.js';
import { daysLeftText, estimateExplanation, refreshedText } from '../balance/text.js';
import { inertLine } from '../../shared/untrustedText.js';

export type AccountNode =
  | { readonly kind: 'profile' }
  | { readonly kind: 'balance' }
  | { readonly kind: 'rawRow'; readonly key: string; readonly value: string }
  | { readonly kind: 'refreshed' }
  | { readonly kind: 'estimate' }
  | { readonly kind: 'noAccount' }
  | { readonly kind: 'senders' }
  | { readonly kind: 'sender'; readonly id: string };

const PROFILE: AccountNode = { kind: 'profile' };
const BALANCE: AccountNode = { kind: 'balance' };
const REFRESHED: AccountNode = { kind: 'refreshed' };
const ESTIMATE: AccountNode = { kind: 'estimate' };
const NO_ACCOUNT: AccountNode = { kind: 'noAccount' };
const SENDERS: AccountNode = { kind: 'senders' };

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export class AccountTreeProvider extends BalanceView implements vscode.TreeDataProvider<AccountNode> {
  private readonly changed = this._register(new vscode.EventEmitter<AccountNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(deps: BalanceViewDeps) {
    super(deps, [SETTINGS.lowBalanceThreshold]);
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  protected redraw(): void {
    this.refresh();
  }

  getChildren(element?: AccountNode): AccountNode[] {
    const s = this.session.current;
    if (!s.signedIn || !s.profile) return [];
    const b = this.balance.model.current;
    if (!element) {
      if (!s.profile.accountId) return [PROFILE, NO_ACCOUNT, SENDERS];
      const rows: AccountNode[] = [PROFILE, BALANCE];
      if (b.loaded) rows.push(REFRESHED);
      if (b.loaded?.estimate) rows.push(ESTIMATE);
      rows.push(SENDERS);
      return rows;
    }
    if (element.kind === 'senders') return s.profile.senderIds.map((id) => ({ kind: 'sender', id }));
    if (element.kind === 'balance' && b.loaded && !b.loaded.balance) {
      return b.loaded.rows.map((r) => ({ kind: 'rawRow', key: r.key, value: r.value }));
    }
    return [];
  }

  getTreeItem(node: AccountNode): vscode.TreeItem {
    const profile = this.session.current.profile;
    const b = this.balance.model.current;
    switch (node.kind) {
      case 'profile': {
        const item = new vscode.TreeItem(profile?.name ?? '');
        item.description = profile ? hostOf(profile.baseUrl) : '';
        item.iconPath = new vscode.ThemeIcon('account');
        item.tooltip = profile ? vscode.l10n.t('Profile {0} at {1}', profile.name, profile.baseUrl) : undefined;
        return item;
      }
      case 'balance': {
        const loaded = b.loaded;
        const raw = loaded && !loaded.balance;
        const item = new vscode.TreeItem(
          vscode.l10n.t('Balance'),
          raw ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
        );
        const low = isLow(loaded?.balance, this.config.settings.lowBalanceThreshold);
        const shown = loaded ? inertLine(loaded.shown) : '';
        if (loaded?.balance) item.description = b.loading ? vscode.l10n.t('{0} (updating…)', shown) : shown;
        else if (raw) item.description = vscode.l10n.t('unrecognised answer, shown as received');
        else if (b.error) item.description = this.guard.userText(b.error.message);
        else item.description = vscode.l10n.t('loading…');
        item.iconPath =
          low || (b.error && !loaded)
            ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
            : new vscode.ThemeIcon('credit-card');
        const tips: string[] = [];
        if (loaded) tips.push(vscode.l10n.t('Account {0}: {1}', loaded.accountId, shown));
        if (low)
          tips.push(
            vscode.l10n.t('Low: at or below {0} (setting voiceSms.lowBalanceThreshold).', this.config.settings.lowBalanceThreshold),
          );
        if (b.error) tips.push(vscode.l10n.t('The last refresh failed: {0}', this.guard.userText(b.error.message)));
        tips.push(vscode.l10n.t('Click to refresh.'));
        item.tooltip = tips.join('\n');
        item.command = { command: COMMANDS.refreshBalance, title: vscode.l10n.t('Refresh Balance') };
        // Enables "Show Raw Answer" in the row's context menu once there is an answer to show.
        if (loaded) item.contextValue = TREE_ITEM_KINDS.balance;
        item.accessibilityInformation = {
          label: low
            ? vscode.l10n.t('Balance {0} (low)', String(item.description))
            : vscode.l10n.t('Balance {0}', String(item.description)),
        };
        return item;
      }
      case 'rawRow': {
        // An unrecognised answer's own names and values: the service's text, shown inert and masked.
        const key = inertLine(this.guard.userText(node.key));
        const value = inertLine(this.guard.userText(node.value));
        const item = new vscode.TreeItem(key);
        item.description = value;
        item.tooltip = `${key}: ${value}`;
        return item;
      }
      case 'refreshed': {
        const item = new vscode.TreeItem(b.loaded ? refreshedText(b.loaded.at) : '');
        item.iconPath = new vscode.ThemeIcon('history');
        return item;
      }
      case 'estimate': {
        const est = b.loaded?.estimate;
        const item = new vscode.TreeItem(est ? daysLeftText(est) : '');
        item.iconPath = new vscode.ThemeIcon('graph-line');
        if (est) item.tooltip = estimateExplanation(est, b.loaded?.balance?.currency);
        return item;
      }
      case 'noAccount': {
        const item = new vscode.TreeItem(vscode.l10n.t('Set an account id to see the balance'));
        item.iconPath = new vscode.ThemeIcon('gear');
        item.tooltip = vscode.l10n.t('Add "accountId" to this profile in the setting voiceSms.profiles.');
        item.command = {
          command: 'workbench.action.openSettings',
          title: vscode.l10n.t('Open Settings'),
          arguments: [fullSettingKey(SETTINGS.profiles)],
        };
        return item;
      }
      case 'senders': {
        const count = profile?.senderIds.length ?? 0;
        const item = new vscode.TreeItem(
          vscode.l10n.t('Sender identities'),
          count > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
        );
        item.description = count > 0 ? String(count) : vscode.l10n.t('none configured');
        item.iconPath = new vscode.ThemeIcon('person');
        return item;
      }
      case 'sender': {
        const item = new vscode.TreeItem(node.id);
        item.iconPath = new vscode.ThemeIcon('comment');
        return item;
      }
    }
  }
}
