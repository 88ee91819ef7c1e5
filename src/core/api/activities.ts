// GET /v1/vvoice/{VVINS}/activities/{DATEID}: one day's voice activities. The payload is not
// documented, so the parsed result is handed on as it is, for a faithful key/value rendering.
import { validateDateId, validateId } from '../model/ids.js';
import { routed, type ApiRequest } from './request.js';

export function buildActivitiesRequest(instanceId: string, dateId: string): ApiRequest {
  const vvins = validateId('instanceId', instanceId);
  // Sent as YYYYMMDD, the form the month view uses for its day ids (YYYY-MM-DD is accepted as input).
  const day = validateDateId(dateId);
  return {
    operation: 'activities',
    method: 'GET',
    ...routed('v1/vvoice/{instanceId}/activities/{dateId}', { instanceId: vvins, dateId: day }),
  };
}
