// Large answers in a real extension host: the simulator pads the balance answer past the answer thread's size
// (src/core/answerThread/reader.ts), once well formed and once as an error whose message echoes the credential.
// The thread the bundle starts (dist/answerThread.js, taking the core from dist/core.js) reads both: the Account view
// shows the same balance as from a small answer, the failure shows no credential, and the log says where each
// answer was read.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_SENDER_IDS, randomCredentials, type Simulator } from '../../src/simulator/index.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { channelFiles, readIfExists } from './logFile.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';
import { waitFor } from './waitFor.js';

const PROFILE = 'Answer thread integration';
const CREDENTIALS = randomCredentials();
/** The answer thread's size (128 KiB, src/core/answerThread/reader.ts OFF_THREAD_CHARS), written out here on purpose. */
const OFF_THREAD_CHARS = 131_072;
/** Well-formed padding the client reads and the balance ignores: past the thread's size. */
const PADDING = `<notes>${'<note>padding &amp; more</note>'.repeat(Math.ceil((OFF_THREAD_CHARS * 1.5) / 31))}</notes>`;

async function logLines(api: VoiceSmsTestApi): Promise<string[]> {
  const lines: string[] = [];
  for (const f of await channelFiles(api)) lines.push(...((await readIfExists(f))?.split('\n') ?? []));
  return lines;
}

function balanceRow(api: VoiceSmsTestApi): vscode.TreeItem | undefined {
  const tree = api.balance.accountTree;
  return tree
    .getChildren()
    .map((n) => tree.getTreeItem(n))
    .find((i) => i.command?.command === 'voiceSms.refreshBalance');
}

async function refresh(api: VoiceSmsTestApi): Promise<void> {
  await Promise.resolve(vscode.commands.executeCommand('voiceSms.refreshBalance', {})).then(undefined, () => undefined);
  await api.balance.settled();
}

describe('large answers are read on the answer thread', function () {
  this.timeout(60_000);
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;

  before(async function () {
    profile = await useStoredProfile(PROFILE, {
      profile: { accountId: DEMO_ACCOUNT, senderIds: [...DEMO_SENDER_IDS] },
      simulator: { credentials: CREDENTIALS },
      waitSignedIn: true,
    });
    ({ api, sim } = profile);
    // The load signing in started is over before any fault is added: each refresh below is one request of its own.
    await api.balance.settled();
    await refresh(api);
  });

  after(async function () {
    sim?.clearFaults();
    await profile?.remove();
  });

  it('a padded balance shows what the same answer unpadded shows, and the log says the thread read it', async function () {
    // The same echo both times (its text fills the answer's own texts, the currency among them), padded once.
    const echo = { kind: 'echo', match: { operation: 'balance' }, serviceMessage: 'EUR', times: 1 } as const;
    sim.addFault(echo);
    await refresh(api);
    const small = api.balance.statusBar().text;
    assert.match(small, /\d/, `a balance in the status bar: ${small}`);
    sim.addFault({ ...echo, xml: PADDING });
    await refresh(api);
    assert.equal(api.balance.statusBar().text, small);
    const read = await waitFor('the log line of the padded answer', async () =>
      (await logLines(api)).find((l) => /GET \/v1\/.*balance.* -> 200 .*read on the answer thread/.test(l)),
    );
    assert.ok(Number(/, (\d+) bytes/.exec(read)?.[1]) >= OFF_THREAD_CHARS, read);
  });

  it('a padded failure echoing the credential: the Account view says why, with no credential in it', async function () {
    const basic = Buffer.from(`${CREDENTIALS.accessKeyId}:${CREDENTIALS.secretAccessKey}`).toString('base64');
    const message = `Refused for ${CREDENTIALS.secretAccessKey} (Basic ${basic})`;
    sim.addFault({ kind: 'echo', status: 500, match: { operation: 'balance' }, serviceMessage: message, xml: PADDING, times: 1 });
    await refresh(api);
    const row = balanceRow(api);
    assert.ok(row, 'no balance row');
    const tooltip = typeof row.tooltip === 'string' ? row.tooltip : (row.tooltip?.value ?? '');
    assert.match(tooltip, /Refused for/, tooltip.slice(0, 300));
    for (const secret of [CREDENTIALS.secretAccessKey, basic])
      assert.ok(!tooltip.includes(secret), `the credential in: ${tooltip.slice(0, 300)}`);
    await waitFor('the log line of the padded failure', async () =>
      (await logLines(api)).find((l) => /GET \/v1\/.*balance.* -> 500 .*read on the answer thread/.test(l)),
    );
  });
});
