// The bench row "store: 5,000 months": a finished-months store (src/core/store/monthStore.ts) filled to its default
// bound in a temp dir, then, in this fresh process, a new window's 12-month trend read from it and every month read
// (time, and the heap those 5,000 parsed months take). Run as a child of bench/run.ts with --expose-gc; prints one
// JSON line. The months are the simulator's answers for the 12 months before this one (fetched once by the real
// client), filed under 417 instances x 12 months; every read parses the answer again, as a network answer.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type MonthViewResult } from '../src/core/client.js';
import { addMonths, lastMonths, monthIdOf } from '../src/core/model/month.js';
import { DEFAULT_STORED_MONTHS_LIMIT, MonthStore, type MonthScope } from '../src/core/store/monthStore.js';
import { DEMO_INSTANCES, start } from '../src/simulator/index.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const months = lastMonths(12, addMonths(monthIdOf(new Date()), -1));
/** `--months N`: fewer than the default bound (bench:smoke checks the row runs, not what it measures). */
const monthsArg = process.argv.indexOf('--months');
const total = monthsArg > 0 ? Number(process.argv[monthsArg + 1]) : DEFAULT_STORED_MONTHS_LIMIT;
const instances = Math.ceil(total / months.length);
const scope = (i: number): MonthScope => ({ profile: 'bench', baseUrl: 'https://voice.example', account: 'ACC', instanceId: `VI-${i}` });

async function answers(): Promise<Map<string, MonthViewResult>> {
  const sim = await start({ latencyMs: 0 });
  const client = createClient({ baseUrl: sim.url, credentials: sim.credentials });
  try {
    const out = new Map<string, MonthViewResult>();
    for (const m of months) out.set(m, await client.getMonthView(DEMO_INSTANCES[0] ?? 'VI-DEMO-01', m));
    return out;
  } finally {
    await client.close();
    await sim.close();
  }
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(join(os.tmpdir(), 'vstk-bench-store-'));
  const sent = await answers();
  try {
    // The default bound in entries; the byte bound (64 MiB) is above what 5,000 such months take.
    const store = new MonthStore({ dir, scrub: (t) => t, limit: DEFAULT_STORED_MONTHS_LIMIT });
    let t = performance.now();
    let n = 0;
    for (let i = 0; i < instances && n < total; i++) {
      for (const m of months) {
        if (n++ >= total) break;
        // Reported by the service as over (its day the month's last, a day and more ago), so the store keeps it.
        if (!store.put(scope(i), m, sent.get(m)!)) throw new Error(`${m} was not taken`);
      }
    }
    // What the callers paid: put only takes the month; serialising, scrubbing and writing are the batch's.
    const putMs = performance.now() - t;
    await store.flush();
    const writeMs = performance.now() - t;
    const files = await store.files();
    let bytes = 0;
    for (const f of files) bytes += (await fs.stat(join(dir, f))).size;

    // A new window: a new store object over the same directory.
    const fresh = new MonthStore({ dir, scrub: (t) => t });
    t = performance.now();
    const trend = await Promise.all(months.map((m) => fresh.get(scope(7), m)));
    const trendMs = performance.now() - t;
    if (trend.some((r) => r === undefined)) throw new Error('a stored month of the trend was not found');

    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    t = performance.now();
    const all: (MonthViewResult | undefined)[] = [];
    for (let i = 0; i < instances; i++) for (const m of months) all.push(await fresh.get(scope(i), m));
    const allMs = performance.now() - t;
    gc();
    const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    const found = all.filter(Boolean).length;
    console.log(JSON.stringify({ files: files.length, found, diskMiB: bytes / 2 ** 20, putMs, writeMs, trendMs, allMs, heapMiB }));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

void main();
