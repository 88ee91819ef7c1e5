// Bench rows of issue 41 (a boundary that costs little).
//
// "answer blocks": how long one answer under the caps holds the extension host's thread, from the body in hand to
// the client's result or error: the scrub of the raw answer (src/core/boundary.ts), the parse, the scrub of the
// parsed strings and the model, on the caller's thread or, for a large answer, on the answer thread
// (src/core/answerThread/reader.ts) with only the hand-over and the model on the caller's. The client runs over a
// transport that hands it the canned answer at once; three other profiles' credentials are known, as in a host that
// read them. Each row prints the 50 ms target against the median longest hold, and beside it the same client with
// the answer thread turned off (everything on the caller's thread), measured in the same rounds.
//
// Both measure the client as it ships: dist/core.js built for production (bench/run.ts builds it first), not the
// sources through tsx, whose keepNames wrapping of every closure cost the client 5-10% that no user pays.
//
// "GET month (shape)": an ordinary month view through the client against a bare undici request plus one
// fast-xml-parser parse that reads attributes (a month view's days are known by their dateID attribute), served by a tiny static server in a child process (so that the server's work is not
// charged to either side), in four shapes: the simulator's, another element order, a BOM and comments, and the
// same compact (no whitespace between tags). The simulator row (bench/run.ts "GET month: bare undici+parse vs
// client") runs its server in this process; see docs/performance.md for why the two read differently.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { Agent, request } from 'undici';
import { AnswerBoundary } from '../src/core/boundary.js';
import { OFF_THREAD_CHARS } from '../src/core/answerThread/reader.js';
import type { VoiceSmsClient } from '../src/core/client.js';
import { OPERATIONS } from '../src/core/api/operations.js';
import { authHeaders, DEFAULT_AUTH } from '../src/core/auth/headers.js';
import type { HttpResponse } from '../src/core/http/transport.js';
import { MAX_MARKUP } from '../src/core/xml/limits.js';
import { parseEnvelope } from '../src/core/xml/envelope.js';
import { KnownSecrets } from '../src/shared/redact.js';
import { asyncMsSideBySide, median } from './measure.js';

/** The client as it ships (dist/core.js, built by bench/run.ts with --production). */
export function shippedCore(root: string): typeof import('../src/core/index.js') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle, by path, as the host loads it
  return require(join(root, 'dist/core.js')) as typeof import('../src/core/index.js');
}

type Row = (name: string, a: number, b: number, unit: string, note: string, ratio?: number) => void;

export const BLOCK_ROW = 'answer blocks';
export const SHAPE_ROW = 'GET month (shape)';
export const TARGET_MS = 50;
/** The answer cap of a balance or month view (their maxBytes in src/core/api/operations.ts), less room for the envelope. */
const BODY_BYTES = 1_000_000;

export const CREDENTIALS = { accessKeyId: 'AKIDBENCHOWN00000001', secretAccessKey: 'benchOwnSecretAccessKey/0000000000000000' };

/** The host's other profiles, as the boundary is handed them (RedactingLogger.knownSecrets). */
export function hostSecrets() {
  const known = new KnownSecrets();
  for (let p = 0; p < 3; p++) known.addCredentials(`AKIDBENCHPROFILE000${p}`, `benchProfileSecretAccessKey/${p}000000000000`);
  return { apply: (t: string) => known.apply(t), holds: (c: string) => known.holds(c), known: () => known };
}

export function envelope(status: string, message: string, result: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><response><status><code>${status}</code><message>${message}</message>` +
    `<timestamp>2024-06-15 14:03:27:481 +0000</timestamp></status><service><provider>Bench</provider><id>vvoice</id>` +
    `<version>2.10</version></service><result>${result}</result></response>`
  );
}

/** `unit` repeated to about `bytes` (whole units only, so no escape is cut). */
function fill(unit: string, bytes = BODY_BYTES): string {
  return unit.repeat(Math.floor(bytes / unit.length));
}

/** Month-view days (five counters each) until just under the tag cap. */
function manyTags(): string {
  const days: string[] = [];
  const perDay = 12; // <date>, five counters opened and closed, </date>
  for (let i = 0; (i + 1) * perDay < MAX_MARKUP - 40; i++) {
    const id = 20240101 + (i % 28);
    days.push(
      `<date dateID="${id}"><call_legs>${i}</call_legs><call_legs_in>1</call_legs_in><call_legs_out>2</call_legs_out><calls_unique>3</calls_unique><duration_min>4</duration_min></date>`,
    );
  }
  return envelope('200', 'OK', `<monthView><currentDateID>20240615</currentDateID><calls>${days.join('')}</calls></monthView>`);
}

/** Elements of short text, each with percent, character-reference and JSON escapes, until near the caps. */
function smallEscaped(bytes = BODY_BYTES): string {
  const value = `<note>caf%C3%A9 &amp;#x41; said \\u0022ok\\u0022 &#x25;41 %2541 &lt;b&gt;</note>`;
  const count = Math.min(Math.floor(bytes / value.length), Math.floor(MAX_MARKUP / 2) - 20);
  return envelope('500', 'see notes', `<notes>${value.repeat(count)}</notes>`);
}

export const ANSWERS: ReadonlyArray<{ name: string; body: () => string; status: number }> = [
  { name: '1 MB plain', status: 500, body: () => envelope('500', fill('The upstream service could not complete the request. '), '') },
  { name: 'dense &#x61; references', status: 500, body: () => envelope('500', fill('&#x61;'), '') },
  { name: 'dense %61 and \\u0061 escapes', status: 500, body: () => envelope('500', fill('%61\\u0061'), '') },
  { name: 'many small escaped values', status: 500, body: () => smallEscaped() },
  // The costliest text per byte, just too short for the answer thread: the most an answer holds the caller's thread.
  { name: 'small escaped values, just under the thread size', status: 500, body: () => smallEscaped(OFF_THREAD_CHARS - 400) },
  { name: '20,000 tags (month view)', status: 200, body: manyTags },
];

/**
 * The longest stretch `call` holds this thread, and its time in all: a tick re-armed with setImmediate stamps every
 * turn of the event loop, so the longest gap between two stamps (or between the call's start, or its end, and the
 * nearest stamp) is the longest time no other event could be handled.
 */
export async function hold(call: () => Promise<unknown>): Promise<{ holdMs: number; wallMs: number }> {
  const started = performance.now();
  let last = started;
  let longest = 0;
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await call();
  const ended = performance.now();
  running = false;
  longest = Math.max(longest, ended - last);
  await new Promise((resolve) => setImmediate(resolve));
  return { holdMs: longest, wallMs: ended - started };
}

export async function answerBlockRows(root: string, row: Row, smoke: boolean): Promise<void> {
  const { createClient } = shippedCore(root);
  for (const answer of ANSWERS) {
    if (!wantsRow(`${BLOCK_ROW}: ${answer.name}`)) continue;
    const body = answer.body();
    const raw: HttpResponse = {
      status: answer.status,
      statusText: '',
      headers: { 'content-type': 'application/xml' },
      body,
      bytes: body.length,
    };
    const client = (offThread: boolean): VoiceSmsClient =>
      createClient({
        baseUrl: 'http://127.0.0.1:9/',
        credentials: CREDENTIALS,
        retry: { attempts: 1 },
        knownSecrets: hostSecrets(),
        offThread,
        transport: () => ({ send: () => Promise.resolve({ ...raw }), close: () => Promise.resolve() }),
      });
    const product = client(true);
    const onThread = client(false);
    const call = (c: VoiceSmsClient) => async (): Promise<unknown> => c.getMonthView('VI-DEMO-01', '202401').catch((e: unknown) => e);
    const boundary = new AnswerBoundary(CREDENTIALS, hostSecrets());
    const scrub = (): number => {
      const t = performance.now();
      const res = boundary.response(raw, []);
      const mid = performance.now();
      let parsed;
      try {
        parsed = parseEnvelope(res.body);
      } catch {
        return mid - t;
      }
      const t2 = performance.now();
      boundary.envelope(parsed, res);
      return mid - t + (performance.now() - t2);
    };
    const rounds = smoke ? 3 : 11;
    // Warm both (the first large answer starts the answer thread), then alternate them.
    for (let i = 0; i < 3; i++) {
      await hold(call(product));
      await hold(call(onThread));
    }
    const productRuns: Array<{ holdMs: number; wallMs: number }> = [];
    const onThreadRuns: Array<{ holdMs: number; wallMs: number }> = [];
    for (let r = 0; r < rounds; r++) {
      productRuns.push(await hold(call(product)));
      onThreadRuns.push(await hold(call(onThread)));
    }
    scrub();
    const scrubMs = median(Array.from({ length: smoke ? 2 : 9 }, scrub));
    await product.close();
    await onThread.close();
    const held = median(productRuns.map((m) => m.holdMs));
    const where =
      body.length >= OFF_THREAD_CHARS ? 'read on the answer thread' : "read on the caller's thread (under the answer thread's size)";
    row(
      `${BLOCK_ROW}: target vs ${answer.name}`,
      TARGET_MS,
      held,
      'ms',
      `longest hold of the caller's thread, must stay <= 1x; ${(body.length / 1e6).toFixed(2)} MB ${where}, ` +
        `${median(productRuns.map((m) => m.wallMs)).toFixed(1)} ms in all; all on the caller's thread it held it ` +
        `${median(onThreadRuns.map((m) => m.holdMs)).toFixed(1)} ms, the scrub (raw and parsed) ${scrubMs.toFixed(1)} ms of that`,
    );
  }
}

let only: string | undefined;
/** bench/run.ts's --only filter, for the rows of this file. */
export function onlyRows(filter: string | undefined): void {
  only = filter;
}
export function wantsRow(name: string): boolean {
  return only === undefined || name.toLowerCase().includes(only);
}

/** The four shapes of the same month view (test/fixtures/monthView.xml, June 2024 seen on the 15th). */
function shapes(root: string): Record<string, string> {
  const fixture = readFileSync(join(root, 'test/fixtures/monthView.xml'), 'utf8');
  const compact = (xml: string): string => xml.replace(/>\s+</g, '><').replace(/<!--[^>]*-->/g, '');
  // Service and result before status, each day's counters in reverse order.
  const reordered = fixture
    .replace(/(<status>[^]*?<\/status>)\s*(<service>[^]*?<\/service>)\s*(<result>[^]*<\/result>)/, '$2$3$1')
    .replace(/<date dateID="(\d+)">([^]*?)<\/date>/g, (_m, id: string, inner: string) => {
      const counters = inner.trim().split(/\s*\n\s*/);
      return `<date dateID="${id}">${counters.reverse().join('')}</date>`;
    });
  const bom = '\uFEFF' + fixture.replace('<response>', '<!-- served by another gateway -->\n<response>\n  <!-- month view -->');
  return { simulator: fixture, reordered, 'BOM and comments': bom, compact: compact(fixture) };
}

/** A static server in a child process answering `/v1/vvoice/<shape>/calls/<month>` with that shape's bytes. */
async function staticServer(bodies: Record<string, string>): Promise<{ url: string; close: () => void }> {
  const script = `
    const http = require('node:http');
    const bodies = JSON.parse(process.env.BENCH_BODIES);
    const server = http.createServer((req, res) => {
      const shape = decodeURIComponent(req.url.split('/')[3] || '');
      const body = bodies[shape];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/xml; charset=utf-8' });
      res.end(body || '');
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log('PORT=' + server.address().port));`;
  const ids = Object.fromEntries(Object.values(bodies).map((body, i) => [`SHAPE-${i + 1}`, body] as const));
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, BENCH_BODIES: JSON.stringify(ids) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout })) {
    const m = /^PORT=(\d+)$/.exec(line);
    if (m) return { url: `http://127.0.0.1:${m[1]}/`, close: () => void child.kill() };
  }
  throw new Error('the static server did not start');
}

export async function shapeRows(root: string, row: Row, smoke: boolean): Promise<void> {
  const { createClient } = shippedCore(root);
  const all = shapes(root);
  const server = await staticServer(all);
  const client = createClient({ baseUrl: server.url, credentials: CREDENTIALS, knownSecrets: hostSecrets() });
  const agent = new Agent();
  const bareParser = new XMLParser({ ignoreAttributes: false });
  try {
    for (const [i, name] of Object.keys(all).entries()) {
      if (!wantsRow(`${SHAPE_ROW}: ${name}`)) continue;
      const id = `SHAPE-${i + 1}`;
      const path = `/v1/vvoice/${id}/calls/202406`;
      const url = server.url.replace(/\/$/, '') + path;
      const headers = (): Record<string, string> => ({
        ...authHeaders(CREDENTIALS, DEFAULT_AUTH, {
          method: 'GET',
          pathWithQuery: path,
          body: '',
          now: Date.now(),
          seedForm: OPERATIONS.calls.seedForm,
        }),
        Accept: 'application/xml',
      });
      const bare = async (): Promise<unknown> =>
        bareParser.parse(await (await request(url, { headers: headers(), dispatcher: agent })).body.text());
      const ours = (): Promise<unknown> => client.getMonthView(id, '202406');
      await ours();
      const ms = await asyncMsSideBySide({ bare, client: ours }, smoke ? 2 : 15, smoke ? 10 : 40);
      row(
        `${SHAPE_ROW}: bare undici+parse vs client, ${name}`,
        ms.bare!,
        ms.client!,
        'ms',
        "target <= 1.1x; static server in a child process; ratio: median of the rounds' own",
        ms.ratio,
      );
    }
  } finally {
    await client.close();
    await agent.close();
    server.close();
  }
}
