// The picture beside the month view's and the trend's text in chat: where the running editor takes image parts in tool
// results (vscode.LanguageModelDataPart, newer than the API this extension declares), the chart of the tool's
// structured result as a PNG (tools/chart/toolCharts.ts). Elsewhere the text alone, as before; a picture that cannot be
// drawn never fails the call.
import * as vscode from 'vscode';
import { canEncodePng } from '../../tools/chart/png.js';
import { monthChartPng, trendChartPng, type MonthChartData, type TrendChartData } from '../../tools/chart/toolCharts.js';

interface DataPartClass {
  image(data: Uint8Array, mimeType: string): unknown;
}

/** Tool key → its chart. */
const CHARTS: Record<string, (data: unknown) => Uint8Array> = {
  getMonthView: (data) => monthChartPng(data as MonthChartData),
  getTrend: (data) => trendChartPng(data as TrendChartData),
};

/** The image part for tool `key`'s result `data`, or undefined (no chart for this tool, or none in this editor). */
export function chartPart(key: string, data: unknown): unknown {
  const chart = CHARTS[key];
  const DataPart = (vscode as unknown as { LanguageModelDataPart?: DataPartClass }).LanguageModelDataPart;
  if (!chart || typeof DataPart?.image !== 'function' || !canEncodePng()) return undefined;
  try {
    return DataPart.image(chart(data), 'image/png');
  } catch {
    return undefined;
  }
}
