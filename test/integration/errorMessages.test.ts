// What the user is told when a month cannot be loaded, one test per error kind, inside a real
// extension host: a profile signed in through voiceSms.signIn against the simulator started in this
// process, a fault injected (or the address/secret/id made wrong), then voiceSms.exportMonth with a
// complete argument object, which throws the message the UI would show. Each message must name the
// kind of trouble in plain words and never contain the secret.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_INSTANCES, type Fault, type Simulator } from '../../src/simulator/index.js';
import { answering, SAVE } from './modals.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { signInToOwnSimulator, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'Error messages integration';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

function monthBack(back: number): string {
  const d = new Date();
  const index = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A loopback port nothing listens on (bound, then released). */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  assert.ok(address && typeof address === 'object');
  return address.port;
}

describe('error messages: one clear message per error kind', function () {
  this.timeout(60_000);
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  let dir: string;
  // Every test exports a month no other test touched, so nothing comes from the tree's cache.
  let nextMonth = 1;
  const config = () => vscode.workspace.getConfiguration('voiceSms');

  /** Exports a fresh month and returns the error the command threw (it must throw). */
  async function exportError(instanceId = INSTANCE): Promise<Error & { kind?: string }> {
    const monthId = monthBack(nextMonth++);
    const target = path.join(dir, `${monthId}.csv`);
    let result: unknown;
    try {
      result = await answering(SAVE, () =>
        vscode.commands.executeCommand('voiceSms.exportMonth', { instanceId, monthId, format: 'csv', target }),
      );
    } catch (e) {
      assert.ok(e instanceof Error, `expected an Error, got ${String(e)}`);
      return e;
    }
    assert.fail(`exporting ${monthId} of ${instanceId} returned ${String(result)}, expected an error`);
  }

  /** Runs `change` and waits until the session has followed it (else a load in flight would be aborted). */
  async function sessionFollows(change: () => Thenable<void>): Promise<void> {
    let sub: vscode.Disposable | undefined;
    const followed = new Promise<void>((resolve) => {
      sub = api.session.onDidChange(() => resolve());
    });
    try {
      await change();
      await Promise.race([
        followed,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the session did not follow the settings change')), 5_000)),
      ]);
    } finally {
      sub?.dispose();
    }
  }

  function assertClean(e: Error): void {
    assert.ok(!e.message.includes(sim.credentials.secretAccessKey), `the secret leaked into: ${e.message}`);
    assert.ok(!/secretAccessKey|Signature=|Authorization/i.test(e.message), `credential material in: ${e.message}`);
  }

  /** The kind travels with the error when the command runs in this extension host. */
  function assertKind(e: Error & { kind?: string }, kind: string): void {
    if (e.kind !== undefined) assert.equal(e.kind, kind, e.message);
  }

  async function withFault<T>(fault: Fault, f: () => Promise<T>): Promise<T> {
    sim.addFault(fault);
    try {
      return await f();
    } finally {
      sim.clearFaults();
    }
  }

  before(async function () {
    profile = await signInToOwnSimulator(PROFILE, { voiceInstanceId: INSTANCE });
    ({ api, sim } = profile);
    dir = await mkdtemp(path.join(tmpdir(), 'vstk-errors-'));
  });

  after(async function () {
    await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    await profile?.remove();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sanity: without a fault the export succeeds', async function () {
    const monthId = monthBack(nextMonth++);
    const target = path.join(dir, `${monthId}.csv`);
    assert.equal(
      await answering(SAVE, () =>
        vscode.commands.executeCommand('voiceSms.exportMonth', { instanceId: INSTANCE, monthId, format: 'csv', target }),
      ),
      target,
    );
  });

  it('network: a refused port says the connection was refused and to check the base URL', async function () {
    const port = await refusedPort();
    const profiles = config().inspect<{ name: string; baseUrl: string }[]>('profiles')?.globalValue ?? [];
    const moved = profiles.map((p) => (p.name === PROFILE ? { ...p, baseUrl: `http://127.0.0.1:${port}` } : p));
    await sessionFollows(() => config().update('profiles', moved, vscode.ConfigurationTarget.Global));
    try {
      const e = await exportError();
      assertKind(e, 'network');
      assert.match(e.message, new RegExp(`Connection to 127\\.0\\.0\\.1:${port} was refused`));
      assert.match(e.message, /base URL/);
      assertClean(e);
    } finally {
      await sessionFollows(() => config().update('profiles', profiles, vscode.ConfigurationTarget.Global));
    }
  });

  it('timeout: a hanging service is reported as not answering within the request timeout', async function () {
    await config().update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      const e = await withFault({ kind: 'hang', match: { operation: 'calls' } }, () => exportError());
      assertKind(e, 'timeout');
      assert.match(e.message, /did not (answer|complete) within 1 s/);
      assert.match(e.message, /raise the request timeout/);
      assertClean(e);
    } finally {
      await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("http: a proxy's HTML 502, even after the retries, names the status and the attempts", async function () {
    const e = await withFault({ kind: 'html', status: 502, match: { operation: 'calls' }, times: 100 }, () => exportError());
    assertKind(e, 'http');
    assert.match(e.message, /with HTTP 502/);
    assert.match(e.message, /after \d+ attempts/);
    assert.doesNotMatch(e.message, /<html|<body/i, 'no raw HTML markup in the message');
    assertClean(e);
  });

  it("service: an error envelope shows the service's own code and message", async function () {
    const fault: Fault = {
      kind: 'envelopeError',
      serviceCode: '409',
      serviceMessage: 'Simulated conflict for the test.',
      match: { operation: 'calls' },
      times: 10,
    };
    const e = await withFault(fault, () => exportError());
    assertKind(e, 'service');
    assert.match(e.message, /status 409: Simulated conflict for the test\./);
    assertClean(e);
  });

  it("parse: malformed XML says the answer was not the service's envelope", async function () {
    const e = await withFault({ kind: 'malformed', match: { operation: 'calls' }, times: 10 }, () => exportError());
    assertKind(e, 'parse');
    assert.match(e.message, /XML|envelope/);
    assertClean(e);
  });

  it('parse: an entity bomb is refused, not expanded', async function () {
    const e = await withFault({ kind: 'entityBomb', match: { operation: 'calls' }, times: 10 }, () => exportError());
    assertKind(e, 'parse');
    assert.match(e.message, /DOCTYPE|ENTITY|entit/i);
    assertClean(e);
  });

  it('auth: a stored secret the service refuses says the credentials were refused, without the secret', async function () {
    const wrong = 'wrong-secret-for-the-error-test';
    await sessionFollows(() => api.storeCredentials(PROFILE, { accessKeyId: sim.credentials.accessKeyId, secretAccessKey: wrong }));
    try {
      const e = await exportError();
      assertKind(e, 'auth');
      assert.match(e.message, /refused the credentials/);
      assert.match(e.message, new RegExp(`access key id and secret of profile "${PROFILE}"`));
      assert.ok(!e.message.includes(wrong), `the stored secret leaked into: ${e.message}`);
      assertClean(e);
    } finally {
      await sessionFollows(() => api.storeCredentials(PROFILE, sim.credentials));
    }
  });

  it('auth: an HTTP 401 from the service is an auth message too', async function () {
    const e = await withFault({ kind: 'status', status: 401, match: { operation: 'calls' }, times: 10 }, () => exportError());
    assertKind(e, 'auth');
    assert.match(e.message, /refused the credentials/);
    assertClean(e);
  });

  it('validation: an instance id with a slash is refused before any request', async function () {
    const before = sim.requestCount;
    const e = await exportError('a/b');
    assertKind(e, 'validation');
    assert.match(e.message, /Invalid .*instance/i);
    assert.equal(sim.requestCount, before, 'no request was sent');
    assertClean(e);
  });
});
