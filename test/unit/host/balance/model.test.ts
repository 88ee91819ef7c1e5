// The balance model against the real simulator over loopback: load, format, readings, estimate,
// profile without account, signed out, and a failure that keeps the last value.
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { BalanceModel, READINGS_KEY_PREFIX, type BalanceSource } from '../../../../src/host/balance/model.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { envelopeXml } from '../../../../src/simulator/envelope.js';
import { DEMO_ACCOUNT, start, type Simulator } from '../../../../src/simulator/index.js';
import { el } from '../../../../src/simulator/xml.js';

class MemoryStore {
  readonly data = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.data.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    this.data.set(key, structuredClone(value));
    return Promise.resolve();
  }
}

void describe('balance model against the simulator', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;

  // A simulator per test: the balance an SMS spent, a fault and the requests of one test never reach the next.
  beforeEach(async () => {
    sim = await start();
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { baseDelayMs: 10 } });
  });
  afterEach(async () => {
    await sim.close();
    await client.close();
  });

  const source = (accountId?: string): BalanceSource => ({
    active: () => Promise.resolve({ profile: { name: 'p', ...(accountId ? { accountId } : {}) }, client }),
  });

  void it('loads and formats the balance, records a reading, and estimates after a spend', async () => {
    const store = new MemoryStore();
    let now = Date.now();
    const model = new BalanceModel(source(DEMO_ACCOUNT), store, { now: () => now });
    const seen: boolean[] = [];
    model.onDidChange((s) => seen.push(s.loading));
    const first = await model.reload();
    assert.deepEqual(seen, [true, false]);
    assert.equal(first.loaded?.shown, '123.45 EUR');
    assert.equal(first.loaded?.balance?.currency, 'EUR');
    assert.equal(first.loaded?.estimate, undefined);

    // Spend 3 segments (0.21) and read again "two hours later".
    await client.sendSms({ from: 'VSTK-TEST', to: '+4915123456789', body: 'x'.repeat(400) });
    now += 2 * 3_600_000;
    const second = await model.reload();
    assert.equal(second.loaded?.shown, '123.24 EUR');
    const est = second.loaded?.estimate;
    assert.ok(est, 'an estimate after two readings two hours apart');
    assert.ok(Math.abs(est.ratePerDay - 0.21 * 12) < 1e-9);
    const stored = store.get<{ readings: unknown[] }>(`${READINGS_KEY_PREFIX}p`);
    assert.equal(stored?.readings.length, 2);
  });

  void it('shares one request between concurrent reloads', async () => {
    const model = new BalanceModel(source(DEMO_ACCOUNT), new MemoryStore());
    const before = sim.requests.length;
    await Promise.all([model.reload(), model.reload(), model.reload()]);
    assert.equal(sim.requests.length - before, 1);
  });

  void it('a reload overtaken by a profile switch answers for the new profile, not with an empty state', async () => {
    // The config change that switches the profile can arrive while a refresh is under way; the caller
    // (refreshBalance) must still get a value or an error, never "nothing happened".
    let accountId = 'ACC-UNKNOWN';
    const switching: BalanceSource = { active: () => Promise.resolve({ profile: { name: 'p', accountId }, client }) };
    const model = new BalanceModel(switching, new MemoryStore());
    const pending = model.reload();
    accountId = DEMO_ACCOUNT;
    model.reset();
    const s = await pending;
    // The old profile's answer (an unknown account: an error) is dropped; the new profile's is loaded.
    assert.equal(s.error, undefined, JSON.stringify(s));
    assert.equal(s.loaded?.accountId, DEMO_ACCOUNT, JSON.stringify(s));
    assert.ok(s.loaded.shown.endsWith(' EUR'));
    assert.deepEqual(model.current, s);
  });

  void it('says when the profile has no account id, without a request', async () => {
    const model = new BalanceModel(source(undefined), new MemoryStore());
    const before = sim.requests.length;
    const s = await model.reload();
    assert.equal(s.noAccount, true);
    assert.equal(sim.requests.length, before);
  });

  void it('reads NotSignedInError as signed out', async () => {
    const err = Object.assign(new Error('not signed in'), { name: 'NotSignedInError' });
    const model = new BalanceModel({ active: () => Promise.reject(err) }, new MemoryStore());
    const s = await model.reload();
    assert.equal(s.signedOut, true);
    assert.equal(s.error, undefined);
  });

  void it('keeps the last value when a later load fails', async () => {
    const model = new BalanceModel(source(DEMO_ACCOUNT), new MemoryStore());
    await model.reload();
    sim.addFault({ kind: 'status', status: 503, match: { operation: 'balance' }, times: 5 });
    const failed = await model.reload();
    sim.clearFaults();
    assert.ok(failed.error?.message);
    assert.ok(failed.loaded?.shown.endsWith(' EUR'));
  });

  void it('a second model on the same store (another window) shows a recent reading without a request', async () => {
    const store = new MemoryStore();
    let now = Date.now();
    const first = new BalanceModel(source(DEMO_ACCOUNT), store, { now: () => now });
    const read = await first.reload();
    const before = sim.requests.length;
    now += 4 * 60_000;
    // The other window has no client at all: showing the reading must not need one.
    const noClient: BalanceSource = { active: () => Promise.reject(new Error('no client wanted')) };
    const second = new BalanceModel(noClient, store, { now: () => now });
    assert.equal(second.showRecent('p', DEMO_ACCOUNT, 5 * 60_000), true);
    assert.equal(sim.requests.length, before);
    assert.equal(second.current.loading, false);
    assert.equal(second.current.loaded?.shown, read.loaded?.shown);
    assert.deepEqual(second.current.loaded?.balance, read.loaded?.balance);
    // Shown with the time it was read, not the time it was shown.
    assert.equal(second.current.loaded?.at, read.loaded?.at);
    assert.equal(second.started, true);
  });

  void it('does not show a reading that is too old, of another account or profile, or from the future', async () => {
    const store = new MemoryStore();
    let now = Date.now();
    await new BalanceModel(source(DEMO_ACCOUNT), store, { now: () => now }).reload();
    const at = now;
    const other = (): BalanceModel => new BalanceModel(source(DEMO_ACCOUNT), store, { now: () => now });
    now = at + 5 * 60_000;
    assert.equal(other().showRecent('p', DEMO_ACCOUNT, 5 * 60_000), false, 'as old as the limit');
    now = at + 60_000;
    assert.equal(other().showRecent('p', 'ACC-OTHER', 5 * 60_000), false, 'another account');
    assert.equal(other().showRecent('q', DEMO_ACCOUNT, 5 * 60_000), false, 'another profile');
    now = at - 60_000;
    assert.equal(other().showRecent('p', DEMO_ACCOUNT, 5 * 60_000), false, 'a reading from the future');
    const m = other();
    m.showRecent('p', DEMO_ACCOUNT, 5 * 60_000);
    assert.equal(m.current.loaded, undefined, 'nothing shown when it said false');
    assert.equal(m.started, false);
  });

  void it('shows the amount exactly as the service sent it, with the estimate the readings allow', async () => {
    const store = new MemoryStore();
    const at = Date.now();
    // Written as an earlier version of the model could not: two readings an hour apart, the amount with a trailing zero.
    await store.update(`${READINGS_KEY_PREFIX}p`, {
      accountId: DEMO_ACCOUNT,
      currency: 'EUR',
      readings: [
        { at: at - 2 * 3_600_000, amount: 101 },
        { at: at - 60_000, amount: 100.5 },
      ],
      amount: '100.50',
    });
    const m = new BalanceModel(source(DEMO_ACCOUNT), store, { now: () => at });
    assert.equal(m.showRecent('p', DEMO_ACCOUNT, 5 * 60_000), true);
    assert.deepEqual(m.current.loaded?.balance, { amount: '100.50', currency: 'EUR' });
    assert.equal(m.current.loaded?.shown, '100.50 EUR');
    assert.ok(m.current.loaded?.estimate, 'an estimate from the stored readings');
    // A record without the amount as sent (kept by a version before it was stored) is read again instead.
    await store.update(`${READINGS_KEY_PREFIX}p`, {
      accountId: DEMO_ACCOUNT,
      currency: 'EUR',
      readings: [{ at: at - 60_000, amount: 100.5 }],
    });
    assert.equal(new BalanceModel(source(DEMO_ACCOUNT), store, { now: () => at }).showRecent('p', DEMO_ACCOUNT, 5 * 60_000), false);
  });

  void it('keeps an unknown account as an error, not a balance', async () => {
    const model = new BalanceModel(source('ACC-NOPE'), new MemoryStore());
    const s = await model.reload();
    assert.ok(s.error);
    assert.equal(s.loaded, undefined);
  });
});

void describe('balance model with an answer it does not recognise', () => {
  let server: Server;
  let client: VoiceSmsClient;

  before(async () => {
    // A real service answer whose shape findBalance does not know: no amount to format.
    server = createServer((_req, res) => {
      const result = [el('wallet', [el('remaining', '17 tokens'), el('plan', 'gold')])];
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(envelopeXml({ code: 200, message: 'OK', serviceId: 'account', now: Date.now(), result }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'AKID-TEST-0001', secretAccessKey: 'secret-test-value' },
    });
  });
  after(async () => {
    await client.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  void it('keeps the raw rows, shows them as received, records no reading', async () => {
    const store = new MemoryStore();
    const model = new BalanceModel({ active: () => Promise.resolve({ profile: { name: 'raw', accountId: 'ACC-1' }, client }) }, store);
    const s = await model.reload();
    assert.equal(s.error, undefined);
    assert.equal(s.loaded?.balance, undefined);
    assert.deepEqual(s.loaded?.rows, [
      { key: 'wallet.remaining', value: '17 tokens' },
      { key: 'wallet.plan', value: 'gold' },
    ]);
    assert.equal(s.loaded?.shown, 'wallet.remaining: 17 tokens; wallet.plan: gold');
    assert.equal(store.data.size, 0);
  });
});
