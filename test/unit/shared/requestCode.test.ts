// Copy Request as Code, proven by running it: every language's snippet of every operation is run (sh with
// curl, Node 24 from node_modules/.bin, the machine's python3) against the simulator with the credentials
// only in the environment, and what the simulator received is compared with what the extension's own
// client sends for the same call: method, exact path, form fields, credential headers. Ids that need
// percent-encoding, a unicode SMS body and hostile ids (quotes, backslashes, ${}, backticks, $(…),
// a right-to-left override) show that each language quotes what it embeds.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createClient, type OperationCall, type VoiceSmsClient } from '../../../src/core/index.js';
import { CODE_LANGUAGES, type CodeLanguage, languagesInPickOrder } from '../../../src/shared/requestCode/languages.js';
import { jsString } from '../../../src/shared/requestCode/node.js';
import { ACCESS_KEY_ID_VAR, fillPath, requestPlan, SECRET_ACCESS_KEY_VAR } from '../../../src/shared/requestCode/plan.js';
import { pyString } from '../../../src/shared/requestCode/python.js';
import { start, type RecordedRequest, type Simulator } from '../../../src/simulator/index.js';

const run = promisify(execFile);
const NODE = resolve('node_modules/.bin/node');
const CREDS = { accessKeyId: 'AK-code-test', secretAccessKey: 's3cr\'et "$HOME" `x` \\n ${y}' };

/** Needs percent-encoding (space, ?, #, &, +, non-ASCII) but is an ordinary id otherwise. */
const ENCODED_INSTANCE = 'VI Zürich #1?&+';
const ENCODED_ACCOUNT = 'ACC 7 ü+=';
/**
 * Breaks out of a naive string in sh, JavaScript or Python. U+00A0 (a no-break space, which ids may hold) reads as
 * a space on screen; the body also carries U+202E, which would reorder the line (ids refuse it since issue 33).
 */
const HOSTILE = `VI'"\\ \${HOME} \`id\` $(id) {x}\u00a0✓`;
const HOSTILE_BODY = `${HOSTILE}\u202e`;
const HOSTILE_SENDER = `S'"\\\${a}\`b\`$(c)`;
const UNICODE_BODY = 'Grüße \'quoted\' & "dq" $money `tick` ${x} $(id) \\ ✓ 😀\nsecond line ~*';

type Auth = { form?: 'seed' | 'signed' | 'basic'; signature?: 'hmac-sha256' | 'empty' };

interface Answer {
  status: number;
  xml: string;
}

const workDir = mkdtempSync(join(tmpdir(), 'vstk-code-'));

async function runSnippet(language: CodeLanguage, text: string): Promise<Answer> {
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    [ACCESS_KEY_ID_VAR]: CREDS.accessKeyId,
    [SECRET_ACCESS_KEY_VAR]: CREDS.secretAccessKey,
  };
  const options = { env, timeout: 15_000 };
  if (language === 'sh') {
    // curl writes the status code after the answer, on standard error.
    const { stdout, stderr } = await run('sh', ['-c', text], options);
    return { status: Number(/^HTTP (\d{3})$/m.exec(stderr)?.[1]), xml: stdout };
  }
  const file = join(workDir, language === 'node' ? 'request.mjs' : 'request.py');
  writeFileSync(file, text);
  const { stdout } = await run(language === 'node' ? NODE : 'python3', [file], options);
  const newline = stdout.indexOf('\n');
  return { status: Number(stdout.slice(0, newline)), xml: stdout.slice(newline + 1) };
}

function assertNoCredential(text: string): void {
  assert.ok(!text.includes(CREDS.secretAccessKey), 'the secret appears in the text');
  assert.ok(!text.includes(CREDS.accessKeyId), 'the access key id appears in the text');
  const basic = Buffer.from(`${CREDS.accessKeyId}:${CREDS.secretAccessKey}`).toString('base64');
  assert.ok(!text.includes(basic), 'the basic credentials appear in the text');
}

/** What must be the same whoever sent the request (the timestamp and signature differ by the clock). */
function essence(r: RecordedRequest | undefined): Record<string, unknown> {
  assert.ok(r, 'nothing recorded');
  const h = r.headers ?? {};
  return {
    method: r.method,
    path: r.path,
    form: r.method === 'POST' ? [...new URLSearchParams(r.body ?? '')] : undefined,
    authorization: h['authorization'],
    accessKeyId: h['accesskeyid'],
    signed: h['signature'] !== '',
    accept: h['accept'],
    contentType: h['content-type'],
    timestamp: /^\d{13}$/.test(String(h['timestamp'])),
  };
}

// Every program is run for real (Node.js, Python, sh): a busy machine takes minutes over them.
void describe('Copy Request as Code, run against the simulator', { timeout: 600_000 }, () => {
  let sim: Simulator;
  const clients: VoiceSmsClient[] = [];
  // A simulator per test: a request or SMS one test sent is not the last one recorded in the next.
  beforeEach(async () => {
    sim = await start({
      credentials: CREDS,
      acceptEmptySignature: true,
      recordDetails: true,
      instances: ['VI-DEMO-01', ENCODED_INSTANCE, HOSTILE],
      accounts: ['ACC-DEMO', ENCODED_ACCOUNT],
      senderIds: ['VSTK-TEST', HOSTILE_SENDER],
    });
  });
  afterEach(async () => {
    await sim.close();
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  after(() => rmSync(workDir, { recursive: true, force: true }));

  function client(auth: Auth): VoiceSmsClient {
    const c = createClient({ baseUrl: sim.url, credentials: CREDS, auth, defaultRegion: 'US' });
    clients.push(c);
    return c;
  }

  /** The client's own request for `call`: sent for real, recorded by the simulator. */
  async function clientSends(c: VoiceSmsClient, call: OperationCall): Promise<RecordedRequest | undefined> {
    switch (call.operation) {
      case 'calls':
        await c.getMonthView(call.instanceId, call.monthId);
        break;
      case 'activities':
        await c.getDayActivities(call.instanceId, call.dateId);
        break;
      case 'balance':
        await c.getBalance(call.accountId);
        break;
      case 'sms':
        await c.sendSms(call.input);
        break;
    }
    return sim.requests.at(-1);
  }

  /** Runs `language`'s snippet of `call` and checks the simulator saw what the client sends. */
  async function sameAsClient(language: CodeLanguage, auth: Auth, call: OperationCall): Promise<string> {
    const c = client(auth);
    const text = CODE_LANGUAGES.find((l) => l.id === language)!.write(c.describeRequest(call));
    assertNoCredential(text);
    const expected = essence(await clientSends(c, call));
    const smsBefore = sim.received.length;
    const answer = await runSnippet(language, text);
    assert.equal(answer.status, 200, answer.xml);
    assert.match(answer.xml, /<code>200<\/code>/, `${language} answer: ${answer.xml.slice(0, 400)}`);
    assert.deepEqual(essence(sim.requests.at(-1)), expected, `${language}: the simulator received something else`);
    if (call.operation === 'sms') {
      assert.equal(sim.received.length, smsBefore + 1, 'sent exactly once');
      const got = sim.received.at(-1);
      const sent = sim.received.at(-2);
      assert.deepEqual({ from: got?.from, to: got?.to, body: got?.body }, { from: sent?.from, to: sent?.to, body: sent?.body });
    }
    return text;
  }

  const GETS: [string, OperationCall][] = [
    ['calls', { operation: 'calls', instanceId: ENCODED_INSTANCE, monthId: '202601' }],
    ['activities', { operation: 'activities', instanceId: ENCODED_INSTANCE, dateId: '2026-01-05' }],
    ['balance', { operation: 'balance', accountId: ENCODED_ACCOUNT }],
  ];
  const SMS: OperationCall = { operation: 'sms', input: { from: 'VSTK-TEST', to: '(201) 555-0123', body: UNICODE_BODY } };

  for (const { id: language } of CODE_LANGUAGES) {
    void describe(language, () => {
      for (const [name, call] of GETS) {
        for (const form of ['basic', 'signed'] as const) {
          void it(`${name} (${form} form, an id that needs percent-encoding) reaches the simulator as the client's request`, async () => {
            await sameAsClient(language, { form }, call);
          });
        }
      }
      void it('sms (signed form, unicode body with a line break) is sent once with the exact fields', async () => {
        await sameAsClient(language, { form: 'seed' }, SMS);
      });
      void it('sms in the basic form and with auth.signature = empty', async () => {
        await sameAsClient(language, { form: 'basic' }, SMS);
        const text = await sameAsClient(language, { form: 'signed', signature: 'empty' }, SMS);
        assert.doesNotMatch(text, /createHmac|hmac\.new|openssl/, 'nothing to sign with an empty signature');
      });
      void it('a hostile instance id and sender id stay inside their strings and arrive exactly', async () => {
        const text = await sameAsClient(language, { form: 'signed' }, { operation: 'calls', instanceId: HOSTILE, monthId: '202601' });
        assert.equal(decodeURIComponent(sim.requests.at(-1)?.path.split('/')[3] ?? ''), HOSTILE);
        if (language === 'node') assert.ok(text.includes(jsString(HOSTILE)) && jsString(HOSTILE).includes('\\u00A0'), text);
        if (language === 'python') assert.ok(text.includes(pyString(HOSTILE)) && pyString(HOSTILE).includes('\\xA0'), text);
        const sms = await sameAsClient(
          language,
          { form: 'seed' },
          { operation: 'sms', input: { from: HOSTILE_SENDER, to: '+12015550124', body: HOSTILE_BODY } },
        );
        if (language === 'node') assert.ok(sms.includes('\\u202E'), sms);
        if (language === 'python') assert.ok(sms.includes('\\u202E'), sms);
        assert.equal(sim.received.at(-1)?.from, HOSTILE_SENDER);
        assert.equal(sim.received.at(-1)?.body, HOSTILE_BODY);
      });
    });
  }

  void it('a wrong secret in the environment is refused by every language (the signature is really checked)', async () => {
    const c = client({ form: 'signed' });
    for (const { id, write } of CODE_LANGUAGES) {
      const before = sim.requests.length;
      const text = write(c.describeRequest({ operation: 'balance', accountId: 'ACC-DEMO' }));
      const wrong = text.replaceAll(SECRET_ACCESS_KEY_VAR, 'VOICESMS_NOT_THE_SECRET');
      const env = { PATH: process.env['PATH'] ?? '', [ACCESS_KEY_ID_VAR]: CREDS.accessKeyId, VOICESMS_NOT_THE_SECRET: 'wrong' };
      const file = join(workDir, id === 'node' ? 'wrong.mjs' : 'wrong.py');
      if (id !== 'sh') writeFileSync(file, wrong);
      const { stdout, stderr, code } = await run(
        id === 'sh' ? 'sh' : id === 'node' ? NODE : 'python3',
        id === 'sh' ? ['-c', wrong] : [file],
        {
          env,
        },
      ).then(
        (r) => ({ ...r, code: 0 }),
        (e: { stdout: string; stderr: string; code: number }) => e,
      );
      assert.doesNotMatch(stdout, /<code>200<\/code>/, id);
      // Every language: one line on standard error and exit code 1 (sh printed the answer and exited 0 until issue 50).
      assert.deepEqual({ code, stdout, lines: stderr.trim().split('\n').length }, { code: 1, stdout: '', lines: 1 }, `${id}: ${stderr}`);
      assert.match(stderr, /^HTTP 401, service status 401: /, id);
      assert.equal(sim.requests.length, before, `${id}: nothing authenticated`);
    }
  });
});

void describe('the language list', () => {
  void it('offers the last one used first, the others in their order', () => {
    assert.deepEqual(
      languagesInPickOrder('python').map((l) => l.id),
      ['python', 'sh', 'node'],
    );
    assert.deepEqual(
      languagesInPickOrder(undefined).map((l) => l.id),
      CODE_LANGUAGES.map((l) => l.id),
    );
    assert.deepEqual(
      languagesInPickOrder('cobol').map((l) => l.id),
      CODE_LANGUAGES.map((l) => l.id),
    );
  });
});

void describe('the request plan the writers share', () => {
  const creds = { accessKeyId: 'AK', secretAccessKey: 'S' };

  void it("keeps a base URL's path prefix and names each path parameter with its raw value", async () => {
    const c = createClient({ baseUrl: 'https://api.example.test/prefix/', credentials: creds });
    const d = c.describeRequest({ operation: 'calls', instanceId: 'VI 1', monthId: '202601' });
    const plan = requestPlan(d);
    assert.equal(plan.base, 'https://api.example.test/prefix/');
    assert.deepEqual(plan.params, [
      { name: 'instanceId', value: 'VI 1' },
      { name: 'monthId', value: '202601' },
    ]);
    assert.equal(plan.base + fillPath(plan.path), d.url);
    assert.equal(plan.summary, 'GET /prefix/v1/vvoice/VI%201/calls/202601');
    await c.close();
  });

  void it('falls back to the whole URL when the route does not add up, and refuses a sensitive header it cannot replace', async () => {
    const c = createClient({ baseUrl: 'https://api.example.test/', credentials: creds });
    const d = c.describeRequest({ operation: 'balance', accountId: 'ACC' });
    const plan = requestPlan({ ...d, route: { ...d.route, template: 'v1/other/{accountId}' } });
    assert.equal(plan.base, d.url);
    assert.deepEqual(plan.path, []);
    for (const { write } of CODE_LANGUAGES) assert.throws(() => write({ ...d, sensitiveHeaders: ['X-Key'] }), /X-Key/);
    await c.close();
  });

  void it('writes invisible and direction-changing characters as escapes in Node.js and Python strings', () => {
    assert.equal(jsString('a\u202eb\u200bc\u{e0041}"${x}`'), '"a\\u202Eb\\u200Bc\\u{E0041}\\"${x}`"');
    assert.equal(pyString('a\u202eb\nc\u{e0041}"\\{x}'), '"a\\u202Eb\\nc\\U000E0041\\"\\\\{x}"');
  });
});
