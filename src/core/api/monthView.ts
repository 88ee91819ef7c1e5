// GET /v1/vvoice/{VVINS}/calls/{MONTHID}: the monthly call-analytics view of one voice instance.
import { validateId, validateMonthId } from '../model/ids.js';
import { monthViewFromResult } from '../model/monthView.js';
import type { MonthView } from '../model/types.js';
import type { Envelope } from '../xml/envelope.js';
import { routed, type ApiRequest } from './request.js';

export function buildMonthViewRequest(instanceId: string, monthId: string): { request: ApiRequest; monthId: string } {
  const month = validateMonthId(monthId);
  const params = { instanceId: validateId('instanceId', instanceId), monthId: month };
  const { path, route } = routed('v1/vvoice/{instanceId}/calls/{monthId}', params);
  return { request: { operation: 'calls', method: 'GET', path, route }, monthId: month };
}

export function interpretMonthView(env: Envelope, monthId: string): MonthView {
  return monthViewFromResult(env.result, monthId);
}
