// GET /v1/vvoice/{VVINS}/calls/{MONTHID}: the monthly call-analytics view of one voice instance.
import { encodeId, validateMonthId } from '../model/ids.js';
import { monthViewFromResult } from '../model/monthView.js';
import type { MonthView } from '../model/types.js';
import type { Envelope } from '../xml/envelope.js';
import type { ApiRequest } from './request.js';

export function buildMonthViewRequest(instanceId: string, monthId: string): { request: ApiRequest; monthId: string } {
  const vvins = encodeId('instanceId', instanceId);
  const month = validateMonthId(monthId);
  return { request: { operation: 'calls', method: 'GET', path: `v1/vvoice/${vvins}/calls/${month}` }, monthId: month };
}

export function interpretMonthView(env: Envelope, monthId: string): MonthView {
  return monthViewFromResult(env.result, monthId);
}
