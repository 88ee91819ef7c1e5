// The active profile in the status bar, next to the balance: "$(account) Production". A test SMS
// sent through the wrong profile is the costliest slip, so the name stays in sight while signed
// in, the tooltip names the host, and one click switches profile.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { Disposable } from '../platform/lifecycle.js';
import type { SessionState } from './session.js';

const PROFILE_STATUS_ID = 'voiceSms.profile';

export class ProfileStatusBar extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private shown = false;

  constructor(private readonly session: SessionState) {
    super();
    // Priority just above the balance (10), so the profile reads first.
    this.item = this._register(vscode.window.createStatusBarItem(PROFILE_STATUS_ID, vscode.StatusBarAlignment.Left, 11));
    this.item.name = vscode.l10n.t('Voice & SMS profile');
    this.item.command = COMMANDS.switchProfile;
    this._register(session.onDidChange(() => this.render()));
    this.render();
  }

  /** What the item shows now (integration tests). */
  get snapshot(): { visible: boolean; text: string; tooltip: string; command: string | undefined } {
    const t = this.item.tooltip;
    const c = this.item.command;
    return {
      visible: this.shown,
      text: this.item.text,
      tooltip: typeof t === 'string' ? t : (t?.value ?? ''),
      command: typeof c === 'string' ? c : c?.command,
    };
  }

  private render(): void {
    const { signedIn, profile } = this.session.current;
    if (!signedIn || !profile) {
      this.shown = false;
      this.item.hide();
      return;
    }
    this.item.text = `$(account) ${profile.name}`;
    this.item.tooltip = vscode.l10n.t('Voice & SMS profile {0} ({1}). Click to switch profile.', profile.name, hostOf(profile.baseUrl));
    this.item.accessibilityInformation = { label: vscode.l10n.t('Voice & SMS profile {0}. Switch profile', profile.name) };
    this.shown = true;
    this.item.show();
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
