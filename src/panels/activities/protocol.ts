// The day activities' part of the webview protocol (the envelope and the shapes kinds share:
// src/shared/protocol.ts): its saved state, its messages both ways and their checks. The answer's shape is
// unknown to us: it is rendered faithfully.
import { isDateId, isInstanceId, panelMessage, record } from '../../shared/protocol.js';
import type { JsonValue, PanelError, ReadyMessage, ResponseMeta } from '../../shared/protocol.js';

export interface ActivitiesState {
  instanceId: string;
  dateId: string;
}

export type ActivitiesToWebview =
  | { type: 'loading'; instanceId: string; dateId: string }
  | { type: 'activitiesData'; instanceId: string; dateId: string; result: JsonValue; rawXml: string; meta: ResponseMeta }
  /**
   * Today read again (a newer load of the instance's current month): shown in place of the last reading, with what
   * is new since it marked. A page showing anything else draws it as `activitiesData`.
   */
  | { type: 'activitiesUpdate'; instanceId: string; dateId: string; result: JsonValue; rawXml: string; meta: ResponseMeta }
  | { type: 'error'; instanceId: string; dateId: string; error: PanelError };

export type ActivitiesCommand = 'copyAsCurl' | 'copyAsCode';

export type ActivitiesToHost = ReadyMessage | { type: 'retry' } | { type: 'command'; command: ActivitiesCommand };

export function parseActivitiesToHost(v: unknown): ActivitiesToHost | undefined {
  const m = record(v);
  const common = panelMessage(m);
  if (common) return common;
  switch (m?.type) {
    case 'command':
      return m.command === 'copyAsCurl' || m.command === 'copyAsCode' ? { type: 'command', command: m.command } : undefined;
    default:
      return undefined;
  }
}

export function parseActivitiesState(v: unknown): ActivitiesState | undefined {
  const s = record(v);
  return s && isInstanceId(s.instanceId) && isDateId(s.dateId) ? { instanceId: s.instanceId, dateId: s.dateId } : undefined;
}
