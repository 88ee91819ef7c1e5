// Panel titles, also the return value of the open commands (a contract: test/integration/contract.ts), so they live in one place.
// Free of `vscode` (unit tests import it): messages go through @vscode/l10n (see pureL10n.ts) and
// month names come from Intl in the editor's language.
import * as l10n from '@vscode/l10n';
import { monthLabel } from '../platform/monthLabel.js';

export function monthViewTitle(instanceId: string, monthId: string): string {
  return l10n.t({
    message: 'Calls {0} · {1}',
    args: [monthLabel(monthId), instanceId],
    comment: ['Panel title: a month, then the voice instance id'],
  });
}

export function trendTitle(instanceId: string): string {
  return l10n.t({ message: '12-month trend · {0}', args: [instanceId], comment: ['Panel title; {0} is the voice instance id'] });
}

export function activitiesTitle(instanceId: string, dateId: string): string {
  const day = `${dateId.slice(0, 4)}-${dateId.slice(4, 6)}-${dateId.slice(6, 8)}`;
  return l10n.t({
    message: 'Activities {0} · {1}',
    args: [day, instanceId],
    comment: ['Panel title: a date (YYYY-MM-DD), then the voice instance id'],
  });
}

export function overviewTitle(monthId: string): string {
  return l10n.t({ message: 'Account overview · {0}', args: [monthLabel(monthId)], comment: ['Panel title; {0} is a month'] });
}
