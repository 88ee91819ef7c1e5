// GET /v1/vvoice/{VVINS}/activities/{DATEID}: one day's voice activities. The payload is not
// documented, so the parsed result is handed on as it is, for a faithful key/value rendering.
import { encodeId, validateDateId } from '../model/ids.js';
import type { ApiRequest } from './request.js';

export function buildActivitiesRequest(instanceId: string, dateId: string): ApiRequest {
  const vvins = encodeId('instanceId', instanceId);
  // Sent as YYYYMMDD, the form the month view uses for its day ids (YYYY-MM-DD is accepted as input).
  const day = validateDateId(dateId);
  return { operation: 'activities', method: 'GET', path: `v1/vvoice/${vvins}/activities/${day}` };
}
