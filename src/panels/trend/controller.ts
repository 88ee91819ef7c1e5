// Host-side logic of the 12-month trend: loads the months through the same data source as the
// month view (trendLoader.ts: a few at a time, so a slow service is not hammered), keeps each month's failure
// next to it rather than failing the whole panel, and turns clicks into "open that month".
import { parseTrendToHost, parseTrendState, type TrendMonth, type TrendState, type TrendToHost, type TrendToWebview } from './protocol.js';
import { TREND_MONTHS, type ResponseMeta } from '../../shared/protocol.js';
import type { MonthViewDataSource } from '../../host/webviews/dataSources.js';
import { isAbort, toMeta, toPanelError } from '../../host/webviews/payload.js';
import { PanelController } from '../../host/webviews/panelController.js';
import { loadTrend, trendMonthIds } from '../../tools/months/trendLoader.js';
import { futureMonthOf } from '../../tools/months/futureMonth.js';

export interface TrendHooks {
  onOpenMonth?(instanceId: string, monthId: string): unknown;
  onWarn?(message: string): void;
}

export class TrendController extends PanelController<TrendState, TrendToWebview, TrendToHost, MonthViewDataSource, TrendHooks> {
  async load(): Promise<void> {
    const { instanceId, monthId } = this.state;
    const ticket = this.loads.begin();
    this.gate.show({ type: 'loading', instanceId, monthId });
    const slots = await loadTrend(this.source, instanceId, trendMonthIds(monthId, TREND_MONTHS), ticket.signal);
    const months: TrendMonth[] = slots.map((s) => ({ monthId: s.monthId }));
    const failures: unknown[] = [];
    let meta: ResponseMeta | undefined;
    slots.forEach((slot, i) => {
      const month = months[i]!;
      if (slot.result) {
        month.totals = slot.result.view.totals;
        // The newest month's answer describes the service best.
        if (i === slots.length - 1 || !meta) meta = toMeta(slot.result.envelope, slot.result.elapsedMs);
      } else if (slot.error !== undefined) {
        failures.push(slot.error);
        month.error = toPanelError(slot.error).message;
      }
    });
    if (!ticket.isCurrent()) return;
    const future = futureMonthOf(monthId, slots.at(-1)?.result);
    if (future !== undefined) {
      this.gate.show({ type: 'error', instanceId, monthId, error: { message: future, kind: 'validation' } });
      return;
    }
    if (failures.length === slots.length) {
      const first = failures[0];
      if (isAbort(first) && ticket.signal.aborted) return;
      this.gate.show({ type: 'error', instanceId, monthId, error: toPanelError(first) });
      return;
    }
    this.gate.show({ type: 'trendData', instanceId, monthId, months, ...(meta ? { meta } : {}) });
  }

  protected readonly label = 'trend';

  protected parse(raw: unknown): TrendToHost | undefined {
    return parseTrendToHost(raw);
  }

  protected async onMessage(msg: TrendToHost): Promise<void> {
    if (msg.type === 'openMonth') {
      await this.runHook(`opening ${msg.monthId}`, () => this.hooks.onOpenMonth?.(this.state.instanceId, msg.monthId));
    }
  }
}

/** What the features bundle holds of this kind (src/panels/parts.ts): controller, saved-state check, chart. */
export const parts = { Controller: TrendController, parseState: parseTrendState, chart: true };
