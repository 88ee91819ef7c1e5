// bench/budgets.json as the bundle budget test and npm run bench read it: every bundle's budget, where a panel kind's
// page (dist/webview/<kind>.js) without a line of its own in `bundles` has the pages' default, `panelPage`, so a new
// kind needs no line there until its page outgrows it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Budgets {
  bundles: Record<string, number>;
  panelPage: number;
  vsix: number;
}

export const budgets = JSON.parse(readFileSync(join(__dirname, 'budgets.json'), 'utf8')) as Budgets;

/** Every bundle's budget in bytes, by path; `panelKinds`: the kinds' names (esbuild.mjs panelKinds). */
export function bundleBudgets(panelKinds: readonly string[]): Record<string, number> {
  const all = { ...budgets.bundles };
  for (const kind of panelKinds) all[`dist/webview/${kind}.js`] ??= budgets.panelPage;
  return all;
}
