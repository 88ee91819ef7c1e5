// `npm run bench`: side-by-side measurements in one run, printed as ratios so the numbers mean the
// same on a slow or a busy machine. Not a test: nothing here passes or fails.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '../src/core/client.js';
import { parseEnvelope } from '../src/core/xml/envelope.js';
import { monthViewFromResult } from '../src/core/model/monthView.js';
import { analyzeBody } from '../src/core/sms/segments.js';
import { start } from '../src/simulator/index.js';

const root = join(__dirname, '..');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** Wall time of a fresh Node process that requires `file` (or nothing), median of `runs`. */
function processMs(file: string | undefined, runs = 7): number {
  const code = file ? `require(${JSON.stringify(file)})` : '0';
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    execFileSync(process.execPath, ['-e', code]);
    times.push(performance.now() - t);
  }
  return median(times);
}

function row(name: string, a: number, b: number, unit: string, note: string): void {
  const ratio = b / a;
  console.log(`${name.padEnd(44)} ${a.toFixed(2).padStart(9)} ${unit}  vs ${b.toFixed(2).padStart(9)} ${unit}   ratio ${ratio.toFixed(2).padStart(7)}x  ${note}`);
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(root, 'esbuild.mjs'), '--production'], { cwd: root, stdio: 'ignore' });
  const ext = join(root, 'dist/extension.js');
  const core = join(root, 'dist/core.js');
  console.log('Voice & SMS Toolkit benchmark (ratios: right column / left column)\n');

  // 1. Activation path: what activation parses vs what it defers. (extension.js needs the editor
  //    to run, so its size is compared; core.js is really loaded in a fresh process.)
  row('bundle size: extension.js vs core.js', statSync(ext).size / 1024, statSync(core).size / 1024, 'KiB', 'activation parses only the left one');
  const bare = processMs(undefined);
  const withCore = processMs(core);
  row('process start: bare Node vs + require(core.js)', bare, withCore, 'ms', `deferred cost ≈ ${(withCore - bare).toFixed(1)} ms, paid on first network use`);

  // 2. Parsing: the month view XML (31 days) through envelope + model.
  const xml = readFileSync(join(root, 'test/fixtures/monthView.xml'), 'utf8');
  const big = xml.replace(/<calls>([\s\S]*)<\/calls>/, (_m, days: string) => `<calls>${days.repeat(10)}</calls>`);
  const parse = (text: string, n: number): number => {
    const t = performance.now();
    for (let i = 0; i < n; i++) monthViewFromResult(parseEnvelope(text).result, '202406');
    return (performance.now() - t) / n;
  };
  parse(xml, 200);
  row('parse month view: 30 days vs 300 day elements', parse(xml, 500), parse(big, 100), 'ms', 'should scale ~linearly (≈10x)');

  // 3. Connection reuse: N sequential GETs on one kept-alive client vs a new client per request.
  const sim = await start({ port: 0 });
  try {
    const n = 100;
    const opts = { baseUrl: sim.url, credentials: sim.credentials };
    const shared = createClient(opts);
    await shared.getMonthView('VI-DEMO-01', '202401');
    let t = performance.now();
    for (let i = 0; i < n; i++) await shared.getMonthView('VI-DEMO-01', '202401');
    const reuse = (performance.now() - t) / n;
    await shared.close();
    t = performance.now();
    for (let i = 0; i < n; i++) {
      const c = createClient(opts);
      await c.getMonthView('VI-DEMO-01', '202401');
      await c.close();
    }
    const fresh = (performance.now() - t) / n;
    row('GET month view: keep-alive vs new connection', reuse, fresh, 'ms', 'loopback; the gap grows with TLS and distance');
  } finally {
    await sim.close();
  }

  // 4. SMS segments: a 1 MB paste is refused by its length before any counting, so it costs about
  //    what a one-segment text does (the counting itself grows faster than the text).
  const sms = (text: string, n: number): number => {
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      try {
        analyzeBody(text, 3);
      } catch {
        // refused: that is the point
      }
    }
    return (performance.now() - t) / n;
  };
  const short = 'Test message from Voice & SMS Toolkit. '.repeat(4).slice(0, 160);
  const paste = 'a'.repeat(1024 * 1024);
  sms(short, 50);
  row('segments: 160-char text vs 1 MB paste', sms(short, 200), sms(paste, 200), 'ms', 'the paste is refused unread (≤ 1x)');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
