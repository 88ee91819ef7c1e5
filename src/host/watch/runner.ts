// A running watch in the editor (dist/features.js; watchHandle.ts creates it): the engine with the editor's
// settings, clock and focus, its status-bar item, and the alerts a read can raise (watchAlerts.ts: call legs above
// the setting; a day unusual for the hour). The low-balance alert listens to every balance reading (lowBalanceAlert.ts).
import { projectedCallLegs } from './projectedLine.js';
import * as vscode from 'vscode';
import { COMMANDS, DEMO_PROFILE_NAME, SETTINGS } from '../../shared/ids.js';
import type { BalanceModel } from '../balance/model.js';
import type { MonthCache } from '../months/monthCache.js';
import type { Confirmations } from '../platform/confirmations.js';
import type { HostLog } from '../platform/log.js';
import type { HostConfig } from '../profile/config.js';
import { hostLocale } from '../platform/pureL10n.js';
import { raiseAlert } from './alertNotice.js';
import type { WatchClock } from './clock.js';
import { WatchEngine } from './engine.js';
import type { Baseline } from './readings.js';
import { intervalMsOf } from './schedule.js';
import type { StoredWatch } from './stored.js';
import { historyOf, WatchAlerts } from './watchAlerts.js';
import { WatchStatusBar } from './watchStatusBar.js';

export interface WatchRunnerDeps {
  readonly log: HostLog;
  readonly config: HostConfig;
  readonly months: MonthCache;
  readonly balance: { readonly model: Pick<BalanceModel, 'reload' | 'onDidChange'> };
  readonly globalState: vscode.Memento;
  readonly confirmations: Pick<Confirmations, 'notify'>;
  /** The offline demo: its simulator's calls grow while a watch runs (shell/demoHandle.ts). */
  readonly demo: { liveTraffic(on: boolean): void };
  clock(): WatchClock;
  focused(): boolean;
}

/** In the offline demo the balance is read every minute at most, so its low-balance alert shows within minutes. */
const DEMO_BALANCE_MINUTES = 1;

export class WatchRunner implements vscode.Disposable {
  readonly engine: WatchEngine;
  readonly statusBar: WatchStatusBar;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly deps: WatchRunnerDeps,
    private readonly watch: StoredWatch,
    persist: () => void,
  ) {
    const { config, months, log } = deps;
    const demo = watch.profile === DEMO_PROFILE_NAME;
    this.engine = new WatchEngine(
      {
        months,
        clock: () => deps.clock(),
        focused: () => deps.focused(),
        intervalMs: () => intervalMsOf(config.settings.watchIntervalSeconds),
        balanceIntervalMs: () => {
          const minutes = config.settings.watchBalanceMinutes;
          return (demo ? Math.min(minutes, DEMO_BALANCE_MINUTES) : minutes) * 60_000;
        },
        readBalance: () => deps.balance.model.reload(),
        log,
      },
      watch.instanceIds,
      watch.baselines,
    );
    this.statusBar = new WatchStatusBar(this.engine, months, (i) =>
      config.settings.forecastShow ? projectedCallLegs(months, i) : undefined,
    );
    const alerts = new WatchAlerts({
      profile: watch.profile,
      memory: deps.globalState,
      settings: () => ({ callLegsAbove: config.settings.alertsCallLegsAbove, unusualDay: config.settings.alertsUnusualDay }),
      history: (instanceId, todayId) => historyOf(months, Math.max(3, config.settings.monthsInTree), instanceId, todayId),
      raise: (kind, message, at) =>
        raiseAlert({ log, memory: deps.globalState, confirmations: deps.confirmations, now: () => deps.clock().now() }, kind, message, {
          title: vscode.l10n.t('Open Month View'),
          run: () => vscode.commands.executeCommand(COMMANDS.openMonthView, at),
        }),
      now: () => Date.now(),
      weekdayName,
    });
    this.disposables.push(
      this.statusBar,
      this.engine.onDidRead(
        (outcome) => void alerts.onRead(outcome).catch((e: unknown) => log.warn(`Watch: an alert could not be decided: ${String(e)}`)),
      ),
      // The baselines are stored as they are taken, so a reload keeps "since the watch began".
      this.engine.onDidChange(() => persist()),
      config.onDidChange((e) => {
        if (e.affects(SETTINGS.watchIntervalSeconds) || e.affects(SETTINGS.watchBalanceMinutes)) this.engine.reschedule();
      }),
    );
    if (demo) deps.demo.liveTraffic(true);
    this.engine.start();
  }

  baselines(): Record<string, Baseline> {
    return this.engine.baselines;
  }

  setInstances(instanceIds: string[]): void {
    this.engine.setInstances(instanceIds);
  }

  reschedule(): void {
    this.engine.reschedule();
  }

  settled(): Promise<void> {
    return this.engine.settled();
  }

  dispose(): void {
    this.engine.stop();
    if (this.watch.profile === DEMO_PROFILE_NAME) this.deps.demo.liveTraffic(false);
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
  }
}

function weekdayName(weekday: number): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(hostLocale(), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + weekday)));
}
