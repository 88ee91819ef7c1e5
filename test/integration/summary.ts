// The one line the integration entry prints at the end, so the code-server driver can print a clear
// summary even though the host's console arrives mixed with the workbench's own log lines.
const SUMMARY_MARKER = 'VSTK_INTEGRATION_SUMMARY';
export const START_MARKER = 'VSTK_INTEGRATION_START';

export interface IntegrationSummary {
  passes: number;
  failures: number;
  pending: number;
  /** Full titles of the failed tests. */
  failed: string[];
}

export function formatSummaryLine(summary: IntegrationSummary): string {
  return `${SUMMARY_MARKER} ${JSON.stringify(summary)}`;
}

/** Finds the summary in one console line, if it is there. */
export function parseSummaryLine(line: string): IntegrationSummary | undefined {
  const at = line.indexOf(SUMMARY_MARKER);
  if (at < 0) return undefined;
  try {
    return JSON.parse(line.slice(at + SUMMARY_MARKER.length).trim()) as IntegrationSummary;
  } catch {
    return undefined;
  }
}
