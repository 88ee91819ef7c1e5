// The watch in the status bar: what it counts, in words — "Today 312 legs +14", today's call legs of the watched
// instances and the change since the watch began; a warning sign while reads fail or an answer's day is not
// believed (said here once, not as a stream of notifications). The tooltip lists each instance with its last
// reading and links to open it or stop watching it (a MarkdownString trusted for those commands only: the ids in
// it are escaped, so nothing else can link). A click opens today's month view, asking which when several are watched.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { inertLine, markdownText } from '../../shared/untrustedText.js';
import type { MonthCache } from '../months/monthCache.js';
import type { WatchEngine } from './engine.js';
import { changeSinceStart, signed, totalsOf } from './readings.js';

const WATCH_STATUS_ID = 'voiceSms.watch';

/** The only commands the tooltip's links may run. */
const TOOLTIP_COMMANDS = [COMMANDS.openMonthView, COMMANDS.unwatchInstance, COMMANDS.stopWatching];

/** A `command:` link's target with its argument, encoded so nothing in it can end the link. */
function commandLink(command: string, arg?: unknown): string {
  if (arg === undefined) return `command:${command}`;
  return `command:${command}?${encodeURIComponent(JSON.stringify([arg])).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'))}`;
}

/** The watch's status-bar item as the test seam reports it. */
export interface StatusBarSnapshot {
  text: string;
  tooltip: string;
  trusted: readonly string[];
  command: string | undefined;
  arguments: unknown[];
  warning: boolean;
}

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

  /** What the item shows now (integration tests): the tooltip as markdown, with the commands it trusts. */
  get snapshot(): StatusBarSnapshot {
    const t = this.item.tooltip;
    const c = this.item.command;
    const trust = typeof t === 'object' ? t.isTrusted : undefined;
    return {
      text: this.item.text,
      tooltip: typeof t === 'string' ? t : (t?.value ?? ''),
      trusted: typeof trust === 'object' ? trust.enabledCommands : [],
      command: typeof c === 'string' ? c : c?.command,
      arguments: typeof c === 'object' ? (c.arguments ?? []) : [],
      warning: this.item.backgroundColor !== undefined,
    };
  }

  private render(): void {
    const s = this.engine.snapshot;
    const totals = totalsOf(s.readings);
    const n = (v: number): string => v.toLocaleString(vscode.env.language);
    const figure =
      totals.read > 0
        ? vscode.l10n.t({
            message: 'Today {0} legs {1}',
            args: [n(totals.legs), signed(totals.change)],
            comment: ["The watch's status bar: {0} today's call legs, {1} the change since the watch began (+14, −3, ±0)"],
          })
        : `${vscode.l10n.t('Today')} $(loading~spin)`;
    const warn = s.problem !== undefined || s.doubt !== undefined;
    this.item.text = `$(pulse) ${figure}${warn ? ' $(warning)' : ''}`;
    this.item.backgroundColor = warn ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const time = (ms: number): string => new Date(ms).toLocaleTimeString(vscode.env.language);
    const monthId = this.months.currentMonth();
    const open = vscode.l10n.t('Open');
    const stop = vscode.l10n.t('Stop Watching');
    const lines = [
      `**${markdownText(vscode.l10n.t('Watching {0} voice instance(s): call legs today (change since the watch began)', s.readings.length))}**`,
      '',
      ...s.readings.map((r) => {
        const id = r.instanceId;
        const read =
          r.legs === undefined || r.readAt === undefined
            ? vscode.l10n.t('{0}: not read yet', inertLine(id))
            : vscode.l10n.t('{0}: {1} ({2}), read at {3}', inertLine(id), n(r.legs), signed(changeSinceStart(r) ?? 0), time(r.readAt));
        const p = r.legs === undefined ? undefined : this.projected(id);
        const reading = p ? `${read}; ${vscode.l10n.t('projected by month end: {0} ({1}–{2})', n(p.total), n(p.low), n(p.high))}` : read;
        const links = [
          `[${markdownText(open)}](${commandLink(COMMANDS.openMonthView, { instanceId: id, monthId })})`,
          `[${markdownText(stop)}](${commandLink(COMMANDS.unwatchInstance, { instanceId: id })})`,
        ];
        return `- ${markdownText(reading)} — ${links.join(' · ')}`;
      }),
      '',
    ];
    if (s.problem !== undefined) {
      const problem =
        s.heldUntil !== undefined
          ? vscode.l10n.t('The last read failed; next try at {0}: {1}', time(s.heldUntil), inertLine(s.problem, 300))
          : vscode.l10n.t('The last read failed: {0}', inertLine(s.problem, 300));
      lines.push(markdownText(problem), '');
    }
    if (s.doubt !== undefined) lines.push(markdownText(inertLine(s.doubt, 300)), '');
    lines.push(
      markdownText(
        s.readings.length > 1
          ? vscode.l10n.t('Read while this window is focused. Click to pick a month view of today.')
          : vscode.l10n.t("Read while this window is focused. Click to open today's month view."),
      ),
    );
    if (s.readings.length > 1)
      lines.push('', `[${markdownText(vscode.l10n.t('Stop Watching All'))}](${commandLink(COMMANDS.stopWatching)})`);
    const tooltip = new vscode.MarkdownString(lines.join('\n'));
    // Only these command links run; any other (there is none: every outside text is escaped) stays inert.
    tooltip.isTrusted = { enabledCommands: TOOLTIP_COMMANDS };
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = {
      label: vscode.l10n.t('Watch: {0} call legs today, {1} since the watch began', n(totals.legs), signed(totals.change)),
    };
    const only = s.readings.length === 1 ? s.readings[0]?.instanceId : undefined;
    this.item.command = only
      ? { command: COMMANDS.openMonthView, title: vscode.l10n.t('Open Month View'), arguments: [{ instanceId: only, monthId }] }
      : s.readings.length > 1
        ? { command: COMMANDS.openWatchedInstance, title: vscode.l10n.t('Open a Watched Instance') }
        : undefined;
  }

  dispose(): void {
    this.listener.dispose();
    this.item.dispose();
  }
}
