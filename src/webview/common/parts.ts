// Building blocks every panel shares: the loading and error states and the "answered by" footer.
// <vscode-progress-ring> is registered by the shared elements script (src/webview/elements/main.ts).
import * as l10n from '@vscode/l10n';
import type { PanelError, ResponseMeta } from '../../shared/protocol.js';
import { button, h, type Child } from './dom.js';
import { formatElapsed } from './format.js';

export function loadingState(text: string): HTMLElement {
  return h(
    'div',
    { className: 'state state-loading', attrs: { role: 'status' } },
    h('vscode-progress-ring', { attrs: { 'aria-label': text } }),
    h('p', {}, text),
  );
}

/** A short heading for each VoiceSmsError kind (translated when asked for, after the bundle is loaded). */
function kindHint(kind: string | undefined): string | undefined {
  switch (kind) {
    case 'network':
      return l10n.t('Network problem');
    case 'timeout':
      return l10n.t('The service did not answer in time');
    case 'http':
      return l10n.t('HTTP error');
    case 'service':
      return l10n.t('The service reported an error');
    case 'parse':
      return l10n.t('Unreadable answer');
    case 'validation':
      return l10n.t('Invalid request');
    case 'auth':
      return l10n.t('Authentication failed');
    default:
      return undefined;
  }
}

// Stands in for an element inside a translated sentence; a private-use character no translation contains.
const SLOT = '\uE000';

/** "Voice instance <code>id</code>", with the id wherever the translation puts it. */
export function instanceLabel(instanceId: string): (string | HTMLElement)[] {
  const [before = '', after = ''] = l10n.t('Voice instance {0}', SLOT).split(SLOT);
  return [before, h('code', { className: 'instance-id' }, instanceId), after];
}

export function errorState(title: string, error: PanelError, onRetry: () => void): HTMLElement {
  const kind = kindHint(error.kind);
  return h(
    'div',
    { className: 'state state-error', attrs: { role: 'alert' } },
    h('h2', {}, title),
    kind ? h('p', { className: 'error-kind' }, kind) : null,
    h('p', { className: 'error-message' }, error.message),
    h('div', { className: 'state-actions' }, button(l10n.t('Retry'), onRetry)),
  );
}

export function serviceFooter(meta: ResponseMeta): HTMLElement {
  const item = (label: string, value: string, cls?: string): HTMLElement =>
    h('div', { className: 'meta-item' }, h('dt', {}, label), h('dd', cls ? { className: cls } : {}, value));
  return h(
    'footer',
    { className: 'meta', attrs: { 'aria-label': l10n.t('Response details') } },
    h(
      'dl',
      {},
      item(l10n.t('Service'), meta.service.provider, 'service-provider'),
      item(l10n.t({ message: 'ID', comment: ['The id the service reports for itself'] }), meta.service.id, 'service-id'),
      item(l10n.t('Version'), meta.service.version, 'service-version'),
      item(l10n.t('Response time'), formatElapsed(meta.elapsedMs), 'response-time'),
      meta.serverTimestamp ? item(l10n.t('Server time'), meta.serverTimestamp, 'server-time') : null,
    ),
  );
}

/** A titled panel holding one scrolling table (month view, trend, overview): its heading labels the table. */
export function tablePanel(o: { headingId: string; heading: string; hint: string; tableClass?: string }, ...parts: Child[]): HTMLElement {
  return h(
    'section',
    { className: 'panel table-panel' },
    h('div', { className: 'panel-head' }, h('h2', { id: o.headingId }, o.heading), h('p', { className: 'panel-hint' }, o.hint)),
    h(
      'div',
      { className: 'table-scroll' },
      h('table', { ...(o.tableClass ? { className: o.tableClass } : {}), attrs: { 'aria-labelledby': o.headingId } }, ...parts),
    ),
  );
}

/**
 * Roving focus for the clickable rows of a table body: one tab stop, arrows move, Enter/Space and a click activate.
 * It listens on the body, so rows added, removed or reordered later (the overview's sort and filter) need nothing
 * more; a click on a button inside a row, and a key pressed on it, are that button's.
 */
export function makeRowsNavigable(body: HTMLTableSectionElement, activate: (row: HTMLTableRowElement) => void): void {
  const rowOf = (target: EventTarget | null): HTMLTableRowElement | undefined =>
    target instanceof HTMLTableRowElement && target.parentElement === body ? target : undefined;
  for (const r of body.rows) r.tabIndex = r === body.rows[0] ? 0 : -1;
  body.addEventListener('click', (e) => {
    const target = e.target as Element;
    if (target.closest('button, vscode-button')) return;
    const row = target.closest('tr');
    if (row?.parentElement === body) activate(row);
  });
  body.addEventListener('focusin', (e) => {
    const row = rowOf(e.target);
    if (row) for (const r of body.rows) r.tabIndex = r === row ? 0 : -1;
  });
  body.addEventListener('keydown', (e) => {
    const row = rowOf(e.target);
    if (!row) return;
    const rows = [...body.rows];
    const i = rows.indexOf(row);
    let target: HTMLTableRowElement | undefined;
    switch (e.key) {
      case 'Enter':
      case ' ':
        e.preventDefault();
        activate(row);
        return;
      case 'ArrowDown':
        target = rows[i + 1];
        break;
      case 'ArrowUp':
        target = rows[i - 1];
        break;
      case 'Home':
        target = rows[0];
        break;
      case 'End':
        target = rows.at(-1);
        break;
      default:
        return;
    }
    e.preventDefault();
    target?.focus();
  });
}
