// The language-model tools inside a real extension host, called the way chat and other extensions
// call them: vscode.lm.invokeTool against the simulator started in this process. Covers: the six
// tools listed by vscode.lm.tools with their schemas; figures equal to the month view panel's; each
// error kind as a thrown error with one readable sentence, as the tool API documents (signed out, unknown instance, timeout, refused credentials);
// cancellation; and the SMS tool refusing to send when its own confirmation modal is not answered
// with "Send" — in this host the editor's confirmation for invokeTool is approved automatically
// (dialogs are skipped in extension tests), so the modal is the only thing standing between the
// call and the message, exactly the path a chat auto-approval would take.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS, monthViewData, start, type Simulator } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { answering, confirmations } from './modals.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { waitFor } from './waitFor.js';
import { TOOL_SPECS } from '../../src/tools/index.js';
import type { MonthTotals as Totals } from '../../src/shared/monthModel.js';

/** Every spec's chat name: the editor must list each tool the specs define (package.json is written from them). */
const TOOLS = TOOL_SPECS.map((s) => s.chatName);
const PROFILE = 'Chat tools integration';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const SENDER = DEMO_SENDER_IDS[0] ?? 'VSTK-TEST';

function utcMonthId(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function previousMonthId(monthId: string): string {
  const y = Number(monthId.slice(0, 4));
  const m = Number(monthId.slice(4, 6));
  return m === 1 ? `${y - 1}12` : `${y}${String(m - 1).padStart(2, '0')}`;
}

/** An image part (vscode.LanguageModelDataPart, newer than the API the extension declares). */
interface ImagePart {
  mimeType: string;
  data: Uint8Array;
}

function isImage(p: unknown): p is ImagePart {
  return typeof (p as ImagePart).mimeType === 'string' && (p as ImagePart).mimeType.startsWith('image/');
}

/** The text parts of a tool result; besides them only image parts. */
function texts(result: vscode.LanguageModelToolResult): string[] {
  return result.content.flatMap((p) => {
    if (isImage(p)) return [];
    assert.ok(p instanceof vscode.LanguageModelTextPart, `unexpected part ${JSON.stringify(p)}`);
    return [p.value];
  });
}

/** The width and height a PNG's header gives, or undefined when `data` is no PNG. */
function pngSize(data: Uint8Array): [number, number] | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => data[i] === b)) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

/** The JSON part of a result (the last text part that parses as an object). */
function json<T>(result: vscode.LanguageModelToolResult): T {
  for (const t of texts(result).reverse()) {
    const line = t.split('\n').at(-1) ?? '';
    try {
      const v = JSON.parse(line) as unknown;
      if (typeof v === 'object' && v !== null) return v as T;
    } catch {
      // not JSON
    }
  }
  throw new Error(`no JSON in ${JSON.stringify(texts(result))}`);
}

describe('chat tools (vscode.lm.invokeTool)', function () {
  this.timeout(60_000);
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const KEYS = ['profiles', 'activeProfile', 'sms.confirmBeforeSend', 'requestTimeoutSeconds', 'sms.maxSegments'];
  const saved = new Map<string, unknown>();
  const invoke = (name: string, input: object, token?: vscode.CancellationToken) =>
    Promise.resolve(vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token));
  /** A call that must fail the way the tool API documents (a thrown error); its message as a result's text. */
  const failing = async (name: string, input: object): Promise<vscode.LanguageModelToolResult> => {
    try {
      const result = await invoke(name, input);
      assert.fail(`${name} should have failed: ${texts(result).join('\n')}`);
    } catch (e) {
      assert.ok(e instanceof Error && !(e instanceof assert.AssertionError), `${name}: ${String(e)}`);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(e.message)]);
    }
  };

  async function useProfile(credentials: { accessKeyId: string; secretAccessKey: string } | undefined): Promise<void> {
    await api.storeCredentials(PROFILE, credentials);
    await waitFor('the session to follow the credentials', () => api.session.current().signedIn === (credentials !== undefined), 10_000);
  }

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = (await ext.activate()) as VoiceSmsTestApi;
    sim = await start();
    for (const k of KEYS) saved.set(k, config().inspect(k)?.globalValue);
    await config().update(
      'profiles',
      [{ name: PROFILE, baseUrl: sim.url, accountId: DEMO_ACCOUNT, voiceInstances: [...DEMO_INSTANCES], senderIds: [...DEMO_SENDER_IDS] }],
      vscode.ConfigurationTarget.Global,
    );
    await config().update('activeProfile', PROFILE, vscode.ConfigurationTarget.Global);
    await useProfile(sim.credentials);
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api?.storeCredentials(PROFILE, undefined);
    for (const k of KEYS) await config().update(k, saved.get(k), vscode.ConfigurationTarget.Global);
    await sim?.close();
  });

  afterEach(function () {
    sim.clearFaults();
  });

  it('vscode.lm.tools lists every tool of the specs with their input schemas', function () {
    const listed = vscode.lm.tools.filter((t) => t.name.startsWith('voiceSms_'));
    assert.deepEqual(listed.map((t) => t.name).sort(), [...TOOLS].sort());
    const schema = (name: string) =>
      listed.find((t) => t.name === name)?.inputSchema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    assert.deepEqual(schema('voiceSms_getMonthView')?.required, ['instanceId', 'monthId']);
    assert.deepEqual(Object.keys(schema('voiceSms_getTrend')?.properties ?? {}).sort(), ['endMonthId', 'instanceId', 'months']);
    assert.deepEqual(schema('voiceSms_getDayActivities')?.required, ['instanceId', 'dateId']);
    assert.deepEqual(schema('voiceSms_sendTestSms')?.required, ['to', 'body']);
    assert.deepEqual(Object.keys(schema('voiceSms_getBalance')?.properties ?? {}), []);
    for (const t of listed) assert.ok(t.description.length > 40 && !t.description.startsWith('%'), `${t.name}: ${t.description}`);
  });

  it('getMonthView returns the month view panel’s figures, the comparison and the per-day rows', async function () {
    const monthId = utcMonthId(new Date());
    const result = await invoke('voiceSms_getMonthView', { instanceId: INSTANCE, monthId });
    const data = json<{
      totals: Totals;
      previous?: { month: string; totals: Totals; change: Record<string, string> };
      rows: unknown[][];
      currentDay: string;
    }>(result);
    const title = await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId });
    const shown = (await api.panelContent(title))?.shown as { type: string; view?: { totals: Totals }; totals?: Totals }[];
    const panel = shown.find((m) => m.type === 'monthData')?.view;
    assert.ok(panel, 'the panel shows the month');
    assert.deepEqual(data.totals, panel.totals);
    const comparison = shown.find((m) => m.type === 'comparison')?.totals;
    assert.ok(comparison, 'the panel shows the comparison');
    assert.deepEqual(data.previous?.totals, comparison);
    assert.equal(data.previous?.month, `${previousMonthId(monthId).slice(0, 4)}-${previousMonthId(monthId).slice(4)}`);
    const expected = monthViewData(INSTANCE, monthId, Date.now());
    assert.equal(data.rows.length, expected.days.length);
    for (const d of expected.days) {
      const row = data.rows.find((r) => r[0] === `${d.dateId.slice(0, 4)}-${d.dateId.slice(4, 6)}-${d.dateId.slice(6)}`);
      assert.deepEqual(row?.slice(1, 6), [d.call_legs, d.call_legs_in, d.call_legs_out, d.calls_unique, d.duration_min], d.dateId);
      if (d.dateId > expected.currentDateID) assert.deepEqual(row?.[6], ['future'], d.dateId);
    }
    const first = texts(result)[0] ?? '';
    assert.match(
      first,
      new RegExp(`${panel.totals.callLegs} call legs \\(${panel.totals.callLegsIn} inbound, ${panel.totals.callLegsOut} outbound\\)`),
    );
    // The current month is not finished: its change is against the same days of the month before (1 … today).
    const compared = (shown.find((m) => m.type === 'comparison') as { compared?: { lastDay: number; previousLastDay: number } }).compared;
    assert.equal(compared?.lastDay, Number(data.currentDay.slice(8, 10)));
    assert.equal(data.previous?.totals.days, compared?.previousLastDay);
    assert.match(first, /Change, \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2} with \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}: call legs [+-]?\d+/);
  });

  it('getMonthView and getTrend add their chart as a PNG image part in this editor; the other read tools only text', async function () {
    const monthId = utcMonthId(new Date());
    const images = (result: vscode.LanguageModelToolResult): ImagePart[] => result.content.filter(isImage);
    for (const result of [
      await invoke('voiceSms_getMonthView', { instanceId: INSTANCE, monthId }),
      await invoke('voiceSms_getTrend', { instanceId: INSTANCE, months: 6 }),
    ]) {
      const [image, ...more] = images(result);
      assert.ok(
        image && more.length === 0,
        `one image part: ${JSON.stringify(result.content.map((p) => (isImage(p) ? p.mimeType : 'text')))}`,
      );
      assert.equal(image.mimeType, 'image/png');
      assert.deepEqual(pngSize(image.data), [720, 360]);
      assert.ok(texts(result).length >= 2, 'the text and the JSON stay');
    }
    assert.deepEqual(images(await invoke('voiceSms_getBalance', {})), []);
    assert.deepEqual(images(await invoke('voiceSms_listInstances', {})), []);
  });

  it('reads months through the month cache: a month open in a panel costs the chat tool no request', async function () {
    // A past month (nothing reloads it) of another instance than the other tests read, opened in a panel first.
    const other = DEMO_INSTANCES[3] ?? 'VI-DEMO-04';
    const monthId = previousMonthId(previousMonthId(utcMonthId(new Date())));
    const asked = (m: string): number => sim.requests.filter((r) => r.path.endsWith(`/vvoice/${other}/calls/${m}`)).length;
    const title = await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: other, monthId });
    await api.panelContent(title);
    assert.equal(asked(monthId), 1, 'the panel asked for its month once');
    const result = await invoke('voiceSms_getMonthView', { instanceId: other, monthId });
    assert.ok(json<{ totals: Totals }>(result).totals.callLegs >= 0);
    assert.equal(asked(monthId), 1, 'the chat tool read the month the panel had loaded, without a request');
    assert.equal(asked(previousMonthId(monthId)), 1, 'and the month before, which the panel had loaded for its comparison');
  });

  it('getTrend returns N months ending with endMonthId, the newest equal to the month view', async function () {
    const monthId = utcMonthId(new Date());
    const data = json<{ months: { month: string; totals?: Totals; error?: string }[] }>(
      await invoke('voiceSms_getTrend', { instanceId: INSTANCE, months: 3, endMonthId: monthId }),
    );
    assert.equal(data.months.length, 3);
    assert.equal(data.months[2]?.month, `${monthId.slice(0, 4)}-${monthId.slice(4)}`);
    const view = json<{ totals: Totals }>(await invoke('voiceSms_getMonthView', { instanceId: INSTANCE, monthId }));
    assert.deepEqual(data.months[2]?.totals, view.totals);
    const byDefault = json<{ months: unknown[] }>(await invoke('voiceSms_getTrend', { instanceId: INSTANCE }));
    assert.equal(byDefault.months.length, 12);
    const tooMany = texts(
      await invoke('voiceSms_getTrend', { instanceId: INSTANCE, months: 25 }).catch(
        (e: Error) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(e.message)]),
      ),
    ).join('\n');
    assert.match(tooMany, /24/);
  });

  it('getDayActivities renders the payload as key/value lines and masks phone numbers', async function () {
    const today = new Date().toISOString().slice(0, 10);
    const text = texts(await invoke('voiceSms_getDayActivities', { instanceId: INSTANCE, dateId: today })).join('\n');
    assert.match(text, new RegExp(`Activities of voice instance "${INSTANCE}" on ${today}`));
    assert.match(text, /^\S+ = ".*"$/m);
    assert.ok(!/\+\d{8,}/.test(text), `a full phone number in: ${text.slice(0, 500)}`);
  });

  it('getBalance returns the amount and currency as the service sent them', async function () {
    const data = json<{ amount: string; currency: string; accountId: string }>(await invoke('voiceSms_getBalance', {}));
    assert.equal(data.accountId, DEMO_ACCOUNT);
    assert.match(data.amount, /^\d+\.\d\d$/);
    assert.equal(data.currency, 'EUR');
  });

  it('listInstances returns the active profile, its instances and sender identities, masked as its text masks them', async function () {
    const result = await invoke('voiceSms_listInstances', {});
    const data = json<{ profile: string; signedIn: boolean; demo: boolean; instances: string[]; senderIds: string[] }>(result);
    assert.deepEqual(
      { ...data, senderIds: data.senderIds.length },
      { profile: PROFILE, signedIn: true, demo: false, instances: [...DEMO_INSTANCES], senderIds: DEMO_SENDER_IDS.length },
    );
    // A sender that is a phone number is masked in the data as in the text; a name is given as it is.
    const text = texts(result).join('\n');
    DEMO_SENDER_IDS.forEach((id, i) => {
      const shown = data.senderIds[i] ?? '';
      if (id.startsWith('+')) assert.notEqual(shown, id, `${id} masked`);
      else assert.equal(shown, id);
      assert.ok(text.includes(shown), `${shown} as the text shows it`);
    });
  });

  it('an unknown instance fails with one sentence quoting the service’s message', async function () {
    const text = texts(await failing('voiceSms_getMonthView', { instanceId: 'VI-NOPE', monthId: utcMonthId(new Date()) })).join('\n');
    assert.match(text, /Voice instance "VI-NOPE" not found\./);
    assert.ok(!/\n\s+at /.test(text), 'no stack');
  });

  it('a timeout fails naming the timeout', async function () {
    await config().update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      sim.addFault({ kind: 'hang', match: { operation: 'activities' } });
      const result = await failing('voiceSms_getDayActivities', { instanceId: INSTANCE, dateId: new Date().toISOString().slice(0, 10) });
      const data = json<{ error: string }>(result);
      assert.equal(data.error, 'timeout', texts(result).join('\n'));
    } finally {
      await config().update('requestTimeoutSeconds', saved.get('requestTimeoutSeconds'), vscode.ConfigurationTarget.Global);
    }
  });

  it('cancellation stops the call', async function () {
    sim.addFault({ kind: 'hang', match: { operation: 'activities' } });
    const source = new vscode.CancellationTokenSource();
    const started = Date.now();
    const call = invoke('voiceSms_getDayActivities', { instanceId: INSTANCE, dateId: new Date().toISOString().slice(0, 10) }, source.token);
    setTimeout(() => source.cancel(), 300);
    await assert.rejects(call, (e: Error) => /cancel/i.test(e.name + e.message));
    assert.ok(Date.now() - started < 5_000, 'cancelled promptly');
  });

  it('refused credentials fail saying so', async function () {
    await useProfile({ accessKeyId: sim.credentials.accessKeyId, secretAccessKey: 'wrong-secret-for-the-test' });
    try {
      const result = await failing('voiceSms_getMonthView', { instanceId: INSTANCE, monthId: utcMonthId(new Date()) });
      const text = texts(result).join('\n');
      assert.equal(json<{ error: string }>(result).error, 'auth', text);
      assert.match(text, /refused the credentials/);
      assert.ok(!text.includes('wrong-secret-for-the-test'), 'no secret in the result');
      const balance = await failing('voiceSms_getBalance', {});
      assert.equal(json<{ error: string }>(balance).error, 'auth', texts(balance).join('\n'));
    } finally {
      await useProfile(sim.credentials);
    }
  });

  it('signed out fails saying how to sign in, from every tool', async function () {
    await useProfile(undefined);
    try {
      for (const [name, input] of [
        ['voiceSms_getMonthView', { instanceId: INSTANCE, monthId: utcMonthId(new Date()) }],
        ['voiceSms_getTrend', { instanceId: INSTANCE, months: 2 }],
        ['voiceSms_getDayActivities', { instanceId: INSTANCE, dateId: '20240601' }],
        ['voiceSms_getBalance', {}],
        ['voiceSms_sendTestSms', { to: '+4915123456789', body: 'x' }],
      ] as const) {
        const result = await failing(name, input);
        assert.equal(json<{ error: string }>(result).error, 'signedOut', `${name}: ${texts(result).join('\n')}`);
        assert.match(texts(result).join('\n'), /not signed in/, name);
      }
    } finally {
      await useProfile(sim.credentials);
    }
  });

  it('sendTestSms sends nothing without the confirmation, even with sms.confirmBeforeSend off', async function () {
    await config().update('sms.confirmBeforeSend', false, vscode.ConfigurationTarget.Global);
    const received = sim.received.length;
    const history = api.smsHistory.entries().length;
    const result = await invoke('voiceSms_sendTestSms', { from: SENDER, to: '+4915123456789', body: 'From the chat tool test' });
    const text = texts(result).join('\n');
    assert.equal(json<{ error: string }>(result).error, 'declined', text);
    assert.match(text, /did not confirm/);
    assert.ok(!text.includes('+4915123456789'), 'the number is masked in the result');
    assert.equal(sim.received.length, received, 'no SMS reached the service');
    assert.equal(sim.requests.filter((r) => r.path.includes('/message/sms')).length, 0, 'no SMS request at all');
    assert.equal(api.smsHistory.entries().length, history, 'nothing recorded');
  });

  it('sendTestSms: its modal quotes all 1,530 characters the model wrote, the link at the end included', async function () {
    await config().update('sms.maxSegments', 10, vscode.ConfigurationTarget.Global);
    try {
      const tail = ' see https://evil.example/login';
      const body = 'Deploy ok.\n' + '-'.repeat(1530 - 11 - tail.length) + tail;
      assert.equal(body.length, 1530);
      const asked = (await confirmations()).asked().length;
      const received = sim.received.length;
      const result = await answering('Send', () => invoke('voiceSms_sendTestSms', { from: SENDER, to: '+4915123456789', body }));
      const text = texts(result).join('\n');
      assert.equal((await confirmations()).asked().length, asked + 1, 'one confirmation asked');
      const modal = (await confirmations()).asked().at(-1);
      assert.ok(modal, 'no confirmation was asked');
      assert.equal(modal.message, 'Send this SMS?');
      for (const line of [
        `Profile: ${PROFILE} (${new URL(sim.url).host})`,
        `From: ${SENDER}`,
        'To: +4915123456789',
        'It is billed as 10 messages.',
      ]) {
        assert.ok(modal.detail.includes(line), `${line} missing from ${modal.detail}`);
      }
      assert.ok(modal.detail.endsWith(`Deploy ok.⏎${'-'.repeat(1530 - 11 - tail.length)}${tail}`), modal.detail);
      assert.match(text, /SMS sent from/);
      assert.equal(sim.received.length - received, 1);
      assert.equal(sim.received.at(-1)?.body, body, 'what was confirmed is what was sent');
    } finally {
      await config().update('sms.maxSegments', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('sendTestSms: a sender id carrying a bidi override, or not listed, is refused before asking; a no-break space in the text is spelled out in the modal', async function () {
    const askedBefore = (await confirmations()).asked().length;
    const received = sim.received.length;
    const refused = await failing('voiceSms_sendTestSms', { from: 'VSTK\u202eTSET', to: '+4915123456789', body: 'x' });
    assert.equal(json<{ error: string }>(refused).error, 'validation', texts(refused).join('\n'));
    assert.match(texts(refused).join('\n'), /U\+202E RIGHT-TO-LEFT OVERRIDE/);
    assert.equal((await confirmations()).asked().length, askedBefore, 'nobody was asked');
    // A look-alike of a listed sender is not one of them: refused before anyone is asked, naming the listed ones.
    const unknown = await failing('voiceSms_sendTestSms', { from: 'VSTK\u00a0TEST', to: '+4915123456789', body: 'x' });
    assert.match(texts(unknown).join('\n'), /is not one of the sender IDs of this profile \("VSTK-TEST"/);
    assert.equal((await confirmations()).asked().length, askedBefore, 'nobody was asked');
    // An invisible character in the text is spelled out in the modal.
    const result = await invoke('voiceSms_sendTestSms', { from: 'VSTK-TEST', to: '+4915123456789', body: 'x\u00a0y' });
    assert.equal(json<{ error: string }>(result).error, 'declined', texts(result).join('\n'));
    const modal = (await confirmations()).asked().at(-1);
    assert.ok(modal, 'no confirmation was asked');
    assert.ok(modal.detail.includes('x⟨U+00A0⟩y'), modal.detail);
    assert.equal(sim.received.length, received);
  });

  it('sendTestSms refuses an invalid number with the palette’s explanation, before any request', async function () {
    const requests = sim.requestCount;
    const result = await failing('voiceSms_sendTestSms', { to: 'hello', body: 'x' });
    assert.equal(json<{ error: string }>(result).error, 'validation', texts(result).join('\n'));
    assert.match(texts(result).join('\n'), /Destination number is not a phone number/);
    assert.equal(sim.requestCount, requests);
  });

  it('follows a profile switch to the offline demo and back', async function () {
    const demo = await vscode.commands.executeCommand<string>('voiceSms.startDemo');
    try {
      await waitFor('the demo profile', () => api.session.current().profile === demo && api.session.current().signedIn, 10_000);
      const info = json<{ profile: string; demo: boolean; instances: string[] }>(await invoke('voiceSms_listInstances', {}));
      assert.equal(info.profile, demo);
      assert.equal(info.demo, true);
      const monthId = utcMonthId(new Date());
      const view = json<{ totals: Totals }>(await invoke('voiceSms_getMonthView', { instanceId: info.instances[0] ?? INSTANCE, monthId }));
      const expected = monthViewData(info.instances[0] ?? INSTANCE, monthId, Date.now());
      assert.equal(
        view.totals.callLegs,
        expected.days.filter((d) => d.dateId <= expected.currentDateID).reduce((n, d) => n + d.call_legs, 0),
      );
      assert.match(json<{ amount: string }>(await invoke('voiceSms_getBalance', {})).amount, /^\d+\.\d\d$/);
      const requests = sim.requestCount;
      await invoke('voiceSms_getMonthView', { instanceId: INSTANCE, monthId });
      assert.equal(sim.requestCount, requests, "the demo answers, not the earlier profile's service");
    } finally {
      await vscode.commands.executeCommand('voiceSms.stopDemo');
    }
    await waitFor('the earlier profile', () => api.session.current().profile === PROFILE, 10_000);
    assert.equal(json<{ profile: string }>(await invoke('voiceSms_listInstances', {})).profile, PROFILE);
  });
});
