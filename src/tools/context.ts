// The few core shapes the tools use, by type only: the tool core loads no code of the core itself (each
// door hands its own loaded core to the tools, so nothing here delays an MCP server's tool list).
import type { BodyAnalysis } from '../core/index.js';
import type { MonthView } from '../shared/monthModel.js';

export type { BodyAnalysis };

export interface MonthViewResult {
  view: MonthView;
}

/** The core functions the tools call (the core's own, handed over by the door). */
export type CoreModuleLike = Pick<
  typeof import('../core/index.js'),
  'validateId' | 'validateMonthId' | 'validateDateId' | 'normalizeE164' | 'maxBodyUnits' | 'analyzeBody'
>;
