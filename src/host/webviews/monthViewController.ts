// The month view's host-side logic, free of `vscode` so it can be tested in plain Node: loads the
// month (and, independently, the previous month for the like-for-like comparison), answers the
// webview's messages and keeps the panel state that the serializer restores.
import {
  parseMonthViewToHost,
  shiftMonthId,
  type MonthCommand,
  type MonthViewData,
  type MonthViewState,
  type MonthViewToHost,
  type MonthViewToWebview,
} from '../../shared/protocol.js';
import { compareMonths } from '../../shared/comparison.js';
import type { MonthViewDataSource } from './dataSources.js';
import { isAbort, toMeta, toPanelError } from './payload.js';
import { PanelController } from './panelController.js';

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

  /** The XML behind `monthId` if that is the month on show and it has loaded (Show Raw Answer reuses it). */
  rawAnswerOf(monthId: string): string | undefined {
    return this.state.monthId === monthId ? this.rawAnswer : undefined;
  }

  /** Loads the month; resolves once the data (and the comparison, if any) has been handed to the gate. */
  async load(): Promise<void> {
    const { instanceId, monthId } = this.state;
    const ticket = this.loads.begin();
    this.rawAnswer = undefined;
    this.gate.show({ type: 'loading', instanceId, monthId });
    const previousMonthId = shiftMonthId(monthId, -1);
    // Started together so the comparison costs no extra wait; its failure only hides the comparison.
    const previous = this.source.load(instanceId, previousMonthId, ticket.signal).then(
      (r) => r.view,
      () => undefined,
    );
    let view: MonthViewData;
    try {
      const r = await this.source.load(instanceId, monthId, ticket.signal);
      if (!ticket.isCurrent()) return;
      view = r.view;
      this.rawAnswer = r.rawXml;
      this.gate.show({ type: 'monthData', instanceId, monthId, view: r.view, meta: toMeta(r.envelope, r.elapsedMs) });
    } catch (e) {
      if (ticket.isCurrent() && !(isAbort(e) && ticket.signal.aborted)) {
        this.gate.show({ type: 'error', instanceId, monthId, error: toPanelError(e) });
      }
      return;
    }
    const before = await previous;
    // Like for like: a month not finished against the same days of the month before (shared/comparison.ts).
    const comparison = before ? compareMonths(view, before) : undefined;
    if (comparison && ticket.isCurrent()) {
      this.gate.append({
        type: 'comparison',
        instanceId,
        monthId,
        previousMonthId,
        totals: comparison.previous,
        compared: comparison.compared,
      });
    }
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
