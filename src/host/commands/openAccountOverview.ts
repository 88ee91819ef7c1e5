// voiceSms.openAccountOverview { monthId? }: every voice instance of the active profile for one month (default:
// this month, UTC) in one panel. Returns the panel's title at once; the rows arrive in the panel as they load
// (two requests per instance at most, behind every other view's), with their own count and Cancel. A malformed
// monthId from a program is refused with the core's sentence, shown and thrown back.
import * as vscode from 'vscode';
import { validateMonthId } from '../../core/model/ids.js';
import { monthIdOf } from '../../core/model/month.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';
import { isArgObject } from './runCommand.js';

export interface OverviewArgs {
  monthId?: string;
}

/** Only `monthId` is read; a number such as 202406 is taken as its digits. */
function readOverviewArgs(arg: unknown): OverviewArgs {
  if (!isArgObject(arg)) return {};
  const raw = arg['monthId'];
  if (raw === undefined || raw === null) return {};
  const text = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw : '';
  return { monthId: validateMonthId(text) };
}

const title = (): string => vscode.l10n.t('Open Account Overview');

export const command: HostCommand<OverviewArgs> = {
  manifest: {
    title: 'Open Account Overview',
    icon: 'table',
    palette: CONTEXT_KEYS.signedIn,
    menus: [
      { menu: 'view/title', when: `${VIEW.instances} && ${CONTEXT_KEYS.signedIn} && ${CONTEXT_KEYS.hasInstances}`, group: 'navigation@2' },
    ],
  },
  parseArg: readOverviewArgs,
  failure: { title, throwBack: (raw) => (isArgObject(raw) ? 'shown' : false) },
  async run(services, args) {
    await services.clients.assertSignedIn();
    return services.panels.open('overview', { monthId: args.monthId ?? monthIdOf(new Date()) });
  },
};
