// A stored month costs the extension host's thread no more than a network answer (issue 50, item 2). A service
// that pads a finished month to just under 1 MB got it stored, and every later read scrubbed and parsed it on the
// host's thread (143-367 ms). Expected now: an answer the client would read on its answer thread (128 KiB or more)
// is not stored, a file holding one (an earlier version's, or planted) is refused before its answer is searched or
// parsed on this thread, and a month just under that size is still stored and read back whole.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { OFF_THREAD_CHARS } from '../../../../src/core/answerThread/reader.js';
import { createClient, type MonthViewResult, type VoiceSmsClient } from '../../../../src/core/client.js';
import { monthViewFromResult } from '../../../../src/core/model/monthView.js';
import { MonthStore, type MonthScope } from '../../../../src/core/store/monthStore.js';
import { parseEnvelope } from '../../../../src/core/xml/envelope.js';
import { KnownSecrets } from '../../../../src/shared/redact.js';
import { DEMO_INSTANCES, start, type Simulator } from '../../../../src/simulator/index.js';

const NOW = Date.UTC(2024, 5, 15, 12); // 2024-06-15: May 2024 is finished
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const scope: MonthScope = { profile: 'work', baseUrl: 'http://127.0.0.1:1', account: 'ACC-1', instanceId: INSTANCE };

/** `result`'s answer with a padding element before </result>, to `chars` characters in all, parsed again. */
function padded(result: MonthViewResult, chars: number): MonthViewResult {
  const unit = 'caf%C3%A9 &amp;#x41; said \\u0022ok\\u0022 ';
  const room = chars - result.rawXml.length - '<padding></padding>'.length;
  const rawXml = result.rawXml.replace('</result>', `<padding>${unit.repeat(Math.floor(room / unit.length))}</padding></result>`);
  const envelope = parseEnvelope(rawXml);
  return { ...result, rawXml, envelope, view: monthViewFromResult(envelope.result, result.view.monthId) };
}

void describe('stored months cost the host no more than a network answer', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  let may: MonthViewResult;
  let dir: string;
  let warnings: string[];
  const host = new KnownSecrets();
  host.addCredentials('AKIDSIZEHOST0001', 'sizeHostSecret-0123456789');
  const store = (): MonthStore =>
    new MonthStore({
      dir,
      scrub: (t) => host.apply(t),
      knownSecrets: { apply: (t) => host.apply(t), holds: (c) => host.holds(c), known: () => host },
      log: { warn: (m) => warnings.push(m) },
      now: () => NOW,
      flushDelayMs: 5,
    });

  before(async () => {
    sim = await start({ now: () => NOW, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => NOW });
    may = await client.getMonthView(INSTANCE, '202405');
  });
  after(async () => {
    await client.close();
    await sim.close();
  });
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-store-size-'));
    warnings = [];
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Characters of text the host's secret set searched on this thread while `run` ran (the answer thread has its own). */
  async function searchedBy<T>(run: () => Promise<T>): Promise<{ value: T; searched: number }> {
    let searched = 0;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, called with its own `this`
    const apply = KnownSecrets.prototype.apply;
    KnownSecrets.prototype.apply = function (this: KnownSecrets, text: string) {
      searched += text.length;
      return apply.call(this, text);
    };
    try {
      return { value: await run(), searched };
    } finally {
      KnownSecrets.prototype.apply = apply;
    }
  }

  void it('a finished month padded to just under 1 MB is not stored (and said once in the log)', async () => {
    const big = padded(may, 1_000_000 - 200);
    assert.equal(big.view.monthId, '202405');
    assert.ok(big.rawXml.length > 990_000 && big.rawXml.length < 1_000_000);
    const a = store();
    assert.equal(a.put(scope, '202405', big), false, 'taken');
    assert.equal(a.put(scope, '202405', big), false);
    await a.flush();
    assert.deepEqual(await a.files(), []);
    assert.equal(warnings.length, 1, warnings.join(' | '));
    assert.match(warnings[0] ?? '', /202405 not stored: its answer is \d+ KiB/);
  });

  void it('a stored file holding a 1 MB answer is refused before this thread searches or parses it, and deleted', async () => {
    // Written as an earlier version (or anyone with access to the folder) would have: a whole, valid stored month.
    const a = store();
    assert.equal(a.put(scope, '202405', may), true);
    await a.flush();
    const [name] = await a.files();
    assert.ok(name);
    const file = path.join(dir, name);
    const doc = JSON.parse(await fs.readFile(file, 'utf8')) as { rawXml: string };
    doc.rawXml = padded(may, 1_000_000 - 200).rawXml;
    await fs.writeFile(file, JSON.stringify(doc));

    const { value, searched } = await searchedBy(() => store().get(scope, '202405'));
    assert.ok(value === undefined, 'the 1 MB stored answer was served');
    assert.ok(searched < 10_000, `the host's thread searched ${searched} characters of a 1 MB stored answer`);
    assert.match(warnings.at(-1) ?? '', /202405 .*ignored and deleted/);
    assert.deepEqual(await a.files(), []);
  });

  void it('a month just under the answer thread size is still stored, and read back as the service sent it', async () => {
    const large = padded(may, OFF_THREAD_CHARS - 2048);
    const a = store();
    assert.equal(a.put(scope, '202405', large), true);
    await a.flush();
    const back = await store().get(scope, '202405');
    assert.ok(back, warnings.join(' | '));
    assert.equal(back.rawXml, large.rawXml);
    assert.deepEqual(back.view, large.view);
    assert.deepEqual(warnings, []);
  });
});
