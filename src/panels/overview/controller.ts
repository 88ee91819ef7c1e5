// Host-side logic of the account overview: loads every instance's row through the overview loader
// (tools/overview/overviewLoader.ts: two months each at 'low' priority, so the month views go first), posts each row as
// it settles, keeps the whole table for a reloaded page, cancels on request, retries one failed row, and turns
// a row's click into "open that instance's month". vscode-free, unit-tested over the simulator.
import * as l10n from '@vscode/l10n';
import type { OverviewRow } from '../../shared/overview/overview.js';
import { parseOverviewToHost, parseOverviewState, type OverviewState, type OverviewToHost, type OverviewToWebview } from './protocol.js';
import { loadOverview, loadOverviewRow, pendingRow, type OverviewMonthSource } from '../../tools/overview/overviewLoader.js';
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

  /** Stops what is still queued; the rows loaded so far stay. */
  stop(): void {
    this.cancel?.abort();
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
  }

  override dispose(): void {
    this.life.abort();
    super.dispose();
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
