// The watch in the status bar: today's call legs of the watched instances and the change since the watch began,
// "$(pulse) 312 (+14)"; a warning sign while reads fail or an answer's day is not believed (said here once, not as
// a stream of notifications). The tooltip has one line per instance with the time of its last reading; a click
// opens today's month view.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { inertLine } from '../../shared/untrustedText.js';
import type { MonthCache } from '../months/monthCache.js';
import type { WatchEngine } from './engine.js';
import { changeSinceStart, signed, totalsOf } from './readings.js';

const WATCH_STATUS_ID = 'voiceSms.watch';

export class WatchStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly listener: { dispose(): void };

  constructor(
    private readonly engine: WatchEngine,
    private readonly months: Pick<MonthCache, 'currentMonth'>,
    /** An instance's call legs projected by month end (undefined: none, or voiceSms.forecast.show off). */
    private readonly projected: (instanceId: string) => { total: number; low: number; high: number } | undefined = () => undefined,
  ) {
    this.item = vscode.window.createStatusBarItem(WATCH_STATUS_ID, vscode.StatusBarAlignment.Left, 9);
    this.item.name = vscode.l10n.t('Voice & SMS watch');
    this.listener = engine.onDidChange(() => this.render());
    this.render();
    this.item.show();
  }

  /** What the item shows now (integration tests). */
  get snapshot(): { text: string; tooltip: string; command: string | undefined; arguments: unknown[]; warning: boolean } {
    const t = this.item.tooltip;
    const c = this.item.command;
    return {
      text: this.item.text,
      tooltip: typeof t === 'string' ? t : (t?.value ?? ''),
      command: typeof c === 'string' ? c : c?.command,
      arguments: typeof c === 'object' ? (c.arguments ?? []) : [],
      warning: this.item.backgroundColor !== undefined,
    };
  }

  private render(): void {
    const s = this.engine.snapshot;
    const totals = totalsOf(s.readings);
    const n = (v: number): string => v.toLocaleString(vscode.env.language);
    const figure = totals.read > 0 ? `${n(totals.legs)} (${signed(totals.change)})` : '$(loading~spin)';
    const warn = s.problem !== undefined || s.doubt !== undefined;
    this.item.text = `$(pulse) ${figure}${warn ? ' $(warning)' : ''}`;
    this.item.backgroundColor = warn ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const time = (ms: number): string => new Date(ms).toLocaleTimeString(vscode.env.language);
    const lines = [
      vscode.l10n.t('Watching {0} voice instance(s): call legs today (change since the watch began)', s.readings.length),
      ...s.readings.map((r) => {
        const id = inertLine(r.instanceId);
        if (r.legs === undefined || r.readAt === undefined) return vscode.l10n.t('{0}: not read yet', id);
        const line = vscode.l10n.t('{0}: {1} ({2}), read at {3}', id, n(r.legs), signed(changeSinceStart(r) ?? 0), time(r.readAt));
        const p = this.projected(r.instanceId);
        return p ? `${line}; ${vscode.l10n.t('projected by month end: {0} ({1}–{2})', n(p.total), n(p.low), n(p.high))}` : line;
      }),
    ];
    if (s.problem !== undefined) {
      lines.push(
        s.heldUntil !== undefined
          ? vscode.l10n.t('The last read failed; next try at {0}: {1}', time(s.heldUntil), inertLine(s.problem, 300))
          : vscode.l10n.t('The last read failed: {0}', inertLine(s.problem, 300)),
      );
    }
    if (s.doubt !== undefined) lines.push(inertLine(s.doubt, 300));
    lines.push(vscode.l10n.t("Read while this window is focused. Click to open today's month view."));
    this.item.tooltip = lines.join('\n');
    this.item.accessibilityInformation = {
      label: vscode.l10n.t('Watch: {0} call legs today, {1} since the watch began', n(totals.legs), signed(totals.change)),
    };
    const first = s.readings[0]?.instanceId;
    this.item.command = first
      ? {
          command: COMMANDS.openMonthView,
          title: vscode.l10n.t('Open Month View'),
          arguments: [{ instanceId: first, monthId: this.months.currentMonth() }],
        }
      : undefined;
  }

  dispose(): void {
    this.listener.dispose();
    this.item.dispose();
  }
}
