// Host-side logic of the 12-month trend: loads the months through the same data source as the
// month view (a few at a time, so a slow service is not hammered), keeps each month's failure
// next to it rather than failing the whole panel, and turns clicks into "open that month".
import {
  parseTrendToHost,
  shiftMonthId,
  type ResponseMeta,
  type TrendMonth,
  type TrendState,
  type TrendToHost,
  type TrendToWebview,
} from '../../shared/protocol.js';
import type { MonthViewDataSource } from './dataSources.js';
import { isAbort, toMeta, toPanelError } from './payload.js';
import { PanelController } from './panelController.js';

export const TREND_MONTHS = 12;
const CONCURRENCY = 3;

export interface TrendHooks {
  onOpenMonth?(instanceId: string, monthId: string): unknown;
  onWarn?(message: string): void;
}

export class TrendController extends PanelController<TrendState, TrendToWebview, TrendToHost, MonthViewDataSource, TrendHooks> {

  async load(): Promise<void> {
    const { instanceId, monthId } = this.state;
    const ticket = this.loads.begin();
    this.gate.show({ type: 'loading', instanceId, monthId });
    // Oldest first, the order of the chart's x axis.
    const ids = Array.from({ length: TREND_MONTHS }, (_, i) => shiftMonthId(monthId, i - (TREND_MONTHS - 1)));
    const months: TrendMonth[] = ids.map((id) => ({ monthId: id }));
    const failures: unknown[] = [];
    let meta: ResponseMeta | undefined;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < ids.length && !ticket.signal.aborted) {
        const i = next++;
        const slot = months[i]!;
        try {
          const r = await this.source.load(instanceId, slot.monthId, ticket.signal);
          slot.totals = r.view.totals;
          // The newest month's answer describes the service best.
          if (i === ids.length - 1 || !meta) meta = toMeta(r.envelope, r.elapsedMs);
        } catch (e) {
          failures.push(e);
          slot.error = toPanelError(e).message;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (!ticket.isCurrent()) return;
    if (failures.length === ids.length) {
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
