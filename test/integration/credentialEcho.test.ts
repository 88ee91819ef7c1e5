// A service (or a gateway in front of it) that echoes the request's credentials, in a real extension host:
// the simulator's `echoCredentials` fault says the key id, the secret, `id:secret`, the Basic token (padded,
// unpadded, URL-safe), each percent-, form- and JSON-encoded, and the request's Signature, in the status
// message, the service name, the balance's currency and every activity row; with a status, as the message of
// that error. Every product surface is then read back and none may hold any form: the errors commands throw
// (the text of their notifications), tree labels, descriptions and tooltips, the status bar, what the panels
// get to render, chat tool results (text and JSON) and their thrown errors, the SMS history, the clipboard
// export, the raw-answer view, the Check Connection report, and every log file of this editor — the
// extension host's own included. The secret holds `/ + " & < > % ' !` so that every encoding differs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { credentialForms, DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS, start, type Simulator } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { answering, SIGN_OUT_AND_REMOVE } from './modals.js';
import { waitFor } from './waitFor.js';

interface EchoTestApi {
  storeCredentials(profile: string, credentials: { accessKeyId: string; secretAccessKey: string } | undefined): Promise<void>;
  session: { current(): { signedIn: boolean; profile: string | undefined } };
  smsHistory: { entries(): unknown[]; treeItems(): vscode.TreeItem[] };
  panelContent(title: string): Promise<{ viewType: string; shown: readonly unknown[]; html: string } | undefined>;
  instancesTree: {
    getChildren(element?: unknown): unknown[];
    getTreeItem(element: unknown): vscode.TreeItem;
    settled(instanceId: string): Promise<void>;
  };
  storedMonths: { dir: string; files(): Promise<string[]>; flush(): Promise<void> };
  log: { info(message: string): void };
  balance: {
    settled(): Promise<void>;
    statusBar(): { visible: boolean; text: string; tooltip: string };
    profileStatusBar(): { text: string; tooltip: string };
    accountTree: { getChildren(element?: unknown): unknown[]; getTreeItem(element: unknown): vscode.TreeItem };
  };
}

const PROFILE = 'Credential echo integration';
const CREDS = { accessKeyId: 'AKIDECHO9Z', secretAccessKey: `kT9/x+Qw"z&<p>%2F'A!b` };
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const SENDER = DEMO_SENDER_IDS[0] ?? 'VSTK-TEST';
const MONTH = (() => {
  const d = new Date();
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
})();
const TODAY = new Date().toISOString().slice(0, 10);
/** Months no earlier test loaded (a loaded month is served from the cache, without a request to fail). */
const OLD_MONTH = `${new Date().getUTCFullYear() - 1}03`;
const OLD_DAY = `${new Date().getUTCFullYear() - 1}-03-15`;

/** What a tree shows: label, description and tooltip of every item, two levels deep. */
function treeText(tree: { getChildren(element?: unknown): unknown[]; getTreeItem(element: unknown): vscode.TreeItem }): string {
  const out: string[] = [];
  const visit = (element: unknown, depth: number): void => {
    for (const child of tree.getChildren(element) ?? []) {
      const item = tree.getTreeItem(child);
      const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
      const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
      out.push(label, String(item.description ?? ''), tooltip);
      if (depth < 2) visit(child, depth + 1);
    }
  };
  visit(undefined, 0);
  return out.join('\n');
}

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e);
}

async function rejection(run: () => Thenable<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    return errorText(e);
  }
  assert.fail('expected the command to fail');
}

async function readAll(dir: vscode.Uri, depth = 0): Promise<{ path: string; text: string }[]> {
  if (depth > 6) return [];
  let entries: [string, vscode.FileType][];
  try {
    entries = await vscode.workspace.fs.readDirectory(dir);
  } catch {
    return [];
  }
  const out: { path: string; text: string }[] = [];
  for (const [name, type] of entries) {
    const child = vscode.Uri.joinPath(dir, name);
    if (type === vscode.FileType.Directory) out.push(...(await readAll(child, depth + 1)));
    else if (name.endsWith('.log'))
      out.push({ path: child.fsPath, text: new TextDecoder().decode(await vscode.workspace.fs.readFile(child)) });
  }
  return out;
}

describe('a service echoing the credentials: no form reaches any surface, log or file (security)', function () {
  this.timeout(120_000);
  let api: EchoTestApi;
  let sim: Simulator;
  const seen: { where: string; text: string }[] = [];
  const saved = new Map<string, unknown>();
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const KEYS = ['profiles', 'activeProfile', 'sms.confirmBeforeSend', 'sms.defaultRegion'];

  /** Keeps what a surface showed; checked at the end against every form, the request Signatures included. */
  const keep = (where: string, text: string): void => void seen.push({ where, text });

  function forms(): string[] {
    const signatures = sim.requests.map((r) => r.headers?.['signature']).filter((s): s is string => typeof s === 'string' && s.length >= 8);
    return [...credentialForms(CREDS.accessKeyId, CREDS.secretAccessKey), ...signatures];
  }

  function assertNoForm(where: string, text: string): void {
    const found = forms().filter((f) => text.includes(f));
    assert.deepEqual(found, [], `${where} holds a credential form: ${text.slice(0, 600)}`);
  }

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = (await ext.activate()) as EchoTestApi;
    sim = await start({ credentials: CREDS, recordDetails: true });
    for (const k of KEYS) saved.set(k, config().inspect(k)?.globalValue);
    await api.storeCredentials(PROFILE, CREDS);
    await config().update(
      'profiles',
      [{ name: PROFILE, baseUrl: sim.url, accountId: DEMO_ACCOUNT, voiceInstances: [INSTANCE], senderIds: [...DEMO_SENDER_IDS] }],
      vscode.ConfigurationTarget.Global,
    );
    await config().update('activeProfile', PROFILE, vscode.ConfigurationTarget.Global);
    await config().update('sms.confirmBeforeSend', false, vscode.ConfigurationTarget.Global);
    await config().update('sms.defaultRegion', 'DE', vscode.ConfigurationTarget.Global);
    await waitFor('the session', () => api.session.current().profile === PROFILE && api.session.current().signedIn);
  });

  after(async function () {
    sim?.clearFaults();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await answering(SIGN_OUT_AND_REMOVE, () =>
      vscode.commands.executeCommand('voiceSms.signOut', { name: PROFILE, removeProfile: true }),
    ).then(undefined, () => undefined);
    for (const [k, v] of saved) await config().update(k, v, vscode.ConfigurationTarget.Global);
    await sim?.close();
  });

  it('the fault does echo: a plain request gets every form back (so this suite can fail)', async function () {
    sim.addFault({ kind: 'echoCredentials', match: { operation: 'balance' }, times: 1 });
    const basic = Buffer.from(`${CREDS.accessKeyId}:${CREDS.secretAccessKey}`).toString('base64');
    const res = await fetch(`${sim.url}/v1/account/${DEMO_ACCOUNT}/balance`, {
      headers: { Authorization: `Basic ${basic}`, AccessKeyId: CREDS.accessKeyId, Timestamp: String(Date.now()), Signature: '' },
    });
    const body = (await res.text())
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    assert.deepEqual(
      credentialForms(CREDS.accessKeyId, CREDS.secretAccessKey).filter((f) => !body.includes(f)),
      [],
    );
  });

  it('successful answers that echo: balance (status bar, Account view), month view and activities panels, raw answer, chat tools, export', async function () {
    sim.addFault({ kind: 'echoCredentials' });
    try {
      keep('refreshBalance result', String(await vscode.commands.executeCommand('voiceSms.refreshBalance', {})));
      await api.balance.settled();
      const bar = api.balance.statusBar();
      keep('balance status bar', `${bar.text}\n${bar.tooltip}`);
      const profileBar = api.balance.profileStatusBar();
      keep('profile status bar', `${profileBar.text}\n${profileBar.tooltip}`);
      keep('Account view', treeText(api.balance.accountTree));

      const monthTitle = await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId: MONTH });
      const month = await waitFor('month data', async () => {
        const c = await api.panelContent(monthTitle);
        return c?.shown.some((m) => (m as { type?: string }).type === 'monthData') ? c : undefined;
      });
      keep('month view panel', JSON.stringify(month));
      // Opened again, the page carries the month from the month cache in its HTML (html.ts firstMessages).
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId: MONTH });
      const carried = await waitFor('the page carrying the month', async () => {
        const c = await api.panelContent(monthTitle);
        return c?.html.includes('data-first-messages') ? c.html : undefined;
      });
      keep('month view page carrying the month', carried);
      const dayTitle = await vscode.commands.executeCommand<string>('voiceSms.showDayActivities', { instanceId: INSTANCE, dateId: TODAY });
      const day = await waitFor('activities data', async () => {
        const c = await api.panelContent(dayTitle);
        return c?.shown.some((m) => (m as { type?: string }).type === 'activitiesData') ? c : undefined;
      });
      keep('activities panel', JSON.stringify(day));

      const raw = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('voiceSms.showRawAnswer', { operation: 'balance' });
      assert.ok(raw, 'a raw answer document');
      keep('raw balance answer', raw.getText());
      assert.match(raw.getText(), /\*\*\*/, 'the raw answer shows where the credential was masked');

      for (const [name, input] of [
        ['voiceSms_getBalance', {}],
        ['voiceSms_getMonthView', { instanceId: INSTANCE, monthId: MONTH }],
        ['voiceSms_getDayActivities', { instanceId: INSTANCE, dateId: TODAY }],
        ['voiceSms_getTrend', { instanceId: INSTANCE, months: 2 }],
      ] as const) {
        const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
        keep(
          `chat tool ${name}`,
          result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : JSON.stringify(p))).join('\n'),
        );
      }

      await vscode.env.clipboard.writeText('');
      assert.equal(
        await vscode.commands.executeCommand('voiceSms.exportMonth', {
          instanceId: INSTANCE,
          monthId: MONTH,
          format: 'markdown',
          target: 'clipboard',
        }),
        'clipboard',
      );
      keep('markdown export', await vscode.env.clipboard.readText());

      const report = await vscode.commands.executeCommand<unknown>('voiceSms.checkConnection', {});
      keep('Check Connection report', JSON.stringify(report));
      keep('Check Connection document', vscode.window.activeTextEditor?.document.getText() ?? '');
    } finally {
      sim.clearFaults();
    }
    for (const s of seen) assertNoForm(s.where, s.text);
  });

  it('failures that echo: errors thrown by driven commands and chat tools, the SMS history, trees', async function () {
    sim.addFault({ kind: 'echoCredentials', status: 502 });
    try {
      keep(
        'exportMonth error',
        await rejection(() =>
          vscode.commands.executeCommand('voiceSms.exportMonth', {
            instanceId: INSTANCE,
            monthId: OLD_MONTH,
            format: 'csv',
            target: 'clipboard',
          }),
        ),
      );
      keep('refreshBalance error', await rejection(() => vscode.commands.executeCommand('voiceSms.refreshBalance', {})).catch(() => ''));
      await api.balance.settled();
      const bar = api.balance.statusBar();
      keep('balance status bar after a failure', `${bar.text}\n${bar.tooltip}`);
      keep('Account view after a failure', treeText(api.balance.accountTree));

      sim.clearFaults();
      sim.addFault({ kind: 'echoCredentials', status: 400 });
      keep(
        'sendSms error',
        await rejection(() =>
          vscode.commands.executeCommand('voiceSms.sendSms', { from: SENDER, to: '+4915123456789', body: 'credential echo test' }),
        ),
      );
      const entry = await waitFor('the failed history entry', () =>
        api.smsHistory.entries().length > 0 ? api.smsHistory.entries() : undefined,
      );
      keep('SMS history entries', JSON.stringify(entry));
      keep(
        'Sent SMS view',
        api.smsHistory
          .treeItems()
          .map(
            (i) =>
              `${typeof i.label === 'string' ? i.label : (i.label?.label ?? '')}\n${String(i.description)}\n${typeof i.tooltip === 'string' ? i.tooltip : (i.tooltip?.value ?? '')}`,
          )
          .join('\n'),
      );

      for (const [name, input] of [
        ['voiceSms_getBalance', {}],
        ['voiceSms_getMonthView', { instanceId: INSTANCE, monthId: OLD_MONTH }],
        ['voiceSms_getDayActivities', { instanceId: INSTANCE, dateId: OLD_DAY }],
        ['voiceSms_getTrend', { instanceId: INSTANCE, months: 2, endMonthId: OLD_MONTH }],
      ] as const) {
        keep(`chat tool ${name} error`, await rejection(() => vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined })));
      }

      await vscode.commands.executeCommand('voiceSms.refresh');
      await api.instancesTree.settled(INSTANCE).catch(() => undefined);
      keep('Voice Instances view', treeText(api.instancesTree));
      const report = await vscode.commands.executeCommand<unknown>('voiceSms.checkConnection', {}).then((r) => r, errorText);
      keep('Check Connection report (failing)', JSON.stringify(report));
    } finally {
      sim.clearFaults();
    }
    for (const s of seen) assertNoForm(s.where, s.text);
  });

  it('no stored month file holds a form: a finished month from an echoing service is kept scrubbed', async function () {
    const stored = `${new Date().getUTCFullYear() - 2}07`;
    sim.addFault({ kind: 'echoCredentials' });
    try {
      const title = await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId: stored });
      await waitFor('the stored month shown', async () =>
        (await api.panelContent(title))?.shown.some((m) => (m as { type?: string }).type === 'monthData'),
      );
    } finally {
      sim.clearFaults();
    }
    await api.storedMonths.flush();
    const names = (await api.storedMonths.files()).filter((n) => n.endsWith(`-${stored}.json`));
    assert.ok(names.length > 0, `${stored} was stored`);
    for (const name of names) {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(`${api.storedMonths.dir}/${name}`)));
      assert.ok(text.includes('***'), 'the echo reached the answer, masked');
      assertNoForm(`stored month ${name}`, text);
    }
  });

  it('no log file of this editor holds a form (our channel and the extension host log)', async function () {
    const root = process.env.VSTK_LOGS_ROOT;
    assert.ok(root, 'VSTK_LOGS_ROOT is set by the integration runner');
    // Log channels write asynchronously and in order: a marker written last through our channel that has reached
    // its file means every line this suite logged before it is on disk too (a fixed sleep could read too early).
    const marker = `credential echo suite: last line ${Date.now()}`;
    api.log.info(marker);
    const files = await waitFor('the last line in our log file', async () => {
      const all = await readAll(vscode.Uri.file(root));
      return all.some((f) => f.text.includes(marker)) && all;
    });
    assert.ok(
      files.some((f) => /exthost/i.test(f.path)),
      `the extension host log is among ${files.map((f) => f.path).join(', ')}`,
    );
    assert.ok(
      files.some(
        (f) => f.text.includes('credential echo') || f.text.includes(PROFILE) || f.text.includes(`/v1/account/${DEMO_ACCOUNT}/balance`),
      ),
      'the logs saw this suite',
    );
    for (const f of files) assertNoForm(`log file ${f.path}`, f.text);
  });
});

/** The spellings the issue found getting through, each written by the platform's own encoder, not the product's list. */
const SPELLING_CASES: Array<{ what: string; secret: string; names?: string[]; spelled: (s: string) => string[] }> = [
  {
    what: 'a "~" secret through URLSearchParams (%7E, * kept, space as +)',
    secret: 'Lk9~T*x (1)!q',
    spelled: (s) => [new URLSearchParams([['v', s]]).toString().slice(2)],
  },
  {
    what: 'a dotted secret as nested element names',
    secret: 'alpha9.beta9.gamma9x',
    names: ['alpha9', 'beta9', 'gamma9x'],
    spelled: () => [],
  },
  {
    what: 'character references spelling the secret in raw XML',
    secret: 'Zq7#Rw!2pXv',
    spelled: () => [],
  },
  { what: 'a 5-character secret inside a longer token', secret: 'k3Y9x', spelled: (s) => [s] },
];

/** Decimal and hex character references of every character, alternating. */
function charRefs(s: string): string {
  return Array.from(s)
    .map((ch, i) => (i % 2 === 0 ? `&#${ch.codePointAt(0) ?? 0};` : `&#x${(ch.codePointAt(0) ?? 0).toString(16)};`))
    .join('');
}

function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

describe('a service echoing a secret in the spellings issue 33 found: no surface shows it (security)', function () {
  this.timeout(180_000);
  let api: EchoTestApi;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const KEYS = ['profiles', 'activeProfile'];
  const saved = new Map<string, unknown>();
  const profile = 'Spelling echo integration';

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = (await ext.activate()) as EchoTestApi;
    for (const k of KEYS) saved.set(k, config().inspect(k)?.globalValue);
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await answering(SIGN_OUT_AND_REMOVE, () =>
      vscode.commands.executeCommand('voiceSms.signOut', { name: profile, removeProfile: true }),
    ).then(undefined, () => undefined);
    for (const [k, v] of saved) await config().update(k, v, vscode.ConfigurationTarget.Global);
  });

  for (const c of SPELLING_CASES) {
    it(c.what, async function () {
      const creds = { accessKeyId: 'AKIDSPELL42', secretAccessKey: c.secret };
      const sim = await start({ credentials: creds });
      const seen: { where: string; text: string }[] = [];
      const keep = (where: string, text: string): void => void seen.push({ where, text });
      try {
        await api.storeCredentials(profile, creds);
        await config().update(
          'profiles',
          [{ name: profile, baseUrl: sim.url, accountId: DEMO_ACCOUNT, voiceInstances: [INSTANCE] }],
          vscode.ConfigurationTarget.Global,
        );
        await config().update('activeProfile', profile, vscode.ConfigurationTarget.Global);
        await waitFor('the session', () => api.session.current().profile === profile && api.session.current().signedIn);
        const spelled = c.spelled(c.secret);
        const token = spelled.map((s) => `x${s}y`).join(' ');
        const names = c.names ? `<${c.names.join('><')}>1</${[...c.names].reverse().join('></')}>` : '';
        sim.addFault({
          kind: 'echo',
          serviceMessage: `gateway said: ${token}`,
          fields: ['amount'],
          xml: `<note>${xmlText(token)}</note><ref>${charRefs(c.secret)}</ref><ref>a${charRefs(c.secret)}b</ref>${names}`,
        });
        keep(
          'refreshBalance result',
          String(await vscode.commands.executeCommand('voiceSms.refreshBalance', {}).then((r) => r, errorText)),
        );
        await api.balance.settled();
        const bar = api.balance.statusBar();
        keep('balance status bar', `${bar.text}\n${bar.tooltip}`);
        keep('Account view', treeText(api.balance.accountTree));
        const raw = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('voiceSms.showRawAnswer', {
          operation: 'balance',
        });
        keep('raw balance answer', raw?.getText() ?? '');
        const dayTitle = await vscode.commands.executeCommand<string>('voiceSms.showDayActivities', {
          instanceId: INSTANCE,
          dateId: TODAY,
        });
        const day = await waitFor('activities data', async () => {
          const p = await api.panelContent(dayTitle);
          return p?.shown.some((m) => (m as { type?: string }).type === 'activitiesData') ? p : undefined;
        });
        keep('activities panel', JSON.stringify(day));
        for (const [name, input] of [
          ['voiceSms_getBalance', {}],
          ['voiceSms_getDayActivities', { instanceId: INSTANCE, dateId: TODAY }],
        ] as const) {
          const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
          keep(
            `chat tool ${name}`,
            result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : JSON.stringify(p))).join('\n'),
          );
        }
      } finally {
        sim.clearFaults();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await sim.close();
      }
      // The secret as written, each spelling the echo used, and the raw references (in raw XML as sent, escaped in JSON).
      const forms = [c.secret, ...c.spelled(c.secret), charRefs(c.secret)];
      const found = seen.flatMap((s) => forms.filter((f) => s.text.includes(f)).map((f) => `${s.where}: ${f}`));
      assert.deepEqual(found, [], `a spelling of ${c.secret} got through`);
    });
  }
});
