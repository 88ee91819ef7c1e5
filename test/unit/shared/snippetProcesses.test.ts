// Copied snippets keep the secret to themselves while they run. The sh snippet runs with a PATH that holds
// only recording shims (each logs its argument list, then execs the real program), so every program it
// starts is seen; no argument list may hold the secret, the access key id, the basic credentials, the
// key's bytes or the Signature sent — and the request still answers 200 from the simulator. Every snippet
// fails with one line on standard error and a non-zero exit code on a wrong secret, an error in the envelope, a
// missing variable and a timeout (sh: total and connect, curl's own line and exit code 28).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createClient, type OperationCall, type VoiceSmsClient } from '../../../src/core/index.js';
import { formatCurl } from '../../../src/shared/requestCode/curl.js';
import { formatNode } from '../../../src/shared/requestCode/node.js';
import { ACCESS_KEY_ID_VAR, SECRET_ACCESS_KEY_VAR } from '../../../src/shared/requestCode/plan.js';
import { formatPython } from '../../../src/shared/requestCode/python.js';
import { start, type Simulator } from '../../../src/simulator/index.js';

/** Every external program a snippet could reasonably start; with PATH = the shims, anything else is "not found". */
const PROGRAMS = ['curl', 'openssl', 'sed', 'od', 'tr', 'date', 'printf', 'cat', 'base64', 'env', 'test', '[', 'awk', 'head', 'xxd'];

interface Run {
  /** The exit code, or the signal that ended the program. */
  code: number | string | null;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { env, timeout: 20_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : (err.signal ?? null)) : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

const work = mkdtempSync(join(tmpdir(), 'vstk-argv-'));
const shims = join(work, 'bin');
const logs = join(work, 'log');

/** Writes one shim per program found on this machine; returns the names shimmed. */
function writeShims(): string[] {
  mkdirSync(shims);
  mkdirSync(logs);
  const shimmed: string[] = [];
  for (const name of PROGRAMS) {
    const real = findOnPath(name);
    if (real === undefined) continue;
    const file = join(shims, name);
    // printf is the shell's builtin here: the shim logs without starting anything else.
    writeFileSync(file, `#!/bin/sh\nprintf '%s\\0' "$0" "$@" >> "$VSTK_ARGV_LOG/$$"\nexec '${real}' "$@"\n`, { mode: 0o755 });
    shimmed.push(name);
  }
  return shimmed;
}

/** Every argument list the shims recorded since the last clear, each beginning with the shim's own path. */
function recorded(): string[][] {
  const lists: string[][] = [];
  for (const f of readdirSync(logs)) {
    for (const arg of readFileSync(join(logs, f), 'utf8').split('\0')) {
      if (arg.startsWith(shims + '/')) lists.push([arg]);
      else if (arg !== '') lists.at(-1)?.push(arg);
    }
  }
  return lists;
}

function clearLogs(): void {
  for (const f of readdirSync(logs)) rmSync(join(logs, f));
}

const program = (list: string[]): string => (list[0] ?? '').slice(shims.length + 1);

/** A listener that never accepts, its queue full: prints its port, then "ready"; stops when its standard input ends. */
const FULL_BACKLOG = [
  'import socket, sys',
  'server = socket.socket()',
  'server.bind(("127.0.0.1", 0))',
  'server.listen(0)',
  'print(server.getsockname()[1])',
  // The one place in the queue (backlog 0 holds one), taken by a connection it never accepts; one more waiting for it.
  'held = socket.create_connection(server.getsockname())',
  'waiting = socket.socket()',
  'waiting.setblocking(False)',
  'waiting.connect_ex(server.getsockname())',
  'print("ready")',
  'sys.stdin.read()',
].join('\n');

void describe('copied snippets and the process list', { timeout: 120_000 }, () => {
  // Characters that break naive quoting in sh and in curl's config format, and bytes beyond ASCII.
  const SHORT = { accessKeyId: 'AK-argv"q"\\test', secretAccessKey: 's3cr\'et "$HOME" `x` \\ ${y} ü' };
  let sim: Simulator;
  let shimmed: string[] = [];
  const clients: VoiceSmsClient[] = [];

  before(() => {
    shimmed = writeShims();
  });
  // A simulator per test: the requests one test made are not counted, nor read as the last one, in the next.
  beforeEach(async () => {
    sim = await start({ credentials: SHORT, acceptEmptySignature: true, recordDetails: true });
  });
  afterEach(async () => {
    await sim.close();
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  function client(s: Simulator, auth: { form?: 'seed' | 'signed' | 'basic'; signature?: 'hmac-sha256' | 'empty' }): VoiceSmsClient {
    const c = createClient({ baseUrl: s.url, credentials: s.credentials, auth, defaultRegion: 'US' });
    clients.push(c);
    return c;
  }

  /** Runs the sh snippet with only the shims on PATH; checks the answer, then every argument list recorded. */
  async function runThroughShims(s: Simulator, text: string): Promise<string[][]> {
    const creds = s.credentials;
    clearLogs();
    const before = s.requests.length;
    const out = await exec('/bin/sh', ['-c', text], {
      PATH: shims,
      VSTK_ARGV_LOG: logs,
      [ACCESS_KEY_ID_VAR]: creds.accessKeyId,
      [SECRET_ACCESS_KEY_VAR]: creds.secretAccessKey,
    });
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stderr, /^HTTP 200$/m, out.stderr);
    assert.match(out.stdout, /<code>200<\/code>/, out.stdout);
    assert.equal(s.requests.length, before + 1, 'one request reached the simulator');
    const sentSignature = String(s.requests.at(-1)?.headers?.['signature'] ?? '');
    const forbidden: [string, string][] = [
      ['the secret', creds.secretAccessKey],
      ['the access key id', creds.accessKeyId],
      ['the basic credentials', Buffer.from(`${creds.accessKeyId}:${creds.secretAccessKey}`).toString('base64')],
      ["the secret's bytes in hex", Buffer.from(creds.secretAccessKey).toString('hex')],
      ...(sentSignature !== '' ? [['the Signature sent', sentSignature] as [string, string]] : []),
    ];
    const lists = recorded();
    assert.ok(
      lists.some((l) => program(l) === 'curl'),
      `curl was not seen by its shim: ${lists.map(program).join(' ')}`,
    );
    for (const list of lists) {
      for (const arg of list) {
        for (const [what, value] of forbidden) {
          assert.ok(!arg.includes(value), `${what} is an argument of ${program(list)}: ${JSON.stringify(list)}`);
        }
      }
    }
    return lists;
  }

  const CALLS: [string, OperationCall][] = [
    ['balance', { operation: 'balance', accountId: 'ACC-DEMO' }],
    ['calls', { operation: 'calls', instanceId: 'VI-DEMO-01', monthId: '202601' }],
    ['sms', { operation: 'sms', input: { from: 'VSTK-TEST', to: '+12015550123', body: 'argv test ✓' } }],
  ];
  for (const form of ['basic', 'seed'] as const) {
    for (const [name, call] of CALLS) {
      void it(`sh, ${name} (${form} form): 200, and no credential in any program's arguments`, async () => {
        const lists = await runThroughShims(sim, formatCurl(client(sim, { form }).describeRequest(call)));
        const signed = sim.requests.at(-1)?.headers?.['signature'] !== '';
        assert.equal(
          lists.some((l) => program(l) === 'openssl'),
          signed,
          'openssl signs through its shim, and only when signing',
        );
      });
    }
  }

  void it('sh with auth.signature = empty: 200 and no credential in any arguments', async () => {
    await runThroughShims(sim, formatCurl(client(sim, { signature: 'empty' }).describeRequest(CALLS[2]![1])));
  });

  void it('sh signs with keys of 64 bytes (the HMAC block) and 65 bytes (hashed first), computed without the key as an argument', async () => {
    for (const secretAccessKey of ['k'.repeat(62) + 'ü', 'k'.repeat(63) + 'ü']) {
      const s = await start({ credentials: { accessKeyId: 'AK-long', secretAccessKey }, recordDetails: true });
      try {
        assert.equal(Buffer.byteLength(secretAccessKey), secretAccessKey.length + 1);
        await runThroughShims(s, formatCurl(client(s, { form: 'seed' }).describeRequest(CALLS[2]![1])));
      } finally {
        await s.close();
      }
    }
  });

  void it('the shims see what they should: the old `-u id:secret` form would be caught', async () => {
    assert.ok(shimmed.includes('curl') && shimmed.includes('openssl'), shimmed.join(' '));
    clearLogs();
    await exec('/bin/sh', ['-c', `curl -s -u "$${ACCESS_KEY_ID_VAR}:$${SECRET_ACCESS_KEY_VAR}" ${sim.url}/ >/dev/null`], {
      PATH: shims,
      VSTK_ARGV_LOG: logs,
      [ACCESS_KEY_ID_VAR]: SHORT.accessKeyId,
      [SECRET_ACCESS_KEY_VAR]: SHORT.secretAccessKey,
    });
    assert.ok(recorded().some((l) => program(l) === 'curl' && l.some((a) => a.includes(SHORT.secretAccessKey))));
  });

  void it('sh with a variable not set: one line naming it, a non-zero exit, no request', async () => {
    const text = formatCurl(client(sim, { form: 'seed' }).describeRequest(CALLS[0]![1]));
    const before = sim.requests.length;
    const out = await exec('/bin/sh', ['-c', text], { PATH: shims, VSTK_ARGV_LOG: logs, [ACCESS_KEY_ID_VAR]: SHORT.accessKeyId });
    assert.notEqual(out.code, 0);
    assert.equal(out.stderr.trim().split('\n').length, 1, out.stderr);
    assert.match(out.stderr, new RegExp(SECRET_ACCESS_KEY_VAR));
    assert.equal(sim.requests.length, before);
  });

  // Issue 50: the sh snippet waited as long as curl would (no timeout at all) and printed an error answer with exit code
  // 0. Run as the others are: through the shims, so the checks start no program that sees a credential either.
  void describe('sh: timeouts and errors as the Node.js and Python programs report them', () => {
    const creds = { [ACCESS_KEY_ID_VAR]: SHORT.accessKeyId, [SECRET_ACCESS_KEY_VAR]: SHORT.secretAccessKey };
    const runSh = (text: string, env: Record<string, string>): Promise<Run> =>
      exec('/bin/sh', ['-c', text], { PATH: shims, VSTK_ARGV_LOG: logs, ...env });
    const failsWithOneLine = (out: Run, pattern: RegExp, code: number | undefined = 1): void => {
      if (code === undefined) assert.ok(typeof out.code === 'number' && out.code > 0, `exit code ${String(out.code)}; ${out.stderr}`);
      else assert.equal(out.code, code, `exit code ${String(out.code)}; ${out.stderr}`);
      assert.equal(out.stdout, '', 'nothing on standard output');
      assert.equal(out.stderr.split('\n').filter((l) => l !== '').length, 1, `one line, got ${out.stderr}`);
      assert.match(out.stderr, pattern);
    };

    void it('a wrong secret: one line with the HTTP status and the service message, exit code 1', async () => {
      for (const form of ['basic', 'seed'] as const) {
        const text = formatCurl(client(sim, { form }).describeRequest(CALLS[0]![1]));
        failsWithOneLine(
          await runSh(text, { ...creds, [SECRET_ACCESS_KEY_VAR]: 'wrong' }),
          /^HTTP 401, service status 401: .*(secret access key|[Ss]ignature)/,
        );
      }
    });

    void it('an error in the envelope (HTTP 200): one line with its code and message, exit code 1', async () => {
      sim.addFault({ kind: 'envelopeError', serviceCode: '1042', serviceMessage: 'Quota\nexceeded', times: 1 });
      const out = await runSh(formatCurl(client(sim, { form: 'seed' }).describeRequest(CALLS[0]![1])), creds);
      failsWithOneLine(out, /^HTTP 200, service status 1042: Quota exceeded$/m);
    });

    void it("no answer: gives up after its total timeout with curl's one line and a non-zero exit code", async () => {
      const text = formatCurl(client(sim, { form: 'seed' }).describeRequest(CALLS[0]![1]));
      // The snippet's own 60-second limit, shortened so the test does not wait a minute.
      assert.ok(text.includes('--max-time 60 '), text);
      sim.addFault({ kind: 'hang', times: 1 });
      try {
        failsWithOneLine(await runSh(text.replace('--max-time 60 ', '--max-time 2 '), creds), /^curl: \(28\) .*time/i, 28);
      } finally {
        // On a busy machine the snippet may give up before its request arrives: the fault must not outlive the test.
        sim.clearFaults();
      }
    });

    void it("no connection: gives up after its connect timeout with curl's one line and a non-zero exit code", async () => {
      // A listener whose accept queue is full (backlog 0, filled by a connection it never accepts): the kernel drops
      // the next handshake, so a connect waits as it does for a host that does not answer.
      const listener = spawn('python3', ['-u', '-c', FULL_BACKLOG], { stdio: ['pipe', 'pipe', 'inherit'] });
      try {
        const port = await new Promise<string>((resolve, reject) => {
          let said = '';
          listener.stdout.on('data', (d: Buffer) => {
            said += d.toString();
            if (said.includes('ready')) resolve(said.split('\n')[0] ?? '');
          });
          listener.once('exit', () => reject(new Error(`the listener stopped: ${said}`)));
        });
        const silent = createClient({ baseUrl: `http://127.0.0.1:${port}`, credentials: SHORT, auth: { form: 'basic' } });
        clients.push(silent);
        const text = formatCurl(silent.describeRequest(CALLS[0]![1]));
        assert.ok(text.includes('--connect-timeout 10 '), text);
        failsWithOneLine(await runSh(text.replace('--connect-timeout 10 ', '--connect-timeout 1 '), creds), /^curl: \(28\) /, 28);
      } finally {
        listener.stdin.end();
        listener.kill();
      }
    });
  });

  for (const language of ['node', 'python'] as const) {
    const write = language === 'node' ? formatNode : formatPython;
    const file = join(work, language === 'node' ? 'request.mjs' : 'request.py');
    const runIt = (text: string, env: Record<string, string>): Promise<Run> => {
      writeFileSync(file, text);
      return exec(language === 'node' ? 'node' : 'python3', [file], { PATH: process.env['PATH'] ?? '', ...env });
    };
    const oneLine = (out: Run, pattern: RegExp): void => {
      assert.equal(out.code, 1, `${language}: exit code ${String(out.code)}; ${out.stderr}`);
      assert.equal(out.stdout, '', `${language}: nothing on standard output`);
      assert.equal(out.stderr.split('\n').filter((l) => l !== '').length, 1, `${language}: one line, got ${out.stderr}`);
      assert.match(out.stderr, pattern);
    };
    const creds = { [ACCESS_KEY_ID_VAR]: SHORT.accessKeyId, [SECRET_ACCESS_KEY_VAR]: SHORT.secretAccessKey };

    void describe(language, () => {
      void it('a wrong secret: one line with the HTTP status and the service message, exit code 1', async () => {
        for (const form of ['basic', 'seed'] as const) {
          const text = write(client(sim, { form }).describeRequest(CALLS[0]![1]));
          const out = await runIt(text, { ...creds, [SECRET_ACCESS_KEY_VAR]: 'wrong' });
          oneLine(out, /HTTP 401\b.*secret access key|HTTP 401\b.*[Ss]ignature/);
        }
      });

      void it('an error in the envelope (HTTP 200): one line with its code and message, exit code 1', async () => {
        sim.addFault({ kind: 'envelopeError', serviceCode: '1042', serviceMessage: 'Quota\nexceeded', times: 1 });
        const out = await runIt(write(client(sim, { form: 'seed' }).describeRequest(CALLS[0]![1])), creds);
        oneLine(out, /HTTP 200, service status 1042: Quota exceeded$/m);
      });

      void it('a variable not set: one line naming both, exit code 1, no request', async () => {
        const text = write(client(sim, { form: 'seed' }).describeRequest(CALLS[0]![1]));
        const before = sim.requests.length;
        oneLine(
          await runIt(text, { [ACCESS_KEY_ID_VAR]: SHORT.accessKeyId }),
          new RegExp(`${ACCESS_KEY_ID_VAR} and ${SECRET_ACCESS_KEY_VAR}`),
        );
        oneLine(await runIt(text, {}), new RegExp(SECRET_ACCESS_KEY_VAR));
        assert.equal(sim.requests.length, before);
      });

      void it('no answer: gives up after its timeout with one line, exit code 1', async () => {
        const text = write(client(sim, { form: 'seed' }).describeRequest(CALLS[0]![1]));
        // The program's own 60-second timeout, shortened so the test does not wait a minute.
        const [long, short] =
          language === 'node' ? ['AbortSignal.timeout(60000)', 'AbortSignal.timeout(1500)'] : ['timeout=60)', 'timeout=1.5)'];
        assert.ok(text.includes(long), text);
        sim.addFault({ kind: 'hang', times: 1 });
        try {
          oneLine(await runIt(text.replace(long, short), creds), /^No answer within 60 seconds from 127\.0\.0\.1:\d+\.$/m);
        } finally {
          // On a busy machine the program may give up before its request arrives: the fault must not outlive the test.
          sim.clearFaults();
        }
      });

      void it('success stays as it was: the status code, then the XML answer, exit code 0', async () => {
        const out = await runIt(write(client(sim, { form: 'basic' }).describeRequest(CALLS[0]![1])), creds);
        assert.equal(out.code, 0, `${out.stderr} ${out.stdout}`);
        assert.match(out.stdout, /^200\n<\?xml/);
        assert.equal(out.stderr, '');
      });
    });
  }
});
