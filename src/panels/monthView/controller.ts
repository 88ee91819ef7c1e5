// The month view's host-side logic, free of `vscode` so it can be tested in plain Node: loads the month with its
// like-for-like comparison as every door does (tools/months/monthWithComparison.ts: the month shown as it arrives,
// the comparison after it), answers the webview's messages and keeps the panel state that the serializer restores.
import {
  parseMonthViewToHost,
  parseMonthViewState,
  type MonthCommand,
  type MonthViewState,
  type MonthViewToHost,
  type MonthViewToWebview,
} from './protocol.js';
import { monthWithComparison } from '../../tools/months/monthWithComparison.js';
import { loadProjection } from '../../tools/months/projectionLoader.js';
import { projectionBasis } from '../../tools/text/projectionText.js';
import type { MonthProjection } from '../../shared/projection.js';
import type { ProjectionShown } from './protocol.js';
import { ToolRefusal } from '../../tools/refusal.js';
import type { MonthViewDataSource, MonthViewLoadResult } from '../../host/webviews/dataSources.js';
import type { LoadTicket } from '../../host/webviews/loadSequencer.js';
import { isAbort, toMeta, toPanelError } from '../../host/webviews/payload.js';
import { PanelController } from '../../host/webviews/panelController.js';
import type { PostFn } from '../../host/webviews/readyGate.js';

export interface MonthViewHooks {
  onStateChange?(state: MonthViewState): void;
  onOpenDay?(instanceId: string, dateId: string): unknown;
  onCommand?(command: MonthCommand, state: MonthViewState): unknown;
  onWarn?(message: string): void;
}

export class MonthViewController extends PanelController<
  MonthViewState,
  MonthViewToWebview,
  MonthViewToHost,
  MonthViewDataSource,
  MonthViewHooks
> {
  /** The XML of the month on show (undefined while loading or after an error). */
  rawAnswer: string | undefined;
  /** The load on show: undefined while this panel loads or shows an error (a newer load then waits for its own). */
  private shownLoad: MonthViewLoadResult | undefined;
  private readonly following: { dispose(): void } | undefined;
  /** The latest load's ticket: a projection redone for a newer load of the month on show belongs to it. */
  private ticket: LoadTicket | undefined;

  constructor(initial: MonthViewState, source: MonthViewDataSource, post: PostFn<MonthViewToWebview>, hooks?: MonthViewHooks) {
    super(initial, source, post, hooks);
    // The month cache's newer loads of the month on show (a watch's tick): shown in place, no request of our own.
    this.following = this.source.onMonthLoaded?.((instanceId, monthId, r) => this.arrived(instanceId, monthId, r));
  }

  /** The XML behind `monthId` if that is the month on show and it has loaded (Show Raw Answer reuses it). */
  rawAnswerOf(monthId: string): string | undefined {
    return this.state.monthId === monthId ? this.rawAnswer : undefined;
  }

  /** Loads the month; resolves once the data (and the comparison, if any) has been handed to the gate. */
  async load(): Promise<void> {
    const { instanceId, monthId } = this.state;
    const ticket = this.loads.begin();
    this.ticket = ticket;
    this.rawAnswer = undefined;
    this.shownLoad = undefined;
    this.gate.show({ type: 'loading', instanceId, monthId });
    const { month, comparison } = monthWithComparison((m) => this.source.load(instanceId, m, ticket.signal), monthId);
    try {
      const r = await month;
      if (!ticket.isCurrent()) return;
      this.rawAnswer = r.rawXml;
      this.shownLoad = r;
      this.gate.show({ type: 'monthData', instanceId, monthId, view: r.view, meta: toMeta(r.envelope, r.elapsedMs) });
    } catch (e) {
      if (ticket.isCurrent() && !(isAbort(e) && ticket.signal.aborted)) {
        // A month after the service's current one: the tools' sentence, not a month of zeros.
        const error = e instanceof ToolRefusal ? { message: e.message, kind: 'validation' as const } : toPanelError(e);
        this.gate.show({ type: 'error', instanceId, monthId, error });
      }
      return;
    }
    const compared = await comparison;
    if (compared && ticket.isCurrent()) {
      this.gate.append({
        type: 'comparison',
        instanceId,
        monthId,
        previousMonthId: compared.previousMonthId,
        totals: compared.comparison.previous,
        compared: compared.comparison.compared,
        previousDays: compared.previousDays.map((d) => ({ dateId: d.dateId, callLegs: d.callLegs, future: d.future })),
      });
    }
    if (this.shownLoad) await this.project(this.shownLoad, ticket);
  }

  /** The projection of a month in progress, after its figures (the finished months read at low priority). */
  private async project(r: MonthViewLoadResult, ticket: LoadTicket): Promise<void> {
    if (this.source.forecast?.() === false) return;
    const { instanceId, monthId } = this.state;
    const p = await loadProjection((m) => this.source.load(instanceId, m, ticket.signal, 'low'), r.view).catch(() => undefined);
    if (!p || !ticket.isCurrent() || this.shownLoad !== r) return;
    const message = { type: 'projection' as const, instanceId, monthId, projection: projectionShown(p) };
    // A newer load replaces the one before in what a new page gets.
    this.gate.keep(...this.gate.current().filter((m) => m.type !== 'projection'), message);
    this.gate.postIfReady(message);
  }

  override dispose(): void {
    this.following?.dispose();
    super.dispose();
  }

  /**
   * A settled load from the month cache: when it is a newer load of the month on show, the page is posted one
   * `monthUpdate`, and a new page would get the new month whole (the comparison, of the month before, stays).
   */
  private arrived(instanceId: string, monthId: string, r: MonthViewLoadResult): void {
    if (instanceId !== this.state.instanceId || monthId !== this.state.monthId) return;
    if (!this.shownLoad || this.shownLoad === r) return;
    this.shownLoad = r;
    this.rawAnswer = r.rawXml;
    const meta = toMeta(r.envelope, r.elapsedMs);
    const comparison = this.gate.current().filter((m) => m.type === 'comparison');
    this.gate.keep({ type: 'monthData', instanceId, monthId, view: r.view, meta }, ...comparison);
    this.gate.postIfReady({ type: 'monthUpdate', instanceId, monthId, view: r.view, meta });
    // The days so far changed: the projection with them (its finished months are in the cache by now).
    if (this.ticket) void this.project(r, this.ticket);
  }

  /** Shows another month of the same instance (from the webview's buttons or a command). */
  navigate(monthId: string): Promise<void> {
    this.state = { ...this.state, monthId };
    this.hooks.onStateChange?.(this.current);
    return this.load();
  }

  /** Entry point for every message the webview posts; malformed ones are ignored. */
  protected readonly label = 'month view';

  protected parse(raw: unknown): MonthViewToHost | undefined {
    return parseMonthViewToHost(raw);
  }

  protected async onMessage(msg: MonthViewToHost): Promise<void> {
    switch (msg.type) {
      case 'navigate':
        return this.navigate(msg.monthId);
      case 'openDay':
        return this.runHook(`opening ${msg.dateId}`, () => this.hooks.onOpenDay?.(this.state.instanceId, msg.dateId));
      case 'command':
        return this.runHook(msg.command, () => this.hooks.onCommand?.(msg.command, this.current));
    }
  }
}

function projectionShown(p: MonthProjection): ProjectionShown {
  const totals = {} as ProjectionShown['totals'];
  for (const [k, c] of Object.entries(p.counters) as Array<[keyof ProjectionShown['totals'], MonthProjection['counters']['callLegs']]>)
    totals[k] = { projected: c.total, low: c.low, high: c.high };
  return {
    totals,
    days: p.days.filter((d) => d.dateId > p.currentDateId).map((d) => ({ dateId: d.dateId, callLegs: d.callLegs })),
    basisText: projectionBasis(p),
  };
}

/** What the features bundle holds of this kind (src/panels/parts.ts): controller, saved-state check, chart. */
export const parts = { Controller: MonthViewController, parseState: parseMonthViewState, chart: true };
