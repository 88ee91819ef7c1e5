// Large answers are read on the answer thread (src/core/answerThread/reader.ts): the caller's thread keeps turning
// while one is scrubbed and parsed, and what comes out is exactly what the caller's own thread makes of it — the
// same result or the same error, word for word, with every secret masked (the client's own credentials, another
// profile's, the Signature the request carried, in the spellings an echo writes). A thread stopped mid-answer, or
// a mask the thread cannot rebuild, leaves the answer to the caller's thread; the thread speaks the core's language.
import { after, afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { OFF_THREAD_CHARS, configureAnswerThreadForTests, stopAnswerThread } from '../../../../src/core/answerThread/reader.js';
import { createClient, type ClientOptions, type Logger, type VoiceSmsClient } from '../../../../src/core/client.js';
import type { HttpResponse } from '../../../../src/core/http/transport.js';
import { configureCoreL10n } from '../../../../src/core/l10n.js';
import { KnownSecrets } from '../../../../src/shared/redact.js';

const OWN = { accessKeyId: 'AKIDTHREADOWN001', secretAccessKey: 'threadOwnSecret/0000000001' };
const OTHER = { accessKeyId: 'AKIDTHREADOTHER2', secretAccessKey: 'threadOtherSecret+000000002' };

function envelope(code: string, message: string, result: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><response><status><code>${code}</code><message>${message}</message>` +
    `<timestamp>2024-06-15 14:03:27:481 +0000</timestamp></status><service><provider>P</provider><id>vvoice</id>` +
    `<version>2.10</version></service><result>${result}</result></response>`
  );
}

/** The secrets as an echo spells them: as is, percent-encoded, JSON-escaped, in a Basic token, and the Signature. */
function echoes(signature: string): string {
  const basic = Buffer.from(`${OTHER.accessKeyId}:${OTHER.secretAccessKey}`).toString('base64');
  return [
    OWN.secretAccessKey,
    encodeURIComponent(OTHER.secretAccessKey),
    OTHER.secretAccessKey.replace(/\//g, '\\u002f').replace(/\+/g, '\\u002b'),
    `Basic ${basic}`,
    OTHER.accessKeyId,
    signature,
  ].join(' ');
}

/** Days of a month view, repeated until the answer is at least `chars` long. */
function monthView(chars: number): string {
  const days: string[] = [];
  for (let i = 0; days.join('').length < chars; i++) {
    days.push(
      `<date dateID="202401${String((i % 28) + 1).padStart(2, '0')}"><call_legs>${i}</call_legs><call_legs_in>1</call_legs_in>` +
        `<call_legs_out>2</call_legs_out><calls_unique>3</calls_unique><duration_min>4</duration_min></date>`,
    );
  }
  return envelope('200', 'OK', `<monthView><currentDateID>20240615</currentDateID><calls>${days.join('')}</calls></monthView>`);
}

const filler = (unit: string, chars: number): string => unit.repeat(Math.ceil(chars / unit.length));

/** Answers over the thread's size, each as a function of the request's Signature (some echo it where a caller reads it). */
const LARGE: Record<string, { status: number; body: (signature: string) => string }> = {
  'a 1 MB error echoing the secrets': {
    status: 500,
    body: (sig) => envelope('500', `${echoes(sig)} ${filler('the service failed &amp; says why %41 ', 1_000_000)}`, ''),
  },
  'a month view of 300 KB': { status: 200, body: () => monthView(300_000) },
  'a month view with the secrets in its result': {
    status: 200,
    body: (sig) => monthView(200_000).replace('<calls>', `<note>${echoes(sig)}</note><calls>`),
  },
  'a refusal of the credentials with a long page': {
    status: 401,
    body: (sig) => `<html><body>${echoes(sig)} ${filler('denied ', 200_000)}</body></html>`,
  },
  'a 2xx answer that is no envelope': { status: 200, body: () => `<html>${filler('<p>not the service</p>', 200_000)}</html>` },
  'a 2xx answer that is not well formed': { status: 200, body: () => `${monthView(200_000).slice(0, -12)}<response>` },
  'a service error with many small escaped values': {
    status: 200,
    body: (sig) =>
      envelope('500', `see notes ${echoes(sig)}`, `<notes>${filler('<n>caf%C3%A9 &amp;#x41; \\u0022ok\\u0022</n>', 400_000)}</notes>`),
  },
};

function hostMask(): { apply: (t: string) => string; holds: (c: string) => boolean; known: () => KnownSecrets } {
  const known = new KnownSecrets();
  known.addCredentials(OTHER.accessKeyId, OTHER.secretAccessKey);
  return { apply: (t) => known.apply(t), holds: (c) => known.holds(c), known: () => known };
}

function client(body: (signature: string) => string, status: number, offThread: boolean, mask: object = hostMask()): VoiceSmsClient {
  return createClient({
    baseUrl: 'http://127.0.0.1:9/',
    credentials: OWN,
    retry: { attempts: 1 },
    knownSecrets: mask as ReturnType<typeof hostMask>,
    offThread,
    transport: () => ({
      send: (req) => {
        const text = body(String(req.headers['Signature'] ?? ''));
        const res: HttpResponse = {
          status,
          statusText: '',
          headers: { 'content-type': 'application/xml' },
          body: text,
          bytes: text.length,
        };
        return Promise.resolve(res);
      },
      close: () => Promise.resolve(),
    }),
  });
}

/** What a caller sees: the month view (without its timing) or the error's kind, message and details. */
async function outcome(c: VoiceSmsClient): Promise<string> {
  try {
    const { elapsedMs: _elapsed, ...view } = await c.getMonthView('VI-THREAD-01', '202401');
    return JSON.stringify(view);
  } catch (e) {
    const err = e as { kind?: string; message?: string; details?: object };
    return JSON.stringify({ kind: err.kind, message: err.message, details: err.details });
  } finally {
    await c.close();
  }
}

/** The outcome, and how many turns the caller's event loop took while it was read. */
async function turnsWhile(c: VoiceSmsClient): Promise<{ text: string; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const text = await outcome(c);
  running = false;
  return { text, turns };
}

const SECRETS = [OWN.secretAccessKey, OTHER.secretAccessKey, encodeURIComponent(OTHER.secretAccessKey), OTHER.accessKeyId];

void describe('the answer thread', () => {
  after(() => stopAnswerThread());
  // The core keeps the bundle it was given for every thread it starts later: English again for the next test.
  afterEach(() => configureCoreL10n({}));

  for (const [name, answer] of Object.entries(LARGE)) {
    void it(`${name}: the same outcome as on the caller's thread, every secret masked, the caller's thread free`, async () => {
      const here = await outcome(client(answer.body, answer.status, false));
      const there = await turnsWhile(client(answer.body, answer.status, true));
      assert.ok(answer.body('x').length >= OFF_THREAD_CHARS, 'the answer is over the thread size');
      assert.equal(there.text, here);
      for (const secret of SECRETS) assert.ok(!there.text.includes(secret), `${secret} masked`);
      // Read on the caller's thread, a large answer is one stretch without a turn; on the thread, the caller's
      // loop keeps turning (tens of milliseconds of work: hundreds of turns, where a single one would do).
      assert.ok(there.turns >= 3, `the caller's event loop turned ${there.turns} times while the answer was read`);
    });
  }

  void it("an answer under the thread size is read on the caller's thread, as before", async () => {
    const small = (): string => monthView(2_000);
    const run = await turnsWhile(client(small, 200, true));
    assert.equal(run.text, await outcome(client(small, 200, false)));
    assert.match(run.text, /"dateId":"20240101"/);
  });

  void it("a mask the thread cannot rebuild keeps the answer on the caller's thread, masked by it", async () => {
    const answer = LARGE['a 1 MB error echoing the secrets']!;
    const known = hostMask().known();
    const opaque = { apply: (t: string) => known.apply(t) };
    const run = await turnsWhile(client(answer.body, answer.status, true, opaque));
    for (const secret of SECRETS) assert.ok(!run.text.includes(secret), `${secret} masked`);
    assert.equal(run.turns, 0, "read in one stretch on the caller's thread");
  });

  void it('speaks the language the core was given', async () => {
    await stopAnswerThread();
    configureCoreL10n({
      'Expected a <response> envelope but the XML root is <{0}>.': 'Une enveloppe <response> attendue, la racine est <{0}>.',
    });
    try {
      const answer = LARGE['a 2xx answer that is no envelope']!;
      const there = await outcome(client(answer.body, answer.status, true));
      assert.match(there, /Une enveloppe <response> attendue, la racine est <html>/);
    } finally {
      await stopAnswerThread();
    }
  });
});

const FIXTURES = join(__dirname, 'threadFixtures');
/** An answer thread that takes every job and answers none: a hung worker. */
const SILENT_WORKER = join(mkdtempSync(join(tmpdir(), 'vstk-thread-')), 'silentWorker.cjs');
writeFileSync(SILENT_WORKER, "require('node:worker_threads').parentPort.on('message', () => undefined);\n");

/** The client's log, kept: where the thread's life and each answer's path are said. */
function keptLog(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const keep = (m: string): void => void lines.push(m);
  return { lines, logger: { trace: keep, debug: keep, info: keep, warn: keep, error: keep } };
}

function loggedClient(body: string, log: Logger, extra: Partial<ClientOptions> = {}): VoiceSmsClient {
  return createClient({
    baseUrl: 'http://127.0.0.1:9/',
    credentials: OWN,
    retry: { attempts: 1 },
    knownSecrets: hostMask(),
    logger: log,
    transport: () => ({
      send: () =>
        Promise.resolve({ status: 200, statusText: '', headers: { 'content-type': 'application/xml' }, body, bytes: body.length }),
      close: () => Promise.resolve(),
    }),
    ...extra,
  });
}

/** Resolves when `lines` holds a line matching `re` (checked on every turn; the test's own timeout bounds it). */
async function logged(lines: string[], re: RegExp): Promise<void> {
  while (!lines.some((l) => re.test(l))) await new Promise((resolve) => setImmediate(resolve));
}

void describe("the answer thread's life", () => {
  afterEach(() => configureAnswerThreadForTests({}));
  after(() => rmSync(dirname(SILENT_WORKER), { recursive: true, force: true }));

  void it('a process that read a large answer exits as soon as its own work is done', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(FIXTURES, 'readOneLargeAnswer.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let doneAt = 0;
    let killer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (!doneAt && out.includes('read: ')) {
        doneAt = performance.now();
        // A thread that held the process would keep it for its idle minute: give up well before that. Armed when
        // the work is done, so a slow start on a busy machine is not counted.
        killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      }
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    const exitedAt = performance.now();
    clearTimeout(killer);
    assert.equal(code, 0, `the script ran to its end: ${err}`);
    assert.match(out, /read: \d+ days/);
    // The process's own measure (from its work done to its exit event): a thread that held it would hold the exit
    // for its idle minute, and the killer above would end it with no such line. The parent's view of the same span
    // adds how late a busy machine reports the exit, which is not the product's; it is said only when large.
    const ownMs = Number(/exit after (\d+) ms/.exec(out)?.[1] ?? NaN);
    assert.ok(
      ownMs < 1000,
      `exited ${ownMs} ms after its work was done by its own clock (${Math.round(exitedAt - doneAt)} ms as seen here): ${out}`,
    );
  });

  void it('says in the log when the thread starts, and when a silent thread is stopped and replaced', async () => {
    await configureAnswerThreadForTests({ workerFile: SILENT_WORKER, hungMs: 300 });
    const answer = monthView(200_000);
    const { lines, logger } = keptLog();
    const here = await outcome(client(() => answer, 200, false));
    // The silent thread answers nothing: after hungMs it is terminated and the caller reads the answer itself.
    assert.equal(await outcome(loggedClient(answer, logger)), here);
    assert.equal(lines.filter((l) => l.startsWith('Answer thread started')).length, 1);
    assert.ok(
      lines.some((l) => /^Answer thread stopped: no answer within 300 ms/.test(l)),
      lines.join('\n'),
    );
    assert.ok(!lines.some((l) => l.includes('read on the answer thread')), 'read by the caller');
    // The next large answer starts a new thread.
    assert.equal(await outcome(loggedClient(answer, logger)), here);
    assert.equal(lines.filter((l) => l.startsWith('Answer thread started')).length, 2, lines.join('\n'));
  });

  void it("a job is bounded by the request's deadline, and the scheduler's slot is freed", async () => {
    await configureAnswerThreadForTests({ workerFile: SILENT_WORKER, hungMs: 60_000 });
    const { lines, logger } = keptLog();
    const c = loggedClient(monthView(200_000), logger, { timeouts: { totalMs: 150 }, maxConcurrentRequests: 1 });
    const t0 = performance.now();
    await assert.rejects(c.getMonthView('VI-THREAD-01', '202401'), (e: { kind?: string }) => e.kind === 'timeout');
    assert.ok(performance.now() - t0 < 2_000, `gave up after ${Math.round(performance.now() - t0)} ms`);
    // One slot only: a second request can only start if the first one's slot was given back.
    await assert.rejects(c.getMonthView('VI-THREAD-01', '202401'), (e: { kind?: string }) => e.kind === 'timeout');
    assert.equal(lines.filter((l) => / failed after \d+ ms: timeout/.test(l)).length, 2, lines.join('\n'));
    await c.close();
  });

  void it("a job is given up when the caller cancels it, with the caller's reason", async () => {
    await configureAnswerThreadForTests({ workerFile: SILENT_WORKER, hungMs: 60_000 });
    const { lines, logger } = keptLog();
    const c = loggedClient(monthView(200_000), logger);
    const cancel = new AbortController();
    const reason = new Error('closed by the user');
    const read = c.getMonthView('VI-THREAD-01', '202401', cancel.signal);
    await logged(lines, /^Answer thread started/);
    cancel.abort(reason);
    await assert.rejects(read, (e) => e === reason);
    await c.close();
  });

  void it('a thread stopped while it holds the job leaves the answer to the caller, who still gets it whole', async () => {
    // The silent thread never finishes first: the job is certainly on it when it is stopped.
    await configureAnswerThreadForTests({ workerFile: SILENT_WORKER, hungMs: 60_000 });
    const answer = monthView(200_000);
    const here = await outcome(client(() => answer, 200, false));
    const { lines, logger } = keptLog();
    const pending = outcome(loggedClient(answer, logger));
    await logged(lines, /^Answer thread started/);
    await stopAnswerThread();
    assert.equal(await pending, here);
    const read = lines.find((l) => l.includes('GET /') && l.includes(' -> 200 '));
    assert.ok(read && !read.includes('read on the answer thread'), `read by the caller: ${read}`);
  });
});
