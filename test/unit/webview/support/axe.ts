// axe-core, the accessibility engine, run inside a panel page. The engine is evaluated through the
// browser's debugging protocol, so the page's strict CSP stays exactly as the editor sets it.
import { readFileSync } from 'node:fs';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 levels A and AA, plus axe's best practices (heading order, landmarks, ...). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Impacts that fail the audit; lower ones are listed only. */
export const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

export interface Finding {
  state: string;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

export interface Audit {
  findings: Finding[];
  /** Every rule that applied to something on the page, whatever its outcome. */
  rulesRun: Set<string>;
}

export async function audit(page: Page, state: string): Promise<Audit> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (o) => (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<AxeResults> } }).axe.run(document, o),
    options,
  );
  const rulesRun = new Set([...results.passes, ...results.violations, ...results.incomplete].map((r) => r.id));
  const toFindings = (list: Result[]): Finding[] =>
    list.map((v) => ({
      state,
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      // The first line of axe's summary says what to fix (e.g. the measured contrast ratio).
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`),
    }));
  return { findings: toFindings(results.violations), rulesRun };
}

export function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `  [${f.impact}] ${f.state}: ${f.id} (${f.help})\n${f.nodes.map((n) => `      ${n}`).join('\n')}`).join('\n');
}
