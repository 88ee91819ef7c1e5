// The bench row "store: 5,000 months": a finished-months store (src/core/store/monthStore.ts) filled to its default
// bound in a temp dir, then, in this fresh process, a new window's 12-month trend read from it and every month read
// (time, and the heap those 5,000 parsed months take). Run as a child of bench/run.ts with --expose-gc; prints one
// JSON line. The months are the fixture's answer filed under 417 instances x 12 months.
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MonthViewResult } from '../src/core/client.js';
import { monthViewFromResult } from '../src/core/model/monthView.js';
import { lastMonths } from '../src/core/model/month.js';
import { DEFAULT_STORED_MONTHS_LIMIT, MonthStore, type MonthScope } from '../src/core/store/monthStore.js';
import { parseEnvelope } from '../src/core/xml/envelope.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rawXml = readFileSync(join(__dirname, '..', 'test', 'fixtures', 'monthView.xml'), 'utf8');
const envelope = parseEnvelope(rawXml);
const base = monthViewFromResult(envelope.result, '202406');
const months = lastMonths(12, '202412');
const instances = Math.ceil(DEFAULT_STORED_MONTHS_LIMIT / months.length);
const scope = (i: number): MonthScope => ({ profile: 'bench', baseUrl: 'https://voice.example', account: 'ACC', instanceId: `VI-${i}` });

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(join(os.tmpdir(), 'vstk-bench-store-'));
  try {
    const store = new MonthStore({ dir, scrub: (t) => t, limit: DEFAULT_STORED_MONTHS_LIMIT });
    let t = performance.now();
    let n = 0;
    for (let i = 0; i < instances && n < DEFAULT_STORED_MONTHS_LIMIT; i++) {
      for (const m of months) {
        if (n++ >= DEFAULT_STORED_MONTHS_LIMIT) break;
        // Reported by the service as over (its day after the month), so the store keeps it.
        const result: MonthViewResult = { view: { ...base, monthId: m, currentDateId: '20990101' }, envelope, elapsedMs: 12, rawXml };
        store.put(scope(i), m, result);
      }
    }
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
    console.log(JSON.stringify({ files: files.length, found, diskMiB: bytes / 2 ** 20, writeMs, trendMs, allMs, heapMiB }));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

void main();
