// The month view's answer (operations.ts `calls`): the monthly call-analytics view of one voice instance.
import { monthViewFromResult } from '../model/monthView.js';
import type { MonthView } from '../../shared/monthModel.js';
import type { Envelope } from '../xml/envelope.js';

export function interpretMonthView(env: Envelope, monthId: string): MonthView {
  return monthViewFromResult(env.result, monthId);
}
