// Typed access to the `voiceSms.*` settings, re-read only after the editor reports a change.
import * as vscode from 'vscode';
import { fullSettingKey, RESTRICTED_SETTINGS, SETTINGS, SETTINGS_SECTION, type SettingKey } from '../../shared/ids.js';
import { Disposable } from '../platform/lifecycle.js';
import type { RedactingLogger } from '../platform/redactingLogger.js';
import { activeProfileOf, readSettings, visibleInstances, type ProfileSettings, type Settings } from './settings.js';

export interface SettingsChange {
  affects(key: SettingKey): boolean;
}

export class HostConfig extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<SettingsChange>());
  private cached: Settings | undefined;

  /** Fires after any `voiceSms.*` setting changed; `settings` already returns the new values. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: RedactingLogger) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(SETTINGS_SECTION)) return;
        this.cached = undefined;
        this.changed.fire({ affects: (key) => e.affectsConfiguration(fullSettingKey(key)) });
      }),
    );
    // Pinned instances are per folder; a folder coming or going changes the union.
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.cached = undefined;
        this.changed.fire({ affects: (key) => key === SETTINGS.workspaceInstances });
      }),
    );
    // Trusting the folder lets its restricted settings count: re-read them.
    this._register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.cached = undefined;
        this.changed.fire({ affects: (key) => (RESTRICTED_SETTINGS as readonly SettingKey[]).includes(key) });
      }),
    );
  }

  get settings(): Settings {
    if (!this.cached) {
      const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
      const trusted = vscode.workspace.isTrusted;
      const perFolder = trusted
        ? (vscode.workspace.workspaceFolders ?? []).map((folder) =>
            vscode.workspace.getConfiguration(SETTINGS_SECTION, folder.uri).get<unknown>(SETTINGS.workspaceInstances),
          )
        : [];
      const read = (key: SettingKey): unknown =>
        trusted || !(RESTRICTED_SETTINGS as readonly SettingKey[]).includes(key) ? config.get<unknown>(key) : userValue(config, key);
      const { settings, problems } = readSettings(read, perFolder);
      for (const p of problems) this.log.warn(p);
      this.cached = settings;
    }
    return this.cached;
  }

  get activeProfile(): ProfileSettings | undefined {
    return activeProfileOf(this.settings);
  }

  /** The active profile's voice instances plus the ones the workspace pins. */
  get instances(): string[] {
    return visibleInstances(this.settings);
  }

  /** Writes a setting; user (global) settings unless told otherwise. */
  async update(key: SettingKey, value: unknown, target = vscode.ConfigurationTarget.Global): Promise<void> {
    await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, value, target);
  }
}

/** A setting as the user (not the folder) set it: what Restricted Mode allows. */
function userValue(config: vscode.WorkspaceConfiguration, key: SettingKey): unknown {
  const i = config.inspect<unknown>(key);
  return i?.globalValue ?? i?.defaultValue;
}
