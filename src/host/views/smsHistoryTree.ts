// The "Sent SMS" view: the active profile's history, newest first, one row per message with an icon
// per status and a tooltip with every field. Rows show the masked destination only. Keeps
// CONTEXT_KEYS.hasHistory in step so the welcome content and "Clear" appear at the right time.
import * as vscode from 'vscode';
import { inertText } from '../../shared/untrustedText.js';
import { CONTEXT_KEYS, TREE_ITEM_KINDS } from '../../shared/ids.js';
import type { ContextKeys } from '../platform/contextKeys.js';
import { Disposable } from '../platform/lifecycle.js';
import type { SessionState } from '../profile/session.js';
import type { SmsHistory, SmsHistoryEntry, SmsStatus } from '../sms/history.js';

const ICONS: Record<SmsStatus, vscode.ThemeIcon> = {
  sent: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground')),
  'outcome-unknown': new vscode.ThemeIcon('question', new vscode.ThemeColor('problemsWarningIcon.foreground')),
};

export class SmsHistoryTreeProvider extends Disposable implements vscode.TreeDataProvider<SmsHistoryEntry> {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly history: SmsHistory,
    private readonly session: SessionState,
    private readonly contextKeys: ContextKeys,
  ) {
    super();
    this._register(history.onDidChange(() => this.refresh()));
    this._register(session.onDidChange(() => this.refresh()));
  }

  /** The profile whose history is shown. */
  get profile(): string | undefined {
    return this.session.current.profile?.name;
  }

  refresh(): void {
    void this.contextKeys.set(CONTEXT_KEYS.hasHistory, this.getChildren().length > 0);
    this.changed.fire();
  }

  getChildren(element?: SmsHistoryEntry): SmsHistoryEntry[] {
    const profile = this.profile;
    if (element || profile === undefined) return [];
    return this.history.entries(profile);
  }

  getTreeItem(e: SmsHistoryEntry): vscode.TreeItem {
    const item = new vscode.TreeItem(e.preview || vscode.l10n.t('(empty)'), vscode.TreeItemCollapsibleState.None);
    item.id = e.id;
    const when = new Date(e.time).toLocaleString(vscode.env.language);
    item.description = `${e.toMasked} · ${when}`;
    item.iconPath = ICONS[e.status];
    item.contextValue = e.messageId ? `${TREE_ITEM_KINDS.sentSms}.withId` : TREE_ITEM_KINDS.sentSms;
    const tip = new vscode.MarkdownString();
    tip.appendMarkdown(`**${statusText(e.status)}** · ${when}\n\n`);
    // appendText escapes markdown but leaves bare URIs to the renderer's autolinking: inert first.
    tip.appendText(vscode.l10n.t('From: {0}', inertText(e.from)) + '\n');
    tip.appendText(vscode.l10n.t('To: {0}', e.toMasked) + '\n');
    tip.appendText(vscode.l10n.t('Segments: {0} ({1})', e.segments, e.encoding) + '\n');
    if (e.messageId) tip.appendText(vscode.l10n.t('Message ID: {0}', inertText(e.messageId)) + '\n');
    // Stored already guarded (sendSms deliver); entries from older versions are made inert here too.
    if (e.error) tip.appendText('\n' + inertText(e.error));
    item.tooltip = tip;
    item.accessibilityInformation = {
      label: vscode.l10n.t({
        message: '{0}, {1}, {2}, {3}',
        args: [statusText(e.status), e.preview, e.toMasked, when],
        comment: ['Screen-reader label of a sent SMS: status, first words, masked destination, time'],
      }),
    };
    return item;
  }
}

function statusText(s: SmsStatus): string {
  switch (s) {
    case 'sent':
      return vscode.l10n.t('Sent');
    case 'failed':
      return vscode.l10n.t('Failed');
    case 'outcome-unknown':
      return vscode.l10n.t('Outcome unknown');
  }
}
