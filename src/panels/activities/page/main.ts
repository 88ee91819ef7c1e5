// Day activities webview. The payload's shape is unknown, so it is rendered faithfully (see
// resultView.ts), and the raw XML can be shown as text for anything the rendering cannot say.
import '../../../webview/common/l10n.js';
import * as l10n from '@vscode/l10n';
import { isDateId, isInstanceId, type JsonValue, type ResponseMeta } from '../../../shared/protocol.js';
import type { ActivitiesState, ActivitiesToHost, ActivitiesToWebview } from '../protocol.js';
import { button, h, replaceContent } from '../../../webview/common/dom.js';
import { formatDateLong, formatInt } from '../../../webview/common/format.js';
import { PanelShell } from '../../../webview/common/panelShell.js';
import { instanceLabel, serviceFooter } from '../../../webview/common/parts.js';
import { connectToHost } from '../../../webview/common/vscodeApi.js';
import { isEmptyResult, newEntries, renderResult } from './resultView.js';
import { quiet, syncInPlace, UpdateAnnouncer, UpdateMarks } from '../../../webview/common/live.js';

/** The host restores from instanceId + dateId; `showRaw` only matters to this page. */
interface PageState extends ActivitiesState {
  showRaw?: boolean;
}

function parsePageState(raw: unknown): PageState | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const s = raw as Record<string, unknown>;
  if (!isInstanceId(s.instanceId) || !isDateId(s.dateId)) return undefined;
  return { instanceId: s.instanceId, dateId: s.dateId, showRaw: s.showRaw === true };
}

interface DayData {
  result: JsonValue;
  rawXml: string;
  meta: ResponseMeta;
  /** The entries new since the last reading (paths, see newEntries); absent on a first reading. */
  fresh?: Set<string>;
}

const marks = new UpdateMarks();
const announcer = new UpdateAnnouncer();
const host = connectToHost<ActivitiesToHost, ActivitiesToWebview, PageState>(parsePageState);
let current: PageState | undefined = host.getState();

const rawToggle = button(l10n.t('Show raw XML'), () => toggleRaw(), { secondary: true });
rawToggle.setAttribute('aria-pressed', 'false');
const shell = new PanelShell<DayData>({
  nav: [h('h1', { className: 'title' }, l10n.t('Activities'))],
  actions: [
    rawToggle,
    button(l10n.t('Copy as cURL'), () => host.post({ type: 'command', command: 'copyAsCurl' }), {
      secondary: true,
      title: l10n.t('Copy the request as a cURL command'),
    }),
    button(l10n.t('Copy as Code…'), () => host.post({ type: 'command', command: 'copyAsCode' }), {
      secondary: true,
      title: l10n.t('Copy the request as shell, Node.js or Python code'),
    }),
  ],
  frame: (subtitle, phase) => {
    replaceContent(subtitle, ...(current ? [...instanceLabel(current.instanceId), ' · ', formatDateLong(current.dateId)] : []));
    rawToggle.textContent = showRaw() ? l10n.t('Hide raw XML') : l10n.t('Show raw XML');
    rawToggle.setAttribute('aria-pressed', String(showRaw()));
    rawToggle.toggleAttribute('disabled', phase.kind !== 'data');
  },
  loadingText: () => l10n.t('Loading activities…'),
  errorTitle: () => l10n.t('Could not load the activities'),
  renderData: ({ result, rawXml, meta, fresh }) => ({
    content: [
      h(
        'section',
        { className: 'panel result-panel', attrs: { 'aria-label': l10n.t('Activities') } },
        isEmptyResult(result)
          ? h('p', { className: 'empty-note' }, l10n.t('The service returned no activities for this day.'))
          : renderResult(result, (path) => fresh?.has(JSON.stringify(path)) === true),
      ),
      showRaw()
        ? h(
            'section',
            { className: 'panel raw-panel', attrs: { 'aria-label': l10n.t('Raw XML') } },
            h('div', { className: 'panel-head' }, h('h2', {}, l10n.t('Raw XML'))),
            h('pre', { className: 'raw-xml' }, rawXml),
          )
        : null,
      serviceFooter(meta),
    ],
  }),
  retry: () => host.post({ type: 'retry' }),
});

/**
 * Today read again: shown in place of the last reading — the elements on show kept where the payload kept its shape,
 * so scroll position and focus stay — with the entries new since it marked and their number said politely.
 */
function update(data: DayData): void {
  const { phase } = shell;
  if (phase.kind !== 'data') return shell.show({ kind: 'data', data });
  const fresh = newEntries(phase.data.result, data.result);
  const next: DayData = { ...data, fresh };
  const old = [...shell.body.children];
  const drawn = shell.draw(next);
  quiet(...old);
  if (old.length === drawn.length && old.every((el, i) => el.tagName === drawn[i]?.tagName)) {
    old.forEach((el, i) => syncInPlace(el, drawn[i]!));
    shell.keepShowing(next);
  } else shell.show({ kind: 'data', data: next });
  marks.mark([...shell.body.querySelectorAll('.is-new')]);
  if (fresh.size > 0)
    announcer.say(
      fresh.size === 1
        ? l10n.t('1 new entry since the last reading.')
        : l10n.t('{0} new entries since the last reading.', formatInt(fresh.size)),
    );
}

function showRaw(): boolean {
  return current?.showRaw === true;
}

function toggleRaw(): void {
  if (!current) return;
  current = { ...current, showRaw: !showRaw() };
  host.setState(current);
  shell.render();
}

host.onMessage((msg) => {
  current = { instanceId: msg.instanceId, dateId: msg.dateId, showRaw: showRaw() };
  host.setState(current);
  switch (msg.type) {
    case 'loading':
      shell.show({ kind: 'loading' });
      return;
    case 'activitiesData':
      shell.show({ kind: 'data', data: { result: msg.result, rawXml: msg.rawXml, meta: msg.meta } });
      return;
    case 'activitiesUpdate':
      update({ result: msg.result, rawXml: msg.rawXml, meta: msg.meta });
      return;
    case 'error':
      shell.show({ kind: 'error', error: msg.error });
      return;
  }
});

shell.app.append(announcer.element);
shell.render();
host.ready();
