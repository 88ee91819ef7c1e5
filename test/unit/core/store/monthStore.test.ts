// The finished-months store over real files in a temp dir, with months fetched by the real client from the
// simulator: only finished months before this computer's month are kept (a service day far from the clock is not
// believed, and logged), a corrupt, foreign, other-version, oversized or tampered file is ignored, logged and
// deleted, the bound in entries and in bytes drops the least recently stored, files are private to the user,
// nothing is serialised on the caller's path, concurrent writers never leave a torn file, a profile's months are
// cleared by name, and no secret reaches the disk.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createClient, type MonthViewResult, type VoiceSmsClient } from '../../../../src/core/client.js';
import { isFinishedMonth, MonthStore, STORE_VERSION, type MonthScope } from '../../../../src/core/store/monthStore.js';
import { parseEnvelope } from '../../../../src/core/xml/envelope.js';
import { KnownSecrets } from '../../../../src/shared/redact.js';
import { monthViewFromResult } from '../../../../src/core/model/monthView.js';
import { DEMO_INSTANCES, start, type Simulator } from '../../../../src/simulator/index.js';

const NOW = Date.UTC(2024, 5, 15, 12); // 2024-06-15
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const SECRET = 'sEcReT-value-0123456789abcdef';

void describe('finished months store', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  let dir: string;
  let warnings: string[];
  const months = new Map<string, MonthViewResult>();
  const scope: MonthScope = { profile: 'work', baseUrl: 'http://127.0.0.1:1', account: 'ACC-1', instanceId: INSTANCE };
  const scrub = (t: string): string => t.split(SECRET).join('***');
  const store = (
    limit?: number,
    more: { maxBytes?: number; now?: () => number; scrub?: (t: string) => string; flushDelayMs?: number } = {},
  ): MonthStore =>
    new MonthStore({
      dir,
      scrub,
      log: { warn: (m) => warnings.push(m) },
      now: () => NOW,
      flushDelayMs: 5,
      ...(limit === undefined ? {} : { limit }),
      ...more,
    });

  before(async () => {
    sim = await start({ now: () => NOW, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => NOW });
    for (const m of ['202401', '202402', '202403', '202404', '202405', '202406']) {
      months.set(m, await client.getMonthView(INSTANCE, m));
    }
  });
  after(async () => {
    await client.close();
    await sim.close();
  });
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-store-'));
    warnings = [];
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const month = (m: string): MonthViewResult => {
    const r = months.get(m);
    assert.ok(r);
    return r;
  };

  void it('finished: the service day after the month, or its last day a whole UTC day later', () => {
    assert.equal(isFinishedMonth({ monthId: '202405', currentDateId: '20240601' }, 0), true);
    assert.equal(isFinishedMonth({ monthId: '202405', currentDateId: '20240531' }, Date.UTC(2024, 5, 1, 12)), false);
    assert.equal(isFinishedMonth({ monthId: '202405', currentDateId: '20240531' }, Date.UTC(2024, 5, 2)), true);
    assert.equal(isFinishedMonth({ monthId: '202406', currentDateId: '20240615' }, NOW), false);
    assert.equal(isFinishedMonth({ monthId: '202413', currentDateId: '20250101' }, NOW), false);
  });

  void it('keeps a finished month across store instances (a new window) and refuses the current month', async () => {
    const a = store();
    assert.equal(a.put(scope, '202405', month('202405')), true);
    assert.equal(a.put(scope, '202406', month('202406')), false, 'the current month is never stored');
    await a.flush();
    const b = store();
    const back = await b.get(scope, '202405');
    const sent = month('202405');
    // Read back through the client's own steps: the same view, envelope (status, service, <result> tree) and answer.
    assert.deepEqual(back, sent);
    assert.equal(back?.rawXml, sent.rawXml);
    assert.equal(await b.get(scope, '202406'), undefined);
    assert.equal(await b.get({ ...scope, account: 'ACC-2' }, '202405'), undefined, 'another account does not see it');
    assert.equal((await b.files()).length, 1);
  });

  void it('a pending month answers before it reaches the disk; writes are batched off the caller', async () => {
    // A batch delay no busy machine outruns: only the explicit flush writes.
    const a = store(undefined, { flushDelayMs: 60_000 });
    a.put(scope, '202404', month('202404'));
    assert.equal((await a.files()).length, 0, 'nothing written synchronously');
    assert.ok(await a.get(scope, '202404'));
    await a.flush();
    assert.equal((await a.files()).length, 1);
  });

  void it('a corrupt file, another version or another scope is logged, ignored, deleted and rebuilt', async () => {
    const a = store();
    for (const m of ['202403', '202404', '202405']) a.put(scope, m, month(m));
    await a.flush();
    const files = (await a.files()).sort();
    assert.equal(files.length, 3);
    const [f3, f4, f5] = files.map((f) => path.join(dir, f));
    assert.ok(f3 && f4 && f5);
    await fs.writeFile(f3, '{"format": "voiceSms.finishedMonth", "vers');
    const doc = JSON.parse(await fs.readFile(f4, 'utf8')) as { version: number; scope: string };
    await fs.writeFile(f4, JSON.stringify({ ...doc, version: STORE_VERSION + 1 }));
    await fs.writeFile(f5, JSON.stringify({ ...doc, scope: 'x'.repeat(64), monthId: '202405' }));
    const b = store();
    assert.equal(await b.get(scope, '202403'), undefined);
    assert.equal(await b.get(scope, '202404'), undefined);
    assert.equal(await b.get(scope, '202405'), undefined);
    assert.equal(warnings.length, 3);
    assert.match(warnings[0] ?? '', /202403.*not valid JSON/);
    assert.match(warnings[1] ?? '', new RegExp(`version ${STORE_VERSION + 1}, expected ${STORE_VERSION}`));
    assert.match(warnings[2] ?? '', /another profile/);
    assert.equal((await b.files()).length, 0, 'the bad files are gone');
    b.put(scope, '202403', month('202403'));
    await b.flush();
    assert.ok(await store().get(scope, '202403'), 'rebuilt');
  });

  void it('bounded: the least recently stored months go first, not the first by name or by month', async () => {
    // Stored in an order unlike their names: pruning by file name (or month) would drop 202401 and 202402.
    const a = store(3);
    for (const m of ['202405', '202403', '202401']) {
      a.put(scope, m, month(m));
      await a.flush();
      await new Promise((r) => setTimeout(r, 15)); // distinct modification times
    }
    a.put(scope, '202402', month('202402'));
    a.put(scope, '202404', month('202404'));
    await a.flush();
    assert.equal((await a.files()).length, 3);
    assert.equal(await a.get(scope, '202405'), undefined, 'stored first: dropped');
    assert.equal(await a.get(scope, '202403'), undefined, 'stored second: dropped');
    for (const m of ['202401', '202402', '202404']) assert.ok(await a.get(scope, m), `${m} kept`);
  });

  void it('bounded in bytes as well: the total on disk stays under the cap, the least recently stored go first', async () => {
    // Each month's file is about its answer's size; room for a little over two of them.
    const one = Buffer.byteLength(month('202401').rawXml);
    const maxBytes = Math.floor(one * 2.5);
    const a = store(5000, { maxBytes });
    for (const m of ['202403', '202401', '202405', '202402']) {
      a.put(scope, m, month(m));
      await a.flush();
      await new Promise((r) => setTimeout(r, 15));
    }
    let total = 0;
    for (const f of await a.files()) total += (await fs.stat(path.join(dir, f))).size;
    assert.ok(total <= maxBytes, `${total} bytes on disk, cap ${maxBytes}`);
    assert.equal((await a.files()).length, 2);
    assert.ok(await a.get(scope, '202402'));
    assert.ok(await a.get(scope, '202405'));
    assert.equal(await a.get(scope, '202403'), undefined);
  });

  void it('a service day far ahead of the clock is not believed (and logged); the current month is never stored', async () => {
    // An answer for June 2024 (this computer's month) claiming the service's day is 2099-12-31; and May's.
    const claim = (m: string): MonthViewResult => {
      const rawXml = month(m).rawXml.replace(/<currentDateID>\d{8}</, '<currentDateID>20991231<');
      const envelope = parseEnvelope(rawXml);
      return { ...month(m), envelope, rawXml, view: monthViewFromResult(envelope.result, m) };
    };
    const poisoned = claim('202406');
    assert.equal(poisoned.view.currentDateId, '20991231');
    const a = store();
    assert.equal(a.put(scope, '202406', poisoned), false, 'the current month with a day of 2099 is not stored');
    assert.equal(a.put(scope, '202405', claim('202405')), false, 'a past month with a day of 2099 is not stored either');
    await a.flush();
    assert.deepEqual(await a.files(), []);
    assert.equal(warnings.length, 1, `one line for the day claimed: ${warnings.join(' | ')}`);
    assert.match(warnings[0] ?? '', /20991231.*not believed/);
    assert.match(warnings[0] ?? '', /2024-06-15/);
    // A service a day ahead on the month's last evening: finished by its day, but not by this computer's month.
    const lastEvening = Date.UTC(2024, 5, 30, 23);
    const june = { ...month('202406'), view: { ...month('202406').view, currentDateId: '20240701' } };
    const b = store(undefined, { now: () => lastEvening });
    assert.equal(b.put(scope, '202406', june), false, "June is not stored before this computer's June is over");
    assert.equal(b.put(scope, '202405', month('202405')), true, 'May is');
  });

  void it('files are private to the user: 0600 in a 0700 folder, also a folder made earlier with 0755', async () => {
    if (process.platform === 'win32') return;
    const inner = path.join(dir, 'finished-months');
    await fs.mkdir(inner, { mode: 0o755 });
    await fs.chmod(inner, 0o755);
    const a = new MonthStore({ dir: inner, scrub, now: () => NOW, flushDelayMs: 5 });
    a.put(scope, '202405', month('202405'));
    await a.flush();
    assert.equal((await fs.stat(inner)).mode & 0o777, 0o700);
    const [file] = await a.files();
    assert.ok(file);
    assert.equal((await fs.stat(path.join(inner, file))).mode & 0o777, 0o600);
  });

  void it("nothing is serialised or scrubbed on the caller's path: put only takes the month", async () => {
    let scrubbed = 0;
    const a = store(undefined, {
      scrub: (t) => {
        scrubbed++;
        return scrub(t);
      },
    });
    assert.equal(a.put(scope, '202405', month('202405')), true);
    assert.equal(scrubbed, 0, 'scrubbed in put');
    await a.flush();
    assert.ok(scrubbed > 0, 'scrubbed in the batch');
  });

  type StoredDay = { dateId: string; callLegs: unknown };
  /**
   * The stored file of `m`, its answer rewritten by `edit` (version 1 kept the parsed view beside the answer:
   * `editDay` makes the same change to the view's first day there).
   */
  async function tamper(
    a: MonthStore,
    m: string,
    edit: (rawXml: string) => string,
    editDay?: (d: StoredDay) => void,
    extra = '',
  ): Promise<void> {
    a.put(scope, m, month(m));
    await a.flush();
    const file = (await a.files()).find((f) => f.endsWith(`-${m}.json`));
    assert.ok(file);
    const full = path.join(dir, file);
    const doc = JSON.parse(await fs.readFile(full, 'utf8')) as {
      rawXml?: string;
      result?: { rawXml: string; view: { days: StoredDay[] } };
    };
    if (typeof doc.rawXml === 'string') doc.rawXml = edit(doc.rawXml);
    if (doc.result) {
      doc.result.rawXml = edit(doc.result.rawXml);
      const day = doc.result.view.days[0];
      if (day && editDay) editDay(day);
    }
    await fs.writeFile(full, JSON.stringify(doc) + extra);
  }

  void it('a stored month passes the checks of a network answer: HTML in a date or text counters drop it', async () => {
    const a = store();
    const html = '<img src=x onerror=alert(1)>';
    await tamper(
      a,
      '202405',
      (x) => x.replace('dateID="20240531"', `dateID="${html.replace(/</g, '&lt;')}"`),
      (d) => (d.dateId = html),
    );
    await tamper(
      a,
      '202404',
      (x) => x.replace(/<call_legs>\d+<\/call_legs>/, '<call_legs>lots</call_legs>'),
      (d) => (d.callLegs = 'lots'),
    );
    const b = store();
    assert.equal(await b.get(scope, '202405'), undefined, 'an HTML dateID is not served');
    assert.equal(await b.get(scope, '202404'), undefined, 'a text counter is not served');
    assert.equal(warnings.length, 2, warnings.join(' | '));
    assert.match(warnings[0] ?? '', /202405.*ignored and deleted/);
    assert.match(warnings[1] ?? '', /202404.*ignored and deleted/);
    assert.equal((await b.files()).length, 0);
  });

  void it('reads are capped: a file larger than any month is not read whole, and is dropped', async () => {
    const a = store();
    // Still valid JSON and a valid month: only its size is wrong (3 MiB of white space after it).
    await tamper(a, '202405', (x) => x, undefined, ' '.repeat(3 * 1024 * 1024));
    const b = store();
    assert.equal(await b.get(scope, '202405'), undefined);
    assert.match(warnings[0] ?? '', /202405.*ignored and deleted: larger than \d+ bytes/);
  });

  void it('a limit of 0 or the store turned off keeps and answers nothing; the settings are read at each call', async () => {
    let on = true;
    let limit = 5000;
    const s = new MonthStore({ dir, scrub, now: () => NOW, flushDelayMs: 5, enabled: () => on, limit: () => limit });
    assert.equal(s.put(scope, '202405', month('202405')), true);
    await s.flush();
    limit = 0;
    assert.equal(s.put(scope, '202404', month('202404')), false);
    assert.equal(await s.get(scope, '202405'), undefined);
    limit = 5000;
    on = false;
    assert.equal(await s.get(scope, '202405'), undefined);
    on = true;
    assert.ok(await s.get(scope, '202405'), 'still on disk: turning it off deletes nothing');
  });

  void it('concurrent writers (two windows) of the same months leave only whole files', async () => {
    const writers = [store(), store(), store()];
    const rounds: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) {
      for (const w of writers) {
        for (const m of ['202401', '202402', '202403', '202404', '202405']) w.put(scope, m, month(m));
        rounds.push(w.flush());
      }
    }
    await Promise.all(rounds);
    const names = await fs.readdir(dir);
    assert.equal(names.filter((n) => n.endsWith('.tmp')).length, 0, 'no temp file left');
    assert.equal(names.length, 5);
    for (const m of ['202401', '202402', '202403', '202404', '202405']) assert.ok(await store().get(scope, m));
    assert.deepEqual(warnings, []);
  });

  void it('clears one profile by name, leaving the others', async () => {
    const a = store();
    const other = { ...scope, profile: 'home' };
    a.put(scope, '202404', month('202404'));
    a.put(other, '202404', month('202404'));
    await a.flush();
    a.put(scope, '202405', month('202405')); // still pending: cleared too
    assert.equal(await a.clearProfile('work'), 1);
    await a.flush();
    assert.equal(await a.get(scope, '202404'), undefined);
    assert.equal(await a.get(scope, '202405'), undefined);
    assert.ok(await a.get(other, '202404'));
    await a.clearAll();
    assert.deepEqual(await fs.readdir(dir), []);
  });

  void it('never writes a secret: every stored string is scrubbed', async () => {
    const r = month('202405');
    const tainted: MonthViewResult = {
      ...r,
      rawXml: r.rawXml.replace('<monthView>', `<!-- ${SECRET} --><monthView>`),
      envelope: { ...r.envelope, status: { ...r.envelope.status, message: `echo ${SECRET}` } },
      view: { ...r.view, warnings: [`warn ${SECRET}`] },
    };
    const a = store();
    a.put(scope, '202405', tainted);
    await a.flush();
    for (const name of await fs.readdir(dir)) {
      const text = await fs.readFile(path.join(dir, name), 'utf8');
      assert.equal(text.includes(SECRET), false, `${name} holds the secret`);
      assert.equal(text.includes(scope.profile + '"'), false, 'no profile name in clear');
    }
    const back = await store().get(scope, '202405');
    assert.match(back?.rawXml ?? '', /<!-- \*\*\* -->/);
  });

  /** `run` with the characters and the calls the secret sets were asked to search (as boundaryOnce.test.ts counts). */
  async function counted<T>(run: () => Promise<T>): Promise<{ value: T; searched: number; calls: number }> {
    let searched = 0;
    let calls = 0;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, called with its own `this`
    const apply = KnownSecrets.prototype.apply;
    KnownSecrets.prototype.apply = function (this: KnownSecrets, text: string) {
      searched += text.length;
      calls += 1;
      return apply.call(this, text);
    };
    try {
      return { value: await run(), searched, calls };
    } finally {
      KnownSecrets.prototype.apply = apply;
    }
  }
  const hostSecrets = (): KnownSecrets => {
    const host = new KnownSecrets();
    host.addCredentials('AKIDSTOREHOST01', SECRET);
    return host;
  };
  /** A store with the host's secret set, as the extension builds one (create.ts: the log's knownSecrets). */
  const hostStore = (host: KnownSecrets): MonthStore =>
    new MonthStore({
      dir,
      scrub: (t) => host.apply(t),
      knownSecrets: { apply: (t) => host.apply(t), holds: (c) => host.holds(c), known: () => host },
      log: { warn: (m) => warnings.push(m) },
      now: () => NOW,
      flushDelayMs: 5,
    });

  void it('a stored month is searched once as a whole, as a network answer is, not value by value (issue 41)', async () => {
    const host = hostSecrets();
    const a = hostStore(host);
    a.put(scope, '202405', month('202405'));
    await a.flush();
    const { value, searched, calls } = await counted(() => hostStore(host).get(scope, '202405'));
    const raw = month('202405').rawXml;
    assert.deepEqual(value, month('202405'));
    // The old read asked the set about every value and name on its own: 200 calls for a 31-day month.
    assert.ok(calls <= 20, `${calls} searches for one stored month`);
    assert.ok(searched < raw.length * 1.1, `searched ${searched} characters of a ${raw.length}-character answer`);
  });

  void it('an edited stored file carrying a secret is masked everywhere it is served: answer, envelope and view', async () => {
    const host = hostSecrets();
    const a = hostStore(host);
    const encoded = [...SECRET].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
    await tamper(a, '202405', (x) =>
      x
        .replace('<monthView>', `<!-- ${SECRET} --><monthView>`)
        .replace('<message>OK</message>', `<message>OK ${encoded}</message>`)
        .replace('<id>vvoice</id>', `<id>${SECRET.replace(/-/g, '%2D')}</id>`),
    );
    const back = await hostStore(host).get(scope, '202405');
    assert.ok(back, warnings.join(' | '));
    const served = JSON.stringify(back);
    assert.equal(served.includes(SECRET), false, served.slice(0, 400));
    assert.equal(back.rawXml.includes(SECRET), false, 'the raw answer read back is masked too');
    assert.match(back.rawXml, /<!-- \*\*\* -->/);
    assert.doesNotMatch(back.envelope.status.message, /sEcReT/);
    assert.doesNotMatch(back.envelope.service.id, /sEcReT|%2D/);
  });
});
