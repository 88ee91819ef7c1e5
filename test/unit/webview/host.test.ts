// Host side of the webviews without the editor: the HTML/CSP shell, message validation, the
// ready gate, and the three controllers driven end to end by the real client against the
// simulator on loopback (the same wiring the extension uses).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import { addMonths, dateIdOf, monthIdOf } from '../../../src/core/model/month.js';
import { ActivitiesController } from '../../../src/panels/activities/controller.js';
import type { ActivitiesDataSource, MonthViewDataSource } from '../../../src/host/webviews/dataSources.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageScripts, pageStylesheets } from '../../../src/host/webviews/pageAssets.js';
import {
  BOOT_SCRIPT,
  contentSecurityPolicy,
  createNonce,
  inlineSafe,
  MAX_FIRST_MESSAGES_CHARS,
  renderWebviewHtml,
} from '../../../src/host/webviews/html.js';
import { MonthViewController } from '../../../src/panels/monthView/controller.js';
import { toJsonValue } from '../../../src/host/webviews/payload.js';
import { ReadyGate } from '../../../src/host/webviews/readyGate.js';
import { activitiesTitle, monthViewTitle } from '../../../src/host/webviews/titles.js';
import { TrendController } from '../../../src/panels/trend/controller.js';
import { parseActivitiesState, parseActivitiesToHost, type ActivitiesToWebview } from '../../../src/panels/activities/protocol.js';
import { parseMonthViewState, parseMonthViewToHost, type MonthViewToWebview } from '../../../src/panels/monthView/protocol.js';
import { parseOverviewToHost } from '../../../src/panels/overview/protocol.js';
import { parseTrendToHost, type TrendToWebview } from '../../../src/panels/trend/protocol.js';
import { shiftMonthId, WEBVIEW_FIRST_MESSAGES_ATTRIBUTE } from '../../../src/shared/protocol.js';
import { start, type Simulator } from '../../../src/simulator/server.js';

void describe('webview HTML shell', () => {
  void it('allows only the bundle origin and nonce-bearing scripts', () => {
    const csp = contentSecurityPolicy('https://file+.vscode-resource.vscode-cdn.net', 'abc123==');
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d]));
    assert.equal(directives.get('default-src'), "default-src 'none'");
    assert.equal(directives.get('script-src'), "script-src 'nonce-abc123=='");
    assert.equal(directives.get('style-src'), 'style-src https://file+.vscode-resource.vscode-cdn.net');
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
  });

  void it('uses a fresh 128-bit nonce on every script and escapes everything it interpolates', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    assert.equal(nonces.size, 50);
    for (const n of nonces) assert.equal(Buffer.from(n, 'base64').length, 16);
    const html = renderWebviewHtml({
      cspSource: 'https://x.test',
      nonce: 'N0NCE',
      scripts: ['https://x.test/a.js', 'https://x.test/b.js'],
      stylesheets: ['https://x.test/s.css'],
      title: monthViewTitle('<script>alert(1)</script>', '202503'),
      entry: 'monthView',
    });
    assert.equal(html.match(/<script nonce="N0NCE" src="https:\/\/x\.test\/[ab]\.js"><\/script>/g)?.length, 2);
    // The one inline script is our own boot script, fixed text under the same nonce, before the stylesheet.
    assert.equal(html.split(`<script nonce="N0NCE">${BOOT_SCRIPT}</script>`).length, 2);
    assert.ok(html.indexOf(BOOT_SCRIPT) < html.indexOf('<link rel="stylesheet"'), 'the boot script runs before the stylesheet is fetched');
    assert.equal(html.match(/<script/g)?.length, 3, 'no other script element');
    assert.match(html, /<title>Calls March 2025 · &#60;script&#62;alert\(1\)&#60;\/script&#62;<\/title>/);
    assert.match(html, /http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;/);
  });

  void it('carries our bundles and stylesheet inside the page under the same nonce, with the CSP unchanged', () => {
    const html = renderWebviewHtml({
      cspSource: 'https://x.test',
      nonce: 'N0NCE',
      scripts: [{ code: 'window.a = 1;' }, { code: 'window.b = "</scr" + "ipt>";' }],
      stylesheets: [{ css: 'body { color: red } </style><script>alert(1)</script>' }],
      title: 't',
      entry: 'trend',
    });
    assert.match(html, /<script nonce="N0NCE">window\.a = 1;<\/script>/);
    assert.doesNotMatch(html, /<link|<style/, 'no stylesheet element: the CSS is adopted by a script');
    // The CSS rides as a JSON string with every "<" escaped: it cannot end the script element it sits in.
    const adopt = /<script nonce="N0NCE">(\(\(\) => \{ const sheet = new CSSStyleSheet\(\);[^<]*)<\/script>/.exec(html);
    assert.ok(adopt, 'a script adopts the stylesheet');
    assert.match(adopt[1]!, /replaceSync\("body \{ color: red \} \\u003c\/style>\\u003cscript>alert\(1\)\\u003c\/script>"\)/);
    assert.equal(html.match(/<script/g)?.length, 4, 'boot, stylesheet and the two bundles');
    assert.equal(html.match(/<script(?! nonce="N0NCE")/g), null, 'every script carries the nonce');
    assert.match(html, /script-src &#39;nonce-N0NCE&#39;; base-uri/, 'still no inline script without the nonce');
  });

  void it("carries the host's first messages as escaped JSON in an attribute, never as markup, and only up to its cap", () => {
    const hostile = `"></body><script>alert(1)</script><!-- ' & \u2028`;
    const messages = [{ type: 'monthData', instanceId: 'VI-1', monthId: '202503', meta: { service: { provider: hostile } } }];
    const html = renderWebviewHtml({
      cspSource: 'https://x.test',
      nonce: 'N0NCE',
      scripts: [],
      stylesheets: [],
      title: 't',
      entry: 'monthView',
      firstMessages: messages,
    });
    const attr = new RegExp(`<body data-entry="monthView" ${WEBVIEW_FIRST_MESSAGES_ATTRIBUTE}="([^"<>]*)">`).exec(html);
    assert.ok(attr, 'one attribute of <body>, with no quote or angle bracket inside');
    assert.equal(html.match(/<script/g)?.length, 1, 'no script element but the boot script');
    const decoded = attr[1]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
    assert.deepEqual(JSON.parse(decoded), messages, 'the page reads back exactly what the host would post');
    const base = { cspSource: 'c', nonce: 'n', scripts: [], stylesheets: [], title: 't', entry: 'trend' as const };
    assert.doesNotMatch(renderWebviewHtml({ ...base, firstMessages: [] }), /data-first-messages/, 'nothing to carry');
    const huge = [{ type: 'trendData', text: 'x'.repeat(MAX_FIRST_MESSAGES_CHARS) }];
    assert.doesNotMatch(renderWebviewHtml({ ...base, firstMessages: huge }), /data-first-messages/, 'too large: posted after ready only');
  });

  void it('reads the bundles and the stylesheet a page carries from the extension once per window', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vstk-assets-'));
    mkdirSync(join(dir, 'dist', 'webview'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'webview', 'elements.js'), 'elements();');
    writeFileSync(join(dir, 'dist', 'webview', 'trend.js'), 'trend();');
    writeFileSync(join(dir, 'dist', 'webview', 'webview.css'), 'body{}');
    assert.deepEqual(pageScripts(dir, ['elements', 'trend']), [{ code: 'elements();' }, { code: 'trend();' }]);
    assert.deepEqual(pageStylesheets(dir), [{ css: 'body{}' }]);
    writeFileSync(join(dir, 'dist', 'webview', 'trend.js'), 'changed();');
    assert.deepEqual(pageScripts(dir, ['trend']), [{ code: 'trend();' }], 'read once: the files do not change while the extension runs');
    rmSync(dir, { recursive: true, force: true });
  });

  void it('refuses a bundle that would end or comment out its script element', () => {
    assert.equal(inlineSafe('const a = 1 < 2;'), true);
    for (const bad of ['x = "</script>"', 'x = "</SCRIPT "', 'x = "<!--"']) {
      assert.equal(inlineSafe(bad), false, bad);
      assert.throws(
        () => renderWebviewHtml({ cspSource: 'c', nonce: 'n', scripts: [{ code: bad }], stylesheets: [], title: 't', entry: 'trend' }),
        /cannot be placed in the page/,
      );
    }
  });

  void it('titles name the month or the day', () => {
    assert.equal(monthViewTitle('VI-1', '202412'), 'Calls December 2024 · VI-1');
    assert.equal(activitiesTitle('VI-1', '20241231'), 'Activities 2024-12-31 · VI-1');
  });
});

void describe('protocol validation', () => {
  void it('accepts well-formed webview messages and drops everything else', () => {
    assert.deepEqual(parseMonthViewToHost({ type: 'navigate', monthId: '202502' }), { type: 'navigate', monthId: '202502' });
    assert.deepEqual(parseMonthViewToHost({ type: 'openDay', dateId: '20250231', extra: 1 }), { type: 'openDay', dateId: '20250231' });
    assert.deepEqual(parseMonthViewToHost({ type: 'command', command: 'copyAsCurl' }), { type: 'command', command: 'copyAsCurl' });
    assert.deepEqual(parseMonthViewToHost({ type: 'command', command: 'copyAsCode' }), { type: 'command', command: 'copyAsCode' });
    assert.deepEqual(parseActivitiesToHost({ type: 'command', command: 'copyAsCode' }), { type: 'command', command: 'copyAsCode' });
    assert.deepEqual(parseMonthViewToHost({ type: 'ready', fresh: true }), { type: 'ready', fresh: true });
    assert.deepEqual(parseTrendToHost({ type: 'ready', fresh: 'yes' }), { type: 'ready' }, 'fresh only when true');
    assert.equal(parseActivitiesToHost({ type: 'command', command: 'exportMonth' }), undefined);
    for (const bad of [
      null,
      'ready',
      [],
      { type: 'navigate', monthId: '202513' },
      { type: 'navigate', monthId: '2025-02' },
      { type: 'openDay', dateId: '2025030' },
      { type: 'command', command: 'sendSms' },
      { type: 'eval', code: '1' },
    ]) {
      assert.equal(parseMonthViewToHost(bad), undefined, JSON.stringify(bad));
    }
    assert.deepEqual(parseOverviewToHost({ type: 'export' }), { type: 'export' });
    assert.deepEqual(parseOverviewToHost({ type: 'export', instanceIds: ['VI-2', 'VI-1'] }), {
      type: 'export',
      instanceIds: ['VI-2', 'VI-1'],
    });
    assert.deepEqual(parseOverviewToHost({ type: 'export', instanceIds: [] }), { type: 'export', instanceIds: [] });
    for (const ids of ['VI-1', ['VI-1', 7], ['a/b'], ['VI-1\u0000'], new Array(20_001).fill('VI-1')]) {
      assert.equal(parseOverviewToHost({ type: 'export', instanceIds: ids }), undefined, JSON.stringify(ids).slice(0, 40));
    }
    assert.deepEqual(parseTrendToHost({ type: 'openMonth', monthId: '202401' }), { type: 'openMonth', monthId: '202401' });
    assert.equal(parseTrendToHost({ type: 'openMonth', monthId: '202400' }), undefined);
  });

  void it('restores only plausible panel state', () => {
    assert.deepEqual(parseMonthViewState({ instanceId: 'VI-1', monthId: '202501', junk: true }), { instanceId: 'VI-1', monthId: '202501' });
    assert.equal(parseMonthViewState({ instanceId: 'a/b', monthId: '202501' }), undefined);
    assert.equal(parseMonthViewState({ instanceId: 'x'.repeat(129), monthId: '202501' }), undefined);
    assert.equal(parseMonthViewState({ instanceId: 'VI\n1', monthId: '202501' }), undefined);
    assert.deepEqual(parseActivitiesState({ instanceId: 'VI-1', dateId: '20250101' }), { instanceId: 'VI-1', dateId: '20250101' });
    assert.equal(parseActivitiesState({ instanceId: 'VI-1' }), undefined);
  });

  void it('shifts month ids across year boundaries', () => {
    assert.equal(shiftMonthId('202501', -1), '202412');
    assert.equal(shiftMonthId('202412', 1), '202501');
    assert.equal(shiftMonthId('202503', -11), '202404');
    assert.equal(shiftMonthId('202503', -27), '202212');
  });

  void it('turns parsed trees into plain JSON for postMessage', () => {
    const when = new Date(Date.UTC(2025, 0, 2));
    assert.deepEqual(toJsonValue({ a: ['1', 2, true, null], b: undefined, c: () => 1, d: when, e: Number.NaN, f: 3n }), {
      a: ['1', 2, true, null],
      d: '2025-01-02T00:00:00.000Z',
      e: 'NaN',
      f: '3',
    });
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200; i++) deep = { n: deep };
    assert.doesNotThrow(() => JSON.stringify(toJsonValue(deep)));
  });
});

void describe('ready gate', () => {
  void it('posts nothing before ready, replays the snapshot on every ready, and holds while hidden', () => {
    const sent: string[] = [];
    const gate = new ReadyGate<string>((m) => {
      sent.push(m);
      return true;
    });
    gate.show('loading');
    gate.show('data');
    gate.append('comparison');
    assert.deepEqual(sent, []);
    gate.markReady();
    assert.deepEqual(sent, ['data', 'comparison']);
    gate.markNotReady();
    gate.show('loading-2');
    assert.deepEqual(sent, ['data', 'comparison']);
    gate.markReady();
    assert.deepEqual(sent, ['data', 'comparison', 'loading-2']);
    gate.append('x');
    assert.deepEqual(sent.at(-1), 'x');
  });
});

void describe('ready gate and what the page carries', () => {
  const gateOf = (): { gate: ReadyGate<{ type: string; n?: number }>; sent: string[] } => {
    const sent: string[] = [];
    const gate = new ReadyGate<{ type: string; n?: number }>((m) => {
      sent.push(m.type + (m.n ?? ''));
      return true;
    });
    return { gate, sent };
  };

  void it('does not post again what a fresh page carries, in order, until the first other message', () => {
    const { gate, sent } = gateOf();
    gate.show({ type: 'data', n: 1 }, { type: 'comparison', n: 1 });
    // The page is written with a copy (as html.ts carries it): equal, not the same objects.
    gate.pageCarries(JSON.parse(JSON.stringify(gate.current())) as unknown[]);
    gate.markReady(true);
    assert.deepEqual(sent, [], 'the fresh page shows both from its markup');
    assert.deepEqual(
      gate.posted().map((m) => m.type),
      ['data', 'comparison'],
      'the test seam still sees what the page was given',
    );
    gate.show({ type: 'loading', n: 2 });
    gate.show({ type: 'data', n: 1 });
    assert.deepEqual(sent, ['loading2', 'data1'], 'later, the same month is posted as usual');
  });

  void it('posts a changed snapshot whole, and everything to a page with saved state or without markup', () => {
    const changed = gateOf();
    changed.gate.show({ type: 'loading', n: 1 });
    changed.gate.pageCarries(changed.gate.current());
    changed.gate.show({ type: 'data', n: 1 });
    changed.gate.markReady(true);
    assert.deepEqual(changed.sent, ['data1'], 'the page carried "loading"; the month came after');

    const restored = gateOf();
    restored.gate.show({ type: 'data', n: 1 });
    restored.gate.pageCarries(restored.gate.current());
    restored.gate.markReady(false);
    assert.deepEqual(restored.sent, ['data1'], 'a page with saved state ignores its markup, so it gets the replay');
    restored.gate.markNotReady();
    restored.gate.markReady(true);
    assert.deepEqual(restored.sent, ['data1'], 'shown again before it saved state: it draws its markup again');

    const large = gateOf();
    large.gate.show({ type: 'data', n: 1 });
    large.gate.pageCarries([]);
    large.gate.markReady(true);
    assert.deepEqual(large.sent, ['data1'], 'nothing carried (too large): posted after ready');
  });
});

void describe('panel controllers against the simulator', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  let months: MonthViewDataSource;
  let days: ActivitiesDataSource;
  const INSTANCE = 'VI-DEMO-01';
  const thisMonth = monthIdOf(new Date());

  // A simulator and a client per test: a superseded load still on its way would meet the next test's one-time fault.
  beforeEach(async () => {
    sim = await start({ port: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    // The wiring the extension does: the client's results fit the data-source shapes as they are.
    months = { load: (i, m, s) => client.getMonthView(i, m, s) };
    days = { load: (i, d, s) => client.getDayActivities(i, d, s) };
  });

  afterEach(async () => {
    await sim.close();
    await client.close();
  });

  function recorder<T>(): { sent: T[]; post: (m: T) => boolean } {
    const sent: T[] = [];
    return { sent, post: (m) => (sent.push(m), true) };
  }

  void it('month view: loads before ready but posts only after it, then sends data, the comparison and the projection', async () => {
    const r = recorder<MonthViewToWebview>();
    const c = new MonthViewController({ instanceId: INSTANCE, monthId: thisMonth }, months, r.post);
    await c.load();
    assert.equal(r.sent.length, 0, 'nothing before ready');
    await c.handle({ type: 'ready' });
    assert.deepEqual(
      r.sent.map((m) => m.type),
      ['monthData', 'comparison', 'projection'],
    );
    const data = r.sent[0];
    assert.ok(data?.type === 'monthData');
    assert.equal(data.monthId, thisMonth);
    assert.equal(data.view.days.length + data.view.missingDays.length >= 28, true);
    assert.equal(typeof data.meta.service.version, 'string');
    assert.ok(data.meta.elapsedMs >= 0);
    const cmp = r.sent[1];
    assert.ok(cmp?.type === 'comparison');
    assert.equal(cmp.previousMonthId, addMonths(thisMonth, -1));
    assert.equal(typeof cmp.totals.callLegs, 'number');
    assert.match(c.rawAnswer ?? '', /<calls|<\?xml/, 'the XML behind the data is kept for Show raw answer');
    // A reloaded page says ready again and gets the same snapshot.
    c.webviewHidden();
    await c.handle({ type: 'ready' });
    assert.deepEqual(
      r.sent.map((m) => m.type),
      ['monthData', 'comparison', 'projection', 'monthData', 'comparison', 'projection'],
    );
    c.dispose();
  });

  void it('month view: navigation shows loading then the new month, and a superseded load never lands', async () => {
    const r = recorder<MonthViewToWebview>();
    const states: string[] = [];
    const c = new MonthViewController({ instanceId: INSTANCE, monthId: thisMonth }, months, r.post, {
      onStateChange: (s) => states.push(s.monthId),
    });
    await c.handle({ type: 'ready' });
    const first = c.handle({ type: 'navigate', monthId: addMonths(thisMonth, -2) });
    const second = c.handle({ type: 'navigate', monthId: addMonths(thisMonth, -3) });
    await Promise.all([first, second]);
    const target = addMonths(thisMonth, -3);
    assert.deepEqual(states, [addMonths(thisMonth, -2), target]);
    assert.deepEqual(c.current, { instanceId: INSTANCE, monthId: target });
    const afterSecondLoading = r.sent.slice(r.sent.findIndex((m) => m.type === 'loading' && m.monthId === target));
    assert.ok(afterSecondLoading.length > 1);
    assert.ok(
      afterSecondLoading.every((m) => m.monthId === target),
      'nothing of the superseded month after the new one started',
    );
    assert.deepEqual(
      c.gate.current().map((m) => [m.type, m.monthId]),
      [
        ['monthData', target],
        ['comparison', target],
      ],
    );
    c.dispose();
  });

  void it('month view: routes openDay and commands to the hooks and ignores malformed messages', async () => {
    const r = recorder<MonthViewToWebview>();
    const calls: unknown[] = [];
    const warnings: string[] = [];
    const c = new MonthViewController({ instanceId: INSTANCE, monthId: thisMonth }, months, r.post, {
      onOpenDay: (i, d) => calls.push(['openDay', i, d]),
      onCommand: (cmd, s) => calls.push([cmd, s]),
      onWarn: (w) => warnings.push(w),
    });
    await c.handle({ type: 'openDay', dateId: `${thisMonth}01` });
    await c.handle({ type: 'openDay', dateId: '../../etc' });
    await c.handle({ type: 'command', command: 'exportMonth' });
    await c.handle({ type: 'command', command: 'showRawAnswer' });
    await c.handle({ type: 'command', command: 'signOut' });
    assert.deepEqual(calls, [
      ['openDay', INSTANCE, `${thisMonth}01`],
      ['exportMonth', { instanceId: INSTANCE, monthId: thisMonth }],
      ['showRawAnswer', { instanceId: INSTANCE, monthId: thisMonth }],
    ]);
    assert.equal(warnings.length, 2);
    c.dispose();
  });

  void it('month view: a service error becomes an error message with its kind, and retry loads again', async () => {
    const r = recorder<MonthViewToWebview>();
    const c = new MonthViewController({ instanceId: 'VI-NOT-THERE', monthId: thisMonth }, months, r.post);
    await c.handle({ type: 'ready' });
    await c.load();
    const err = r.sent.at(-1);
    assert.ok(err?.type === 'error', JSON.stringify(err));
    assert.ok(err.error.message.length > 0);
    assert.match(String(err.error.kind), /^(service|http)$/);
    const before = sim.requests.length;
    await c.handle({ type: 'retry' });
    assert.ok(sim.requests.length > before, 'retry made new requests');
    assert.equal(r.sent.at(-1)?.type, 'error');
    c.dispose();
  });

  void it('trend: twelve months oldest first, one failed month kept beside the others', async () => {
    sim.addFault({ kind: 'status', status: 500, match: { operation: 'calls', id: INSTANCE }, times: 1 });
    const r = recorder<TrendToWebview>();
    const opened: string[] = [];
    const c = new TrendController({ instanceId: INSTANCE, monthId: thisMonth }, months, r.post, { onOpenMonth: (_i, m) => opened.push(m) });
    await c.handle({ type: 'ready' });
    await c.load();
    const data = r.sent.at(-1);
    assert.ok(data?.type === 'trendData', JSON.stringify(data));
    assert.deepEqual(
      data.months.map((m) => m.monthId),
      Array.from({ length: 12 }, (_, i) => addMonths(thisMonth, i - 11)),
    );
    assert.equal(data.months.filter((m) => m.error).length, 1);
    assert.equal(data.months.filter((m) => m.totals).length, 11);
    await c.handle({ type: 'openMonth', monthId: addMonths(thisMonth, -4) });
    assert.deepEqual(opened, [addMonths(thisMonth, -4)]);
    c.dispose();
  });

  void it('activities: passes the parsed result as JSON plus the raw XML', async () => {
    const r = recorder<ActivitiesToWebview>();
    const today = dateIdOf(new Date());
    const c = new ActivitiesController({ instanceId: INSTANCE, dateId: today }, days, r.post);
    await c.load();
    await c.handle({ type: 'ready' });
    const data = r.sent.at(-1);
    assert.ok(data?.type === 'activitiesData', JSON.stringify(data));
    assert.match(data.rawXml, /<response[\s>]/);
    assert.doesNotThrow(() => structuredClone(data));
    assert.equal(JSON.stringify(JSON.parse(JSON.stringify(data.result))), JSON.stringify(data.result));
    c.dispose();
  });
});
