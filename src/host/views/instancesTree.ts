// The Voice Instances view: instance -> its last `monthsInTree` months, newest first. Only rendering
// lives here; loading, caching and cancellation are MonthCache's. Months load when their instance
// is expanded and each row updates on its own as its answer arrives.
import * as vscode from 'vscode';
import { COMMANDS, TREE_ITEM_KINDS } from '../../shared/ids.js';
import type { HostConfig } from '../profile/config.js';
import { errorMessage, errorText, type UserTextGuard } from '../platform/errors.js';
import { inertLine, markdownText } from '../../shared/untrustedText.js';
import { Disposable } from '../platform/lifecycle.js';
import type { SessionState } from '../profile/session.js';
import { monthLabel } from '../platform/monthLabel.js';
import type { MonthCache, MonthState } from '../months/monthCache.js';

export type InstanceNode = { readonly kind: 'instance'; readonly instanceId: string };
export type MonthNode = { readonly kind: 'month'; readonly instanceId: string; readonly monthId: string };
/** Stands for all of an instance's months when every one failed the same way (an unknown id, a revoked key). */
export type FailureNode = { readonly kind: 'failure'; readonly instanceId: string };
export type InstancesNode = InstanceNode | MonthNode | FailureNode;

/** "1,234 legs · 567 min", the description of a loaded month. */
function monthSummary(totals: { callLegs: number; durationMin: number }, locale = vscode.env.language): string {
  const n = (v: number): string => v.toLocaleString(locale);
  return vscode.l10n.t('{0} legs · {1} min', n(totals.callLegs), n(totals.durationMin));
}

/** What makes two failures "the same": kind, HTTP status and service code, not the wording. */
function failureReason(e: unknown): string {
  const { kind, details } = (e ?? {}) as { kind?: unknown; details?: { httpStatus?: unknown; serviceCode?: unknown } };
  return typeof kind === 'string' ? JSON.stringify([kind, details?.httpStatus, details?.serviceCode]) : errorMessage(e);
}

export class InstancesTreeProvider extends Disposable implements vscode.TreeDataProvider<InstancesNode> {
  private readonly changed = this._register(new vscode.EventEmitter<InstancesNode | undefined>());
  /** The same object for the same row, so a change event names the row VS Code already shows. */
  private readonly nodes = new Map<string, InstancesNode>();

  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly model: MonthCache,
    private readonly session: SessionState,
    private readonly config: HostConfig,
    /** Masks secrets and defuses links in the service's error text (the HostLog). */
    private readonly guard: UserTextGuard,
  ) {
    super();
    this._register(
      model.onDidChange((key) => {
        if (!key) return this.changed.fire(undefined);
        // A month the tree does not list (loaded for a panel or a trend) changes no row; firing `undefined` for it
        // would redraw the whole tree, twelve times for a trend.
        if (!this.model.months(this.config.settings.monthsInTree).includes(key.monthId)) return;
        const instance = this.nodes.get(JSON.stringify([key.instanceId]));
        const month = this.nodes.get(JSON.stringify([key.instanceId, key.monthId]));
        // The last month just failed like the others (the children collapse to one row), or the month has no row
        // yet (a collapsed instance, or the one failure row): redraw the instance.
        if (this.commonFailure(key.instanceId) !== undefined || !month) {
          if (instance) this.changed.fire(instance);
          return;
        }
        this.changed.fire(month);
      }),
    );
    this._register(session.onDidChange(() => this.changed.fire(undefined)));
  }

  /** The instances a watch reads (shell/watchHandle.ts): their rows say so, redrawn when the set changes. */
  markWatched(source: { readonly watched: ReadonlySet<string>; onDidChange(listener: () => void): { dispose(): unknown } }): void {
    this.watch = source;
    this._register(source.onDidChange(() => this.changed.fire(undefined)));
  }

  private watch: { readonly watched: ReadonlySet<string> } | undefined;

  /** Cancels the loads of an instance the user collapsed; they restart when it is expanded again. */
  attach(view: vscode.TreeView<unknown>): void {
    this._register(
      view.onDidCollapseElement((e) => {
        const node = e.element as InstancesNode;
        if (node.kind === 'instance') this.model.cancel(node.instanceId);
      }),
    );
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getChildren(element?: InstancesNode): InstancesNode[] {
    if (!element) {
      const s = this.session.current;
      // Signed out or no instances: an empty root shows the welcome content (package.json viewsWelcome).
      if (!s.signedIn) return [];
      return s.instances.map((instanceId) => this.node({ kind: 'instance', instanceId }));
    }
    if (element.kind !== 'instance') return [];
    const months = this.model.months(this.config.settings.monthsInTree);
    this.model.request(element.instanceId, months);
    if (this.commonFailure(element.instanceId) !== undefined) return [this.node({ kind: 'failure', instanceId: element.instanceId })];
    return months.map((monthId) => this.node({ kind: 'month', instanceId: element.instanceId, monthId }));
  }

  getParent(element: InstancesNode): InstancesNode | undefined {
    return element.kind === 'instance' ? undefined : this.nodes.get(JSON.stringify([element.instanceId]));
  }

  getTreeItem(element: InstancesNode): vscode.TreeItem {
    switch (element.kind) {
      case 'instance':
        return this.instanceItem(element);
      case 'month':
        return this.monthItem(element, this.model.state(element.instanceId, element.monthId));
      case 'failure':
        return this.failureItem(element, this.commonFailure(element.instanceId) ?? '');
    }
  }

  /**
   * The newest month's message when every listed month failed for the same reason (same error kind,
   * HTTP status and service code: the messages themselves differ by the month in the request path).
   */
  private commonFailure(instanceId: string): string | undefined {
    const months = this.model.months(this.config.settings.monthsInTree);
    const reasons = new Set<string>();
    let newest: string | undefined;
    for (const monthId of months) {
      const state = this.model.state(instanceId, monthId);
      if (state.status !== 'error') return undefined;
      reasons.add(failureReason(state.error));
      newest ??= errorText(this.guard, state.error);
    }
    // One month alone is shown as itself; different failures each keep their own row.
    return months.length > 1 && reasons.size === 1 ? newest : undefined;
  }

  private failureItem(node: FailureNode, message: string): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('No month could be loaded'), vscode.TreeItemCollapsibleState.None);
    item.id = JSON.stringify([node.instanceId, 'failure']);
    // The error kind: the inline and context "Retry" apply, and retry every month of the instance.
    item.contextValue = TREE_ITEM_KINDS.error;
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.description = message;
    item.tooltip = vscode.l10n.t(
      '{0}\nEvery month of {1} failed with this error. Click to try again.',
      message,
      inertLine(node.instanceId),
    );
    item.command = { command: COMMANDS.refresh, title: vscode.l10n.t('Retry'), arguments: [{ instanceId: node.instanceId }] };
    return item;
  }

  private instanceItem(node: InstanceNode): vscode.TreeItem {
    // Ids come from settings a workspace may set: shown inert like service text.
    const item = new vscode.TreeItem(inertLine(node.instanceId), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = JSON.stringify([node.instanceId]);
    const own = this.config.activeProfile?.voiceInstances.includes(node.instanceId) ?? false;
    const pinned = !own && this.config.settings.workspaceInstances.includes(node.instanceId);
    item.contextValue = pinned ? `${TREE_ITEM_KINDS.instance}.pinned` : TREE_ITEM_KINDS.instance;
    const watched = this.watch?.watched.has(node.instanceId) ?? false;
    // `.watched` has the row's menu offer Stop Watching instead of Watch (commands/menuWhen.ts).
    if (watched) item.contextValue = pinned ? `${TREE_ITEM_KINDS.instance}.pinned.watched` : `${TREE_ITEM_KINDS.instance}.watched`;
    item.iconPath = new vscode.ThemeIcon(watched ? 'pulse' : pinned ? 'pinned' : 'call-outgoing');
    const notes = [...(pinned ? [vscode.l10n.t('pinned by workspace')] : []), ...(watched ? [vscode.l10n.t('watched')] : [])];
    if (notes.length > 0) item.description = notes.join(' · ');
    item.tooltip = pinned
      ? vscode.l10n.t('Voice instance {0}, pinned by this workspace (setting voiceSms.workspaceInstances)', inertLine(node.instanceId))
      : vscode.l10n.t('Voice instance {0}', inertLine(node.instanceId));
    if (watched)
      item.tooltip += '\n' + vscode.l10n.t("Watched: today's figures are read again while this window is focused (Stop Watching ends it).");
    return item;
  }

  private monthItem(node: MonthNode, state: MonthState): vscode.TreeItem {
    const item = new vscode.TreeItem(monthLabel(node.monthId), vscode.TreeItemCollapsibleState.None);
    item.id = JSON.stringify([node.instanceId, node.monthId]);
    const args = { instanceId: node.instanceId, monthId: node.monthId };
    const current = node.monthId === this.model.currentMonth();
    switch (state.status) {
      case 'idle':
      case 'loading': {
        const previous = state.status === 'loading' ? state.previous : undefined;
        item.contextValue = TREE_ITEM_KINDS.month;
        item.iconPath = new vscode.ThemeIcon('loading~spin');
        item.description = previous ? vscode.l10n.t('{0} (updating…)', monthSummary(previous.totals)) : vscode.l10n.t('loading…');
        item.command = { command: COMMANDS.openMonthView, title: vscode.l10n.t('Open Month View'), arguments: [args] };
        break;
      }
      case 'loaded': {
        item.contextValue = TREE_ITEM_KINDS.month;
        item.iconPath = new vscode.ThemeIcon(state.view.warnings.length > 0 ? 'warning' : current ? 'calendar' : 'history');
        item.description = monthSummary(state.view.totals) + (current ? ` · ${vscode.l10n.t('so far')}` : '');
        const t = state.view.totals;
        item.tooltip = new vscode.MarkdownString(
          [
            // Markdown: the id (workspace-settable) and the warnings (service text) are escaped, never rendered.
            `**${markdownText(node.instanceId)} · ${monthLabel(node.monthId)}**`,
            '',
            vscode.l10n.t('Call legs: {0} (in {1}, out {2})', t.callLegs, t.callLegsIn, t.callLegsOut),
            '',
            vscode.l10n.t('Unique calls: {0}; minutes: {1}; days counted: {2}', t.callsUnique, t.durationMin, t.days),
            ...state.view.warnings.slice(0, 5).map((w) => `\n- ${markdownText(w)}`),
          ].join('\n'),
        );
        item.command = { command: COMMANDS.openMonthView, title: vscode.l10n.t('Open Month View'), arguments: [args] };
        break;
      }
      case 'error': {
        // An error is a row of its own kind: its click and inline action retry this month.
        item.contextValue = TREE_ITEM_KINDS.error;
        item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
        const message = errorText(this.guard, state.error);
        item.description = message;
        item.tooltip = vscode.l10n.t('{0}\nClick to try again.', message);
        item.command = { command: COMMANDS.refresh, title: vscode.l10n.t('Retry'), arguments: [args] };
        break;
      }
    }
    return item;
  }

  private node<T extends InstancesNode>(fresh: T): T {
    const key = JSON.stringify(
      fresh.kind === 'instance'
        ? [fresh.instanceId]
        : fresh.kind === 'month'
          ? [fresh.instanceId, fresh.monthId]
          : [fresh.instanceId, 'failure'],
    );
    const known = this.nodes.get(key);
    if (known) return known as T;
    this.nodes.set(key, fresh);
    return fresh;
  }
}
