// Host-side logic of the day-activities panel. The payload's shape is unknown (spec), so the
// parsed tree is passed on as plain JSON together with the raw XML for the "Show raw XML" toggle. Both come
// from the core client already scrubbed of credentials and capped (src/core/boundary.ts); the panel shows them
// as text, which is all this surface adds.
import {
  parseActivitiesToHost,
  type ActivitiesCommand,
  type ActivitiesState,
  type ActivitiesToHost,
  type ActivitiesToWebview,
} from '../../shared/protocol.js';
import type { ActivitiesDataSource } from './dataSources.js';
import { isAbort, toJsonValue, toMeta, toPanelError } from './payload.js';
import { PanelController } from './panelController.js';

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
  async load(): Promise<void> {
    const { instanceId, dateId } = this.state;
    const ticket = this.loads.begin();
    this.gate.show({ type: 'loading', instanceId, dateId });
    try {
      const r = await this.source.load(instanceId, dateId, ticket.signal);
      if (!ticket.isCurrent()) return;
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

  protected readonly label = 'activities';

  protected parse(raw: unknown): ActivitiesToHost | undefined {
    return parseActivitiesToHost(raw);
  }

  protected async onMessage(msg: ActivitiesToHost): Promise<void> {
    if (msg.type === 'command') await this.runHook(msg.command, () => this.hooks.onCommand?.(msg.command, this.current));
  }
}
