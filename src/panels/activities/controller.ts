// Host-side logic of the day-activities panel. The payload's shape is unknown (spec), so the
// parsed tree is passed on as plain JSON together with the raw XML for the "Show raw XML" toggle. Both come
// from the core client already scrubbed of credentials and capped (src/core/boundary.ts); the panel shows them
// as text, which is all this surface adds.
import {
  parseActivitiesToHost,
  parseActivitiesState,
  type ActivitiesCommand,
  type ActivitiesState,
  type ActivitiesToHost,
  type ActivitiesToWebview,
} from './protocol.js';
import type { ActivitiesDataSource } from '../../host/webviews/dataSources.js';
import { isAbort, toJsonValue, toMeta, toPanelError } from '../../host/webviews/payload.js';
import { PanelController } from '../../host/webviews/panelController.js';
import type { PostFn } from '../../host/webviews/readyGate.js';

export interface ActivitiesHooks {
  onCommand?(command: ActivitiesCommand, state: ActivitiesState): unknown;
  onWarn?(message: string): void;
}

export class ActivitiesController extends PanelController<
  ActivitiesState,
  ActivitiesToWebview,
  ActivitiesToHost,
  ActivitiesDataSource,
  ActivitiesHooks
> {
  /** A reading is on show (not loading, not an error): only then is the day read again on its own. */
  private showing = false;
  private rereading = false;
  /** A newer load of the month arrived while the page was hidden: read again once it is shown. */
  private missed = false;
  private readonly following: { dispose(): void } | undefined;

  constructor(initial: ActivitiesState, source: ActivitiesDataSource, post: PostFn<ActivitiesToWebview>, hooks?: ActivitiesHooks) {
    super(initial, source, post, hooks);
    // Today is read again whenever the month cache has a newer load of the instance's current month (a watch's tick).
    this.following = this.source.onMonthLoaded?.((instanceId, monthId, r) => this.monthLoaded(instanceId, monthId, r.view.currentDateId));
  }

  async load(): Promise<void> {
    const { instanceId, dateId } = this.state;
    const ticket = this.loads.begin();
    this.showing = false;
    this.gate.show({ type: 'loading', instanceId, dateId });
    try {
      const r = await this.source.load(instanceId, dateId, ticket.signal);
      if (!ticket.isCurrent()) return;
      this.showing = true;
      this.gate.show({
        type: 'activitiesData',
        instanceId,
        dateId,
        result: toJsonValue(r.result),
        rawXml: r.rawXml,
        meta: toMeta(r.envelope, r.elapsedMs),
      });
    } catch (e) {
      if (ticket.isCurrent() && !(isAbort(e) && ticket.signal.aborted)) {
        this.gate.show({ type: 'error', instanceId, dateId, error: toPanelError(e) });
      }
    }
  }

  override async handle(raw: unknown): Promise<void> {
    await super.handle(raw);
    if (this.missed && this.gate.isReady) {
      this.missed = false;
      if (this.showing && !this.rereading) await this.reread();
    }
  }

  override dispose(): void {
    this.following?.dispose();
    super.dispose();
  }

  /** The panel shows today of this instance (by the service's current date) and a newer load of its month came. */
  private monthLoaded(instanceId: string, monthId: string, currentDateId: string): void {
    const { dateId } = this.state;
    if (instanceId !== this.state.instanceId || monthId !== dateId.slice(0, 6) || currentDateId !== dateId) return;
    if (!this.showing || this.rereading) return;
    // Nobody sees a hidden panel: no request now, one when it is shown again.
    if (!this.gate.isReady) {
      this.missed = true;
      return;
    }
    void this.reread();
  }

  /**
   * Reads the day again behind what the user asked for (low priority) without showing Loading: the page gets the new
   * reading as `activitiesUpdate` and marks what is new. A failure keeps the reading on show and is logged only.
   */
  private async reread(): Promise<void> {
    const { instanceId, dateId } = this.state;
    const ticket = this.loads.begin();
    this.rereading = true;
    try {
      const r = await this.source.load(instanceId, dateId, ticket.signal, 'low');
      if (!ticket.isCurrent()) return;
      const data = { instanceId, dateId, result: toJsonValue(r.result), rawXml: r.rawXml, meta: toMeta(r.envelope, r.elapsedMs) };
      this.gate.keep({ type: 'activitiesData', ...data });
      this.gate.postIfReady({ type: 'activitiesUpdate', ...data });
    } catch (e) {
      if (ticket.isCurrent() && !isAbort(e))
        this.hooks.onWarn?.(`activities: reading ${dateId} again failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.rereading = false;
    }
  }

  protected readonly label = 'activities';

  protected parse(raw: unknown): ActivitiesToHost | undefined {
    return parseActivitiesToHost(raw);
  }

  protected async onMessage(msg: ActivitiesToHost): Promise<void> {
    if (msg.type === 'command') await this.runHook(msg.command, () => this.hooks.onCommand?.(msg.command, this.current));
  }
}

/** What the features bundle holds of this kind (src/panels/parts.ts): controller, saved-state check, chart. */
export const parts = { Controller: ActivitiesController, parseState: parseActivitiesState, chart: false };
