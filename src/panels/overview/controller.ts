// Host-side logic of the account overview: loads every instance's row through the overview loader
// (tools/overview/overviewLoader.ts: two months each at 'low' priority, so the month views go first), posts each row as
// it settles, keeps the whole table for a reloaded page, cancels on request, retries one failed row, and turns
// a row's click into "open that instance's month". The 12-month cells of the rows the page has on screen are filled
// with the months not in hand: read through the same month source (the month cache over the finished-months store,
// else one request at the overview's 'low' priority), a few at a time, once a row has loaded — so they queue behind
// every row's own two months and every view's requests. vscode-free, unit-tested over the simulator.
import * as l10n from '@vscode/l10n';
import { overviewTrendMonths, type OverviewRow } from '../../shared/overview/overview.js';
import { parseOverviewToHost, parseOverviewState, type OverviewState, type OverviewToHost, type OverviewToWebview } from './protocol.js';
import {
  loadOverview,
  loadOverviewRow,
  OVERVIEW_PRIORITY,
  pendingRow,
  type OverviewMonthSource,
} from '../../tools/overview/overviewLoader.js';
import { overviewWiring } from './wiring.js';
import { PanelController } from '../../host/webviews/panelController.js';
import { isAbort, toPanelError } from '../../host/webviews/payload.js';

export interface OverviewHooks {
  /** The active profile's instances; throws (with its sentence) when signed out. */
  instances(): Promise<readonly string[]>;
  onOpenMonth?(instanceId: string, monthId: string): unknown;
  /** `rows`: those the page shows, in its order; `total`: how many the panel has. */
  onExport?(monthId: string, rows: readonly OverviewRow[], total: number): unknown;
  /** A failed row's sentence (default: the error's message). */
  errorText?: (e: unknown) => string;
  /** Whether a month in progress gets its projected column (voiceSms.forecast.show); absent: yes. */
  forecast?(): boolean;
  onWarn?(message: string): void;
}

/** Trend months read at once for the cells on screen: few, so a failed row's retry never waits behind many. */
const TREND_READS_AT_ONCE = 2;

export class OverviewController extends PanelController<
  OverviewState,
  OverviewToWebview,
  OverviewToHost,
  OverviewMonthSource,
  OverviewHooks
> {
  private rows: OverviewRow[] = [];
  private loading = false;
  private cancelled = false;
  private cancel: AbortController | undefined;
  /** Row retries run under this, so closing the panel stops them too. */
  private readonly life = new AbortController();
  /** The rows the page reports on screen (none while it is hidden). */
  private visible = new Set<string>();
  /** Per instance, the trend months already read for this table (answered or failed: a failed one stays a gap). */
  private trendAsked = new Map<string, Set<string>>();
  /** Stops this table's trend reads (a new load, Cancel, closing). */
  private trendStop = new AbortController();
  private trendReads = 0;

  protected readonly label = 'overview';

  /** The rows as the panel shows them (tests, export). */
  get table(): readonly OverviewRow[] {
    return this.rows;
  }

  async load(): Promise<void> {
    const { monthId } = this.state;
    const ticket = this.loads.begin();
    const cancel = new AbortController();
    this.cancel = cancel;
    const signal = AbortSignal.any([ticket.signal, cancel.signal]);
    let ids: readonly string[];
    try {
      ids = await this.hooks.instances();
    } catch (e) {
      if (ticket.isCurrent()) this.gate.show({ type: 'error', monthId, error: toPanelError(e) });
      return;
    }
    if (!ticket.isCurrent()) return;
    if (ids.length === 0) {
      this.gate.show({
        type: 'error',
        monthId,
        error: { message: l10n.t('The active profile has no voice instances; add one with "Voice & SMS: Add Voice Instance".') },
      });
      return;
    }
    this.rows = ids.map(pendingRow);
    this.loading = true;
    this.cancelled = false;
    this.trendStop.abort();
    this.trendStop = new AbortController();
    this.trendAsked = new Map();
    this.showWhole();
    const result = await loadOverview(this.source, ids, monthId, {
      signal,
      ...(this.hooks.errorText ? { errorText: this.hooks.errorText } : {}),
      forecast: this.hooks.forecast?.() !== false,
      onRow: (row, index) => {
        if (!ticket.isCurrent()) return;
        this.rows[index] = row;
        this.keepWhole();
        this.gate.postIfReady({ type: 'overviewRow', monthId, index, row });
        this.fillTrends();
      },
    });
    if (!ticket.isCurrent()) return;
    this.loading = false;
    if (result.futureMonth !== undefined) {
      this.gate.show({ type: 'error', monthId, error: { message: result.futureMonth, kind: 'validation' } });
      return;
    }
    this.cancelled = result.cancelled;
    this.keepWhole();
    this.gate.postIfReady({ type: 'overviewDone', monthId, cancelled: result.cancelled });
  }

  /** Stops what is still queued (the trend cells' reads too); the rows loaded so far stay. */
  stop(): void {
    this.cancel?.abort();
    this.trendStop.abort();
  }

  async retryRow(instanceId: string): Promise<void> {
    const index = this.rows.findIndex((r) => r.instanceId === instanceId);
    if (index < 0 || this.rows[index]!.status === 'ok') return;
    const { monthId } = this.state;
    const rows = this.rows;
    const pending = pendingRow(instanceId);
    rows[index] = pending;
    this.keepWhole();
    this.gate.postIfReady({ type: 'overviewRow', monthId, index, row: pending });
    let row: OverviewRow;
    try {
      row = await loadOverviewRow(
        this.source,
        instanceId,
        monthId,
        this.life.signal,
        this.hooks.errorText,
        this.hooks.forecast?.() !== false,
      );
    } catch (e) {
      if (!isAbort(e)) this.hooks.onWarn?.(`${this.label}: retrying ${instanceId} failed: ${String(e)}`);
      return;
    }
    // A reload meanwhile replaced the table: this answer belongs to the old one.
    if (this.rows !== rows || this.state.monthId !== monthId) return;
    rows[index] = row;
    this.keepWhole();
    this.gate.postIfReady({ type: 'overviewRow', monthId, index, row });
    this.fillTrends();
  }

  override webviewHidden(): void {
    super.webviewHidden();
    // A hidden page has no rows on screen; shown again, it says which it has.
    this.visible = new Set();
  }

  override dispose(): void {
    this.life.abort();
    this.trendStop.abort();
    super.dispose();
  }

  /** Starts reading trend months for the rows on screen, up to TREND_READS_AT_ONCE at a time. */
  private fillTrends(): void {
    while (this.trendReads < TREND_READS_AT_ONCE && !this.trendStop.signal.aborted) {
      const next = this.nextTrendMonth();
      if (!next) return;
      this.trendReads++;
      void this.readTrendMonth(next.instanceId, next.monthId).finally(() => {
        this.trendReads--;
        this.fillTrends();
      });
    }
  }

  /** The next month to read: of a loaded row on screen, its newest month not in hand and not asked yet. */
  private nextTrendMonth(): { instanceId: string; monthId: string } | undefined {
    if (this.visible.size === 0) return undefined;
    const months = overviewTrendMonths(this.state.monthId);
    for (const row of this.rows) {
      if (row.status !== 'ok' || !this.visible.has(row.instanceId)) continue;
      let asked = this.trendAsked.get(row.instanceId);
      for (let k = months.length - 1; k >= 0; k--) {
        const monthId = months[k]!;
        if (row.trend[k] !== null || asked?.has(monthId)) continue;
        if (!asked) this.trendAsked.set(row.instanceId, (asked = new Set()));
        asked.add(monthId);
        return { instanceId: row.instanceId, monthId };
      }
    }
    return undefined;
  }

  /** One trend month of one row, through the panel's month source at low priority; a failure leaves the gap. */
  private async readTrendMonth(instanceId: string, monthId: string): Promise<void> {
    const rows = this.rows;
    const signal = AbortSignal.any([this.trendStop.signal, this.life.signal]);
    let callLegs: number;
    try {
      callLegs = (await this.source.load(instanceId, monthId, signal, OVERVIEW_PRIORITY)).view.totals.callLegs;
    } catch (e) {
      if (!signal.aborted)
        this.hooks.onWarn?.(`${this.label}: the trend month ${monthId} of ${instanceId} could not be read: ${String(e)}`);
      return;
    }
    if (signal.aborted || this.rows !== rows) return;
    const index = rows.findIndex((r) => r.instanceId === instanceId);
    const row = rows[index];
    const k = overviewTrendMonths(this.state.monthId).indexOf(monthId);
    if (!row || row.status !== 'ok' || k < 0) return;
    const trend = [...row.trend];
    trend[k] = callLegs;
    const updated = { ...row, trend };
    rows[index] = updated;
    this.keepWhole();
    this.gate.postIfReady({ type: 'overviewRow', monthId: this.state.monthId, index, row: updated });
  }

  private whole(): OverviewToWebview {
    return { type: 'overview', monthId: this.state.monthId, rows: [...this.rows], loading: this.loading, cancelled: this.cancelled };
  }

  private showWhole(): void {
    this.gate.show(this.whole());
  }

  /** A reloaded page gets the table as it is now; the open page got it row by row. */
  private keepWhole(): void {
    this.gate.keep(this.whole());
  }

  protected parse(raw: unknown): OverviewToHost | undefined {
    return parseOverviewToHost(raw);
  }

  protected async onMessage(msg: OverviewToHost): Promise<void> {
    switch (msg.type) {
      case 'cancel':
        this.stop();
        return;
      case 'retryRow':
        return this.retryRow(msg.instanceId);
      case 'visibleRows':
        this.visible = new Set(msg.instanceIds);
        this.fillTrends();
        return;
      case 'openInstance':
        await this.runHook(`opening ${msg.instanceId}`, () => this.hooks.onOpenMonth?.(msg.instanceId, this.state.monthId));
        return;
      case 'export': {
        // What the page shows, in its order (sorted, filtered); an id the panel does not have is dropped.
        const byId = new Map(this.rows.map((r) => [r.instanceId, r]));
        const rows = msg.instanceIds ? msg.instanceIds.flatMap((id) => byId.get(id) ?? []) : this.rows;
        await this.runHook('export', () => this.hooks.onExport?.(this.state.monthId, rows, this.rows.length));
        return;
      }
      default:
        return;
    }
  }
}

/** What the features bundle holds of this kind (src/panels/parts.ts): controller, saved-state check, chart. `wiring`: its months, instances and row errors from the services (wiring.ts). */
export const parts = { Controller: OverviewController, parseState: parseOverviewState, chart: false, wiring: overviewWiring };
