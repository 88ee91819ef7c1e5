// Two windows share one finished-months folder (issue 50, item 9): each window's store is its own MonthStore over the
// same directory. Each used to count the folder's entries and bytes once (at its first write) and then only its
// own writes, so two windows each believed they were under the cap while together they were over it; and a clear
// in one window deleted every temp file, including one another window was writing, whose rename then failed (and
// the rest of that batch with it). Expected: after every batch of either window, and after both write at once, the
// folder holds at most the limit in entries and in bytes; a clear leaves a temp file another window may be writing
// (and deletes a stale one); a clear between another window's temp write and its rename loses nothing.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createClient, type MonthViewResult, type VoiceSmsClient } from '../../../../src/core/client.js';
import { MonthStore, type MonthScope } from '../../../../src/core/store/monthStore.js';
import { DEMO_INSTANCES, start, type Simulator } from '../../../../src/simulator/index.js';

const NOW = Date.UTC(2024, 5, 15, 12);
const MONTHS = ['202401', '202402', '202403', '202404', '202405'];
const INSTANCES = DEMO_INSTANCES.slice(0, 2);

void describe('two windows on one store folder', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  const months = new Map<string, MonthViewResult>();
  let dir: string;
  let warnings: string[];
  const scope = (instanceId: string): MonthScope => ({ profile: 'work', baseUrl: 'http://127.0.0.1:1', account: 'ACC-1', instanceId });
  const window = (more: { limit?: number; maxBytes?: number } = {}): MonthStore =>
    new MonthStore({ dir, scrub: (t) => t, log: { warn: (m) => warnings.push(m) }, now: () => NOW, flushDelayMs: 60_000, ...more });
  const month = (instanceId: string, m: string): MonthViewResult => months.get(`${instanceId}/${m}`)!;

  before(async () => {
    sim = await start({ now: () => NOW, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => NOW });
    for (const i of INSTANCES) for (const m of MONTHS) months.set(`${i}/${m}`, await client.getMonthView(i, m));
  });
  after(async () => {
    await client.close();
    await sim.close();
  });
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-store-windows-'));
    warnings = [];
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Month files in the folder and their bytes, as the folder has them. */
  async function onDisk(): Promise<{ files: number; bytes: number }> {
    let files = 0;
    let bytes = 0;
    for (const name of await fs.readdir(dir)) {
      if (!name.endsWith('.json')) continue;
      files++;
      bytes += (await fs.stat(path.join(dir, name))).size;
    }
    return { files, bytes };
  }

  void it('the limit in entries holds after every batch, whichever window wrote it, and when both write at once', async () => {
    const limit = 4;
    const [a, b] = [window({ limit }), window({ limit })];
    const [x, y] = [INSTANCES[0]!, INSTANCES[1]!];
    // Each window writes two months at a time; the two windows' months are different files.
    const rounds: Array<[MonthStore, string, string[]]> = [
      [a, x, ['202401', '202402']],
      [b, y, ['202401', '202402']],
      [a, x, ['202403', '202404']],
      [b, y, ['202403', '202404']],
      [a, x, ['202405']],
    ];
    for (const [w, instance, ms] of rounds) {
      for (const m of ms) assert.equal(w.put(scope(instance), m, month(instance, m)), true);
      await w.flush();
      const now = await onDisk();
      assert.ok(now.files <= limit, `${now.files} months on disk after a batch, limit ${limit}`);
    }
    // Both at once: each puts two months the other does not know of.
    a.put(scope(x), '202401', month(x, '202401'));
    a.put(scope(x), '202402', month(x, '202402'));
    b.put(scope(y), '202405', month(y, '202405'));
    b.put(scope(y), '202401', month(y, '202401'));
    await Promise.all([a.flush(), b.flush()]);
    const end = await onDisk();
    assert.ok(end.files <= limit, `${end.files} months on disk after both wrote at once, limit ${limit}`);
    assert.deepEqual(warnings, []);
  });

  void it('the limit in bytes holds the same way', async () => {
    // Room for a little over three months of one instance.
    const one = Buffer.byteLength(month(INSTANCES[0]!, '202401').rawXml);
    const maxBytes = Math.floor(one * 3.5);
    const [a, b] = [window({ maxBytes }), window({ maxBytes })];
    for (const m of MONTHS) {
      for (const [w, instance] of [
        [a, INSTANCES[0]!],
        [b, INSTANCES[1]!],
      ] as const) {
        w.put(scope(instance), m, month(instance, m));
      }
      await Promise.all([a.flush(), b.flush()]);
      const now = await onDisk();
      assert.ok(now.bytes <= maxBytes, `${now.bytes} bytes on disk after ${m}, cap ${maxBytes}`);
    }
    assert.ok((await onDisk()).files >= 2, 'the cap keeps what fits');
  });

  void it("a clear leaves another window's temp file being written, and deletes a stale one", async () => {
    const [a, b] = [window(), window()];
    const x = INSTANCES[0]!;
    b.put(scope(x), '202405', month(x, '202405'));
    await b.flush();
    const [name] = await b.files();
    assert.ok(name);
    // Another window half-way through writing May again (its temp file written, not yet renamed), named as a store
    // names its temp files; and one an interrupted write left an hour ago.
    const whole = await fs.readFile(path.join(dir, name), 'utf8');
    const writing = path.join(dir, `${name}.4242-0badc0de.1234abcd.tmp`);
    const stale = path.join(dir, `${name}.4343-0badf00d.5678abcd.tmp`);
    await fs.writeFile(writing, whole, { mode: 0o600 });
    await fs.writeFile(stale, whole, { mode: 0o600 });
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await fs.utimes(stale, anHourAgo, anHourAgo);

    assert.equal(await a.clearAll(), 1);
    await assert.rejects(fs.stat(stale), { code: 'ENOENT' }, 'the stale temp file is still there');
    assert.ok((await fs.stat(writing)).isFile(), "the other window's temp file was deleted mid-write");
    // The other window's write completes: its month is there for every window.
    await fs.rename(writing, path.join(dir, name));
    assert.ok(await window().get(scope(x), '202405'));
  });

  void it("a clear in one window between another window's temp write and its rename breaks nothing", async () => {
    const [a, b] = [window(), window()];
    const x = INSTANCES[0]!;
    // The clear lands exactly there: the first rename of B's batch waits for A's whole clear first.
    const rename = fs.rename;
    let cleared: Promise<number> | undefined;
    fs.rename = async (from, to) => {
      cleared ??= a.clearAll();
      await cleared;
      return rename(from, to);
    };
    try {
      for (const m of MONTHS) b.put(scope(x), m, month(x, m));
      await b.flush();
    } finally {
      fs.rename = rename;
    }
    assert.ok(cleared, 'no rename happened');
    assert.deepEqual(warnings, [], 'the write failed');
    assert.equal((await b.files()).length, MONTHS.length, 'a month of the batch was lost');
    assert.deepEqual(
      (await fs.readdir(dir)).filter((n) => n.endsWith('.tmp')),
      [],
    );
  });
});
