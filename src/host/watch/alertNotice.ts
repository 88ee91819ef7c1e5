// How every alert reaches the user: a warning notification with the view to open, "Snooze for a Day" (the kind is
// quiet until a stored end time, snooze.ts) and "Stop These Alerts" (through its setting, so the Settings editor shows
// it), each followed by a notification offering Undo; and a line in the log. Not awaited by anyone: a notification
// stays until the user answers it. In dist/features.js: loaded by the first alert.
import * as vscode from 'vscode';
import { SETTINGS, SETTINGS_SECTION, type SettingKey } from '../../shared/ids.js';
import type { Confirmations } from '../platform/confirmations.js';
import type { HostLog } from '../platform/log.js';
import { SNOOZE_KEY, SNOOZE_MS, snoozedUntil, withoutSnooze, withSnooze, type AlertKind } from './snooze.js';

export type { AlertKind };

export interface RaisedAlert {
  kind: AlertKind;
  message: string;
  at: number;
  /** False when a snooze kept it quiet (logged only). */
  shown: boolean;
}

/** What raising an alert needs: the log, the global state (snoozes), the watch's clock and the notifications. */
export interface AlertDeps {
  log: Pick<HostLog, 'warn' | 'info'>;
  memory: vscode.Memento;
  now(): number;
  confirmations: Pick<Confirmations, 'notify'>;
}

/** The setting that stops each kind, and the value that stops it. */
const STOP: Readonly<Record<AlertKind, { key: SettingKey; off: unknown }>> = {
  lowBalance: { key: SETTINGS.alertsLowBalance, off: false },
  callLegs: { key: SETTINGS.alertsCallLegsAbove, off: 0 },
  unusualDay: { key: SETTINGS.alertsUnusualDay, off: false },
};

function kindName(kind: AlertKind): string {
  switch (kind) {
    case 'lowBalance':
      return vscode.l10n.t('Low-balance alerts');
    case 'callLegs':
      return vscode.l10n.t('Call-legs alerts');
    case 'unusualDay':
      return vscode.l10n.t('Unusual-day alerts');
  }
}

/** Every alert raised in this window, newest last (the test seam reads it). */
const raised: RaisedAlert[] = [];

export function raisedAlerts(): readonly RaisedAlert[] {
  return raised;
}

/** Shows and logs one alert, unless its kind is snoozed; `message` is already safe for a notification (ids inert, service text scrubbed). */
export function raiseAlert(deps: AlertDeps, kind: AlertKind, message: string, open: { title: string; run(): unknown }): void {
  const { log } = deps;
  const until = snoozedUntil(deps.memory.get(SNOOZE_KEY), kind, deps.now());
  raised.push({ kind, message, at: Date.now(), shown: until === undefined });
  if (raised.length > 100) raised.splice(0, raised.length - 100);
  if (until !== undefined) {
    log.info(`Alert (${kind}) not shown, snoozed until ${new Date(until).toISOString()}: ${message}`);
    return;
  }
  log.warn(`Alert (${kind}): ${message}`);
  const snooze = vscode.l10n.t('Snooze for a Day');
  const stop = vscode.l10n.t('Stop These Alerts');
  void deps.confirmations
    .notify('warning', message, open.title, snooze, stop)
    .then(async (choice) => {
      if (choice === open.title) await open.run();
      else if (choice === snooze) await snoozeKind(deps, kind);
      else if (choice === stop) await stopKind(deps, kind);
    })
    .catch((e: unknown) => log.warn(`Alert (${kind}): the answer could not be applied: ${String(e)}`));
}

async function snoozeKind(deps: AlertDeps, kind: AlertKind): Promise<void> {
  const now = deps.now();
  const until = now + SNOOZE_MS;
  await deps.memory.update(SNOOZE_KEY, withSnooze(deps.memory.get(SNOOZE_KEY), kind, until, now));
  deps.log.info(`Alerts of kind ${kind} snoozed until ${new Date(until).toISOString()}.`);
  const undo = vscode.l10n.t('Undo');
  const choice = await deps.confirmations.notify(
    'info',
    vscode.l10n.t('{0} are snoozed until {1}.', kindName(kind), new Date(until).toLocaleString(vscode.env.language)),
    undo,
  );
  if (choice !== undo) return;
  await deps.memory.update(SNOOZE_KEY, withoutSnooze(deps.memory.get(SNOOZE_KEY), kind, until));
  deps.log.info(`Alerts of kind ${kind}: snooze undone.`);
}

async function stopKind(deps: AlertDeps, kind: AlertKind): Promise<void> {
  const { key, off } = STOP[kind];
  const section = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  // Undo writes back what the user's settings held (nothing, when the default applied).
  const before = section.inspect(key)?.globalValue;
  await section.update(key, off, vscode.ConfigurationTarget.Global);
  deps.log.info(`Alerts of kind ${kind} stopped (setting voiceSms.${key}).`);
  const undo = vscode.l10n.t('Undo');
  const choice = await deps.confirmations.notify('info', vscode.l10n.t('{0} are off (setting voiceSms.{1}).', kindName(kind), key), undo);
  if (choice !== undo) return;
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, before, vscode.ConfigurationTarget.Global);
  deps.log.info(`Alerts of kind ${kind} on again (Undo).`);
}
