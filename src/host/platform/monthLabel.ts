// How a month reads wherever the host names one (tree rows, pickers, messages, panel titles): "March
// 2025" in the editor's language. Free of `vscode` (unit tests import it); the locale comes through
// pureL10n.ts.
import { hostLocale } from './pureL10n.js';

/** "March 2025" in the editor's language (UTC: a calendar month, not an instant). */
export function monthLabel(monthId: string): string {
  const date = new Date(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)) - 1, 1));
  return new Intl.DateTimeFormat(hostLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
