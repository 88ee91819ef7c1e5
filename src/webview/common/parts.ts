// Building blocks every panel shares: the loading and error states and the "answered by" footer.
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import type { PanelError, ResponseMeta } from '../../shared/protocol.js';
import { button, h } from './dom.js';
import { formatElapsed } from './format.js';

export function loadingState(text: string): HTMLElement {
  return h('div', { className: 'state state-loading', attrs: { role: 'status' } },
    h('vscode-progress-ring', { attrs: { 'aria-label': text } }),
    h('p', {}, text));
}

const KIND_HINT: Record<string, string> = {
  network: 'Network problem',
  timeout: 'The service did not answer in time',
  http: 'HTTP error',
  service: 'The service reported an error',
  parse: 'Unreadable answer',
  validation: 'Invalid request',
  auth: 'Authentication failed',
};

export function errorState(title: string, error: PanelError, onRetry: () => void): HTMLElement {
  const kind = error.kind ? KIND_HINT[error.kind] : undefined;
  return h('div', { className: 'state state-error', attrs: { role: 'alert' } },
    h('h2', {}, title),
    kind ? h('p', { className: 'error-kind' }, kind) : null,
    h('p', { className: 'error-message' }, error.message),
    h('div', { className: 'state-actions' }, button('Retry', onRetry)));
}

export function serviceFooter(meta: ResponseMeta): HTMLElement {
  const item = (label: string, value: string, cls?: string): HTMLElement =>
    h('div', { className: 'meta-item' }, h('dt', {}, label), h('dd', cls ? { className: cls } : {}, value));
  return h('footer', { className: 'meta', attrs: { 'aria-label': 'Response details' } },
    h('dl', {},
      item('Service', meta.service.provider, 'service-provider'),
      item('ID', meta.service.id, 'service-id'),
      item('Version', meta.service.version, 'service-version'),
      item('Response time', formatElapsed(meta.elapsedMs), 'response-time'),
      meta.serverTimestamp ? item('Server time', meta.serverTimestamp, 'server-time') : null));
}

/** Roving focus for clickable table rows: one tab stop, arrows move, Enter/Space activate. */
export function makeRowsNavigable(rows: HTMLTableRowElement[], activate: (row: HTMLTableRowElement) => void): void {
  rows.forEach((row, i) => {
    row.tabIndex = i === 0 ? 0 : -1;
    row.addEventListener('click', () => activate(row));
    row.addEventListener('focus', () => {
      for (const r of rows) r.tabIndex = r === row ? 0 : -1;
    });
    row.addEventListener('keydown', (e) => {
      let target: HTMLTableRowElement | undefined;
      switch (e.key) {
        case 'Enter':
        case ' ':
          e.preventDefault();
          activate(row);
          return;
        case 'ArrowDown': target = rows[i + 1]; break;
        case 'ArrowUp': target = rows[i - 1]; break;
        case 'Home': target = rows[0]; break;
        case 'End': target = rows[rows.length - 1]; break;
        default: return;
      }
      e.preventDefault();
      target?.focus();
    });
  });
}
