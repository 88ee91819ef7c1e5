// Whether the command palette offers one of our commands: filtered to its full title so the
// virtualised list cannot hide the row, and given a moment because the list fills asynchronously.
import { COMMAND_CATEGORY } from '../../integration/contract.js';
import type { Workbench } from './workbench.js';

/** Palette titles (package.nls.json, without the "…") of the commands that need a signed-in profile. */
export const SIGNED_IN_ONLY = [
  'Add Voice Instance',
  'Open Month View',
  'Open 12-Month Trend',
  'Show Day Activities',
  'Export Month',
  'Send Test SMS',
  'Refresh Balance',
];

export async function paletteOffers(wb: Workbench, title: string): Promise<boolean> {
  const qi = await wb.palette(`${COMMAND_CATEGORY}: ${title}`);
  const seen = await qi
    .row(`${COMMAND_CATEGORY}: ${title}`)
    .waitFor({ state: 'visible', timeout: 3_000 })
    .then(
      () => true,
      () => false,
    );
  await qi.cancel();
  return seen;
}
