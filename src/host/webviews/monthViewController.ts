// The month view's host-side logic, free of `vscode` so it can be tested in plain Node: loads the
// month (and, independently, the previous month's totals for the comparison), answers the
// webview's messages and keeps the panel state that the serializer restores.
import {
  parseMonthViewToHost,
  shiftMonthId,
  type MonthCommand,
  type MonthViewState,
  type MonthViewToWebview,
} from '../../shared/protocol.js';
import type { MonthViewDataSource } from './dataSources.js';
import { isAbort, toMeta, toPanelError } from './payload.js';
import { PanelController } from './panelController.js';

export interface MonthViewHooks {
  onStateChange?(state: MonthViewState): void;
  onOpenDay?(instanceId: string, dateId: string): unknown;
  onCommand?(command: MonthCommand, state: MonthViewState): unknown;
  onWarn?(message: string): void;
}

export class MonthViewController extends PanelController<MonthViewState, MonthViewToWebview, MonthViewDataSource, MonthViewHooks> {

  /** Loads the month; resolves once the data (and the comparison, if any) has been handed to the gate. */
  async load(): Promise<void> {
    const { instanceId, monthId } = this.state;
    const ticket = this.loads.begin();
    this.gate.show({ type: 'loading', instanceId, monthId });
    const previousMonthId = shiftMonthId(monthId, -1);
    // Started together so the comparison costs no extra wait; its failure only hides the comparison.
    const previous = this.source.load(instanceId, previousMonthId, ticket.signal).then(
      (r) => r.view.totals,
      () => undefined,
    );
    try {
      const r = await this.source.load(instanceId, monthId, ticket.signal);
      if (!ticket.isCurrent()) return;
      this.gate.show({ type: 'monthData', instanceId, monthId, view: r.view, meta: toMeta(r.envelope, r.elapsedMs) });
    } catch (e) {
      if (ticket.isCurrent() && !(isAbort(e) && ticket.signal.aborted)) {
        this.gate.show({ type: 'error', instanceId, monthId, error: toPanelError(e) });
      }
      return;
    }
    const totals = await previous;
    if (totals && ticket.isCurrent()) this.gate.append({ type: 'comparison', instanceId, monthId, previousMonthId, totals });
  }

  /** Shows another month of the same instance (from the webview's buttons or a command). */
  navigate(monthId: string): Promise<void> {
    this.state = { ...this.state, monthId };
    this.hooks.onStateChange?.(this.current);
    return this.load();
  }

  /** Entry point for every message the webview posts; malformed ones are ignored. */
  async handle(raw: unknown): Promise<void> {
    const msg = parseMonthViewToHost(raw);
    if (!msg) {
      this.hooks.onWarn?.('month view: ignored a malformed message from the webview');
      return;
    }
    switch (msg.type) {
      case 'ready':
        this.gate.markReady();
        return;
      case 'navigate':
        return this.navigate(msg.monthId);
      case 'retry':
        return this.load();
      case 'openDay':
        await this.runHook(() => this.hooks.onOpenDay?.(this.state.instanceId, msg.dateId));
        return;
      case 'command':
        await this.runHook(() => this.hooks.onCommand?.(msg.command, this.current));
        return;
    }
  }

  webviewHidden(): void {
    this.gate.markNotReady();
  }

  dispose(): void {
    this.loads.dispose();
  }

  private async runHook(f: () => unknown): Promise<void> {
    try {
      await f();
    } catch (e) {
      this.hooks.onWarn?.(`month view: action failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
