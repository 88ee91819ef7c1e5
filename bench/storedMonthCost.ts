// Bench rows of issue 50 (a stored month costs the host no more than a network answer), measured as the other
// "answer blocks" rows are (boundaryCost.ts hold(): the longest stretch the caller's thread is held), through the
// finished-months store of dist/core.js with the host's known secrets:
//
// - "stored month of 1 MB": a finished month padded to just under 1 MB (escaped text), in the store's folder as an earlier version
//   stored it (this one no longer stores an answer of 128 KiB or more); a read finds it too large and deletes it
//   without searching or parsing it. Beside it: the same answer read by the client on the caller's thread, which is
//   what every read of it cost before.
// - "stored month just under 128 KiB": the largest month the store still keeps, padded with the costliest text per
//   byte (short escaped values), read back whole: the most a stored month holds the caller's thread.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import type { MonthViewResult, VoiceSmsClient } from '../src/core/client.js';
import type { HttpResponse } from '../src/core/http/transport.js';
import type { MonthScope } from '../src/core/store/monthStore.js';
import { BLOCK_ROW, CREDENTIALS, envelope, hold, hostSecrets, shippedCore, TARGET_MS, wantsRow } from './boundaryCost.js';
import { median } from './measure.js';

type Row = (name: string, a: number, b: number, unit: string, note: string, ratio?: number) => void;

export const STORED_ROWS = [`${BLOCK_ROW}: stored month of 1 MB`, `${BLOCK_ROW}: stored month just under 128 KiB`];

const NOW = Date.UTC(2024, 5, 15, 12);
const MONTH = '202401';
const scope: MonthScope = { profile: 'bench', baseUrl: 'https://voice.example', account: 'ACC', instanceId: 'VI-BENCH' };

/**
 * January 2024 as the service sends it once February has begun (so the store takes it as finished), padded to
 * `chars`: with short escaped values, the costliest text per byte (as many as the tag cap lets a whole answer have),
 * or, for an answer larger than those can fill, one long escaped text.
 */
function finishedMonth(chars: number, padding: 'values' | 'text'): string {
  const days: string[] = [];
  for (let d = 31; d >= 1; d--) {
    const n = d * 7;
    days.push(
      `<date dateID="202401${String(d).padStart(2, '0')}"><call_legs>${n}</call_legs><call_legs_in>${n - d}</call_legs_in>` +
        `<call_legs_out>${d}</call_legs_out><calls_unique>${n - 1}</calls_unique><duration_min>${n * 3}</duration_min></date>`,
    );
  }
  const month = `<monthView><currentDateID>20240201</currentDateID><calls>${days.join('')}</calls></monthView>`;
  const bare = envelope('200', 'OK', month);
  const unit =
    padding === 'values'
      ? `<note>caf%C3%A9 &amp;#x41; said \\u0022ok\\u0022 &#x25;41 %2541 &lt;b&gt;</note>`
      : 'caf%C3%A9 &amp;#x41; said \\u0022ok\\u0022 ';
  const room = chars - bare.length - '<padding></padding>'.length;
  return envelope('200', 'OK', `${month}<padding>${unit.repeat(Math.max(0, Math.floor(room / unit.length)))}</padding>`);
}

/** The client's result for `body`, read on the caller's thread or not, over a transport that hands it at once. */
function clientFor(core: ReturnType<typeof shippedCore>, body: string, offThread: boolean): VoiceSmsClient {
  const raw: HttpResponse = { status: 200, statusText: 'OK', headers: { 'content-type': 'application/xml' }, body, bytes: body.length };
  return core.createClient({
    baseUrl: 'http://127.0.0.1:9/',
    credentials: CREDENTIALS,
    retry: { attempts: 1 },
    knownSecrets: hostSecrets(),
    offThread,
    now: () => NOW,
    transport: () => ({ send: () => Promise.resolve({ ...raw }), close: () => Promise.resolve() }),
  });
}

export async function storedMonthRows(root: string, row: Row, smoke: boolean): Promise<void> {
  const core = shippedCore(root);
  const dir = await fs.mkdtemp(join(os.tmpdir(), 'vstk-bench-stored-'));
  const secrets = hostSecrets();
  const store = (): InstanceType<typeof core.MonthStore> =>
    new core.MonthStore({ dir, scrub: (t) => secrets.apply(t), knownSecrets: secrets, now: () => NOW, flushDelayMs: 60_000 });
  const rounds = smoke ? 3 : 11;
  try {
    if (wantsRow(STORED_ROWS[0]!)) {
      // A small month stored the ordinary way gives the file its name and fields; its answer is then padded.
      const small = await clientFor(core, finishedMonth(0, 'text'), false).getMonthView(scope.instanceId, MONTH);
      const a = store();
      if (!a.put(scope, MONTH, small)) throw new Error('the small month was not taken');
      await a.flush();
      const [name] = await a.files();
      if (!name) throw new Error('the small month was not written');
      const file = join(dir, name);
      const doc = JSON.parse(await fs.readFile(file, 'utf8')) as { rawXml: string };
      const big = finishedMonth(1_000_000 - 100, 'text');
      const planted = JSON.stringify({ ...doc, rawXml: big });
      const reads: number[] = [];
      for (let r = 0; r < rounds + 2; r++) {
        await fs.writeFile(file, planted, { mode: 0o600 });
        const reader = store();
        let got: MonthViewResult | undefined;
        const m = await hold(async () => (got = await reader.get(scope, MONTH)));
        if (got !== undefined) throw new Error('the 1 MB stored month was served');
        if (r >= 2) reads.push(m.holdMs);
      }
      // What each read of it cost before: the client's own steps for the same answer, on the caller's thread.
      const onThread = clientFor(core, big, false);
      const before: number[] = [];
      for (let r = 0; r < rounds + 2; r++) {
        const m = await hold(() => onThread.getMonthView(scope.instanceId, MONTH));
        if (r >= 2) before.push(m.holdMs);
      }
      await onThread.close();
      row(
        `${STORED_ROWS[0]!}: target vs read`,
        TARGET_MS,
        median(reads),
        'ms',
        `longest hold of the caller's thread, must stay <= 1x; ${(planted.length / 1e6).toFixed(2)} MB file, refused by its size ` +
          `unparsed and deleted; read as the store read it before (scrubbed and parsed on the caller's thread) it held it ` +
          `${median(before).toFixed(1)} ms`,
      );
    }

    if (wantsRow(STORED_ROWS[1]!)) {
      const body = finishedMonth(128 * 1024 - 2048, 'values');
      const sent = await clientFor(core, body, false).getMonthView(scope.instanceId, MONTH);
      const other: MonthScope = { ...scope, instanceId: 'VI-BENCH-LARGE' };
      const a = store();
      if (!a.put(other, MONTH, sent)) throw new Error('the month just under 128 KiB was not taken');
      await a.flush();
      const reader = store();
      const reads: number[] = [];
      const walls: number[] = [];
      for (let r = 0; r < rounds + 2; r++) {
        let got: MonthViewResult | undefined;
        const m = await hold(async () => (got = await reader.get(other, MONTH)));
        if (got?.rawXml.length !== body.length) throw new Error('the stored month was not read back whole');
        if (r >= 2) {
          reads.push(m.holdMs);
          walls.push(m.wallMs);
        }
      }
      row(
        `${STORED_ROWS[1]!}: target vs read`,
        TARGET_MS,
        median(reads),
        'ms',
        `longest hold of the caller's thread, must stay <= 1x; ${(body.length / 1024).toFixed(0)} KiB of short escaped values, ` +
          `the largest answer the store keeps, read back whole (file, envelope, scrub, parse) on the caller's thread, ` +
          `${median(walls).toFixed(1)} ms in all`,
      );
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
