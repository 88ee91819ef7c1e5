// How every alert reaches the user: a warning notification with the view to open and a button that stops that
// kind of alert (through its setting, so the Settings editor shows and undoes it), and a line in the log.
// Not awaited by anyone: a notification stays until the user answers it. In dist/features.js: loaded by the first alert.
import * as vscode from 'vscode';
import { SETTINGS, SETTINGS_SECTION, type SettingKey } from '../../shared/ids.js';
import type { HostLog } from '../platform/log.js';

export type AlertKind = 'lowBalance' | 'callLegs' | 'unusualDay';

export interface RaisedAlert {
  kind: AlertKind;
  message: string;
  at: number;
}

/** The setting that stops each kind, and the value that stops it. */
const STOP: Readonly<Record<AlertKind, { key: SettingKey; off: unknown }>> = {
  lowBalance: { key: SETTINGS.alertsLowBalance, off: false },
  callLegs: { key: SETTINGS.alertsCallLegsAbove, off: 0 },
  unusualDay: { key: SETTINGS.alertsUnusualDay, off: false },
};

/** Every alert raised in this window, newest last (the test seam reads it). */
const raised: RaisedAlert[] = [];

export function raisedAlerts(): readonly RaisedAlert[] {
  return raised;
}

/** Shows and logs one alert; `message` is already safe for a notification (ids inert, service text scrubbed). */
export function raiseAlert(
  log: Pick<HostLog, 'warn' | 'info'>,
  kind: AlertKind,
  message: string,
  open: { title: string; run(): unknown },
): void {
  raised.push({ kind, message, at: Date.now() });
  if (raised.length > 100) raised.splice(0, raised.length - 100);
  log.warn(`Alert (${kind}): ${message}`);
  const stop = vscode.l10n.t('Stop These Alerts');
  void vscode.window.showWarningMessage(message, open.title, stop).then(async (choice) => {
    if (choice === open.title) await open.run();
    if (choice === stop) {
      const { key, off } = STOP[kind];
      await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, off, vscode.ConfigurationTarget.Global);
      log.info(`Alerts of kind ${kind} stopped (setting voiceSms.${key}).`);
    }
  });
}
