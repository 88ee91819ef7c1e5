// Only regular files are read from the finished-months folder (issue 50, item 4). A FIFO under a stored month's
// name used to be opened with a plain open(), which waits for a writer on one of libuv's four threads: four of them
// stalled every later file read and DNS lookup of the process. Expected: a FIFO is refused at once without waiting,
// a symbolic link is refused without being followed (its target left alone), both are logged and deleted, and
// unrelated file reads and lookups go on. If the store waits on a FIFO, this test ends by its timeout, and the
// FIFOs are then opened for writing so the waiting threads (and the process) can go on.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as dns } from 'node:dns';
import { closeSync, constants, openSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createClient, type MonthViewResult, type VoiceSmsClient } from '../../../../src/core/client.js';
import { MonthStore, type MonthScope } from '../../../../src/core/store/monthStore.js';
import { DEMO_INSTANCES, start, type Simulator } from '../../../../src/simulator/index.js';

const NOW = Date.UTC(2024, 5, 15, 12);
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const MONTHS = ['202401', '202402', '202403', '202404', '202405'];
const scope: MonthScope = { profile: 'work', baseUrl: 'http://127.0.0.1:1', account: 'ACC-1', instanceId: INSTANCE };
const posix = process.platform !== 'win32';

void describe('only regular files are read from the store folder', { skip: !posix && 'no FIFOs or O_NOFOLLOW on Windows' }, () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  const months = new Map<string, MonthViewResult>();
  let dir: string;
  let warnings: string[];
  const fifos: string[] = [];
  const store = (): MonthStore =>
    new MonthStore({ dir, scrub: (t) => t, log: { warn: (m) => warnings.push(m) }, now: () => NOW, flushDelayMs: 5 });

  before(async () => {
    sim = await start({ now: () => NOW, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => NOW });
    for (const m of MONTHS) months.set(m, await client.getMonthView(INSTANCE, m));
  });
  after(async () => {
    await client.close();
    await sim.close();
  });
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-store-special-'));
    warnings = [];
  });
  afterEach(async () => {
    // A reader still waiting in open() on a FIFO goes on once a writer opens it.
    for (const fifo of fifos.splice(0)) {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader waiting (ENXIO), or gone: nothing to release.
      }
    }
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Every month stored by one store; the files' names by month. */
  async function stored(): Promise<Map<string, string>> {
    const a = store();
    for (const m of MONTHS) assert.equal(a.put(scope, m, months.get(m)!), true);
    await a.flush();
    const names = await a.files();
    return new Map(
      MONTHS.map((m) => [
        m,
        path.join(
          dir,
          names.find((n) => n.endsWith(`-${m}.json`))!,
        ),
      ]),
    );
  }

  void it('five FIFOs under stored months are refused at once; file reads and DNS go on meanwhile', { timeout: 20_000 }, async () => {
    const files = await stored();
    for (const file of files.values()) {
      await fs.rm(file);
      execFileSync('mkfifo', ['-m', '600', file]);
      fifos.push(file);
    }
    const other = path.join(dir, 'unrelated.txt');
    await fs.writeFile(other, 'an unrelated file');
    const b = store();
    const [read, looked, ...got] = await Promise.all([
      fs.readFile(other, 'utf8'),
      dns.lookup('localhost'),
      ...MONTHS.map((m) => b.get(scope, m)),
    ]);
    assert.equal(read, 'an unrelated file');
    assert.ok(looked.address);
    assert.deepEqual(
      got,
      MONTHS.map(() => undefined),
    );
    assert.equal(warnings.length, MONTHS.length, warnings.join(' | '));
    for (const w of warnings) assert.match(w, /ignored and deleted: not a regular file/);
    assert.deepEqual(await b.files(), [], 'the FIFOs are gone');
  });

  void it('a symbolic link under a stored month is not followed: refused, deleted, its target untouched', async () => {
    const files = await stored();
    const file = files.get('202405')!;
    // The link points at a whole, valid stored month elsewhere: followed, it would be served.
    const elsewhere = path.join(dir, 'elsewhere.json');
    await fs.rename(file, elsewhere);
    await fs.symlink(elsewhere, file);
    const b = store();
    assert.equal(await b.get(scope, '202405'), undefined, 'the link was followed');
    assert.match(warnings[0] ?? '', /202405 .*ignored and deleted: a symbolic link/);
    await assert.rejects(fs.lstat(file), { code: 'ENOENT' });
    assert.ok((await fs.stat(elsewhere)).isFile(), 'the target is still there');
    assert.ok(await b.get(scope, '202404'), 'the regular files are still read');
  });
});
