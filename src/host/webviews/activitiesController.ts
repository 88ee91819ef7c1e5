// Host-side logic of the day-activities panel. The payload's shape is unknown (spec), so the
// parsed tree is passed on as plain JSON together with the raw XML for the "Show raw XML" toggle.
import { parseActivitiesToHost, type ActivitiesState, type ActivitiesToWebview } from '../../shared/protocol.js';
import type { ActivitiesDataSource } from './dataSources.js';
import { isAbort, toJsonValue, toMeta, toPanelError } from './payload.js';
import { PanelController } from './panelController.js';

export interface ActivitiesHooks {
  onCommand?(command: 'copyAsCurl', state: ActivitiesState): unknown;
  onWarn?(message: string): void;
}

export class ActivitiesController extends PanelController<ActivitiesState, ActivitiesToWebview, ActivitiesDataSource, ActivitiesHooks> {

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

  async handle(raw: unknown): Promise<void> {
    const msg = parseActivitiesToHost(raw);
    if (!msg) {
      this.hooks.onWarn?.('activities: ignored a malformed message from the webview');
      return;
    }
    switch (msg.type) {
      case 'ready':
        this.gate.markReady();
        return;
      case 'retry':
        return this.load();
      case 'command':
        try {
          await this.hooks.onCommand?.(msg.command, this.current);
        } catch (e) {
          this.hooks.onWarn?.(`activities: ${msg.command} failed: ${e instanceof Error ? e.message : String(e)}`);
        }
        return;
    }
  }

  webviewHidden(): void {
    this.gate.markNotReady();
  }

  dispose(): void {
    this.loads.dispose();
  }
}
