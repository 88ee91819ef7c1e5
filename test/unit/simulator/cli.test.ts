import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { basicHeaders, send } from './helpers.js';

/** The pair the simulator used to accept by default, public in earlier versions: no start may accept it. */
const OLD_PUBLIC = { accessKeyId: 'DEMO-ACCESS-KEY', secretAccessKey: 'demo-secret-for-local-simulator-only' };

const ROOT = join(__dirname, '..', '..', '..');
// What `npm run simulator` runs (tsx src/simulator/cli.ts), with this test's own Node.
const TSX_CLI = require.resolve('tsx/cli', { paths: [ROOT] });
const CLI = join(ROOT, 'src', 'simulator', 'cli.ts');

interface Running {
  child: ChildProcess;
  lines: string[];
  exit: Promise<number | null>;
}

let running: Running | undefined;

function launch(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [TSX_CLI, CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let out = '';
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output in time; stderr: ${err}`)), 15_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const lines = out.split('\n').filter((l) => l !== '');
      if (lines.length >= 4) {
        clearTimeout(timer);
        running = { child, lines, exit };
        resolve(running);
      }
    });
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`exited early; stderr: ${err}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

void describe('simulator command line', () => {
  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exit;
    }
    running = undefined;
  });

  void it('prints the three variables (random credentials) and the control token, answers the spec calls example, and stops cleanly on SIGTERM', async () => {
    const { child, lines, exit } = await launch(['--port', '0']);
    assert.equal(lines.length, 4);
    const [base, id, secret, token] = lines;
    assert.match(token ?? '', /^VOICESMS_SIM_CONTROL_TOKEN=[0-9a-f]{64}$/);
    assert.match(base ?? '', /^VOICESMS_BASE_URL=http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    assert.match(id ?? '', /^VOICESMS_ACCESS_KEY_ID=DEMO-[0-9A-F]{16}$/);
    assert.match(secret ?? '', /^VOICESMS_SECRET_ACCESS_KEY=[0-9a-f]{64}$/);
    const printed = {
      accessKeyId: (id ?? '').slice('VOICESMS_ACCESS_KEY_ID='.length),
      secretAccessKey: (secret ?? '').slice('VOICESMS_SECRET_ACCESS_KEY='.length),
    };

    const url = (base ?? '').slice('VOICESMS_BASE_URL='.length);
    const controlToken = (token ?? '').slice('VOICESMS_SIM_CONTROL_TOKEN='.length);
    assert.equal((await send(`${url}/__sim/faults`)).status, 401, 'the control endpoints need the printed token');
    assert.equal((await send(`${url}/__sim/faults`, { headers: { 'X-Sim-Token': controlToken } })).status, 200);
    const now = Date.now();
    const r = await send(`${url}/v1/vvoice/VI-DEMO-01/calls/202406`, {
      headers: basicHeaders(printed, now),
    });
    assert.equal(r.status, 200, r.body);
    assert.equal(
      (await send(`${url}/v1/vvoice/VI-DEMO-01/calls/202406`, { headers: basicHeaders(OLD_PUBLIC, now) })).status,
      401,
      'the old public pair opens nothing',
    );
    // The control endpoint hands the same pair to tests in other processes.
    const fromControl = await send(`${url}/__sim/credentials`, { headers: { 'X-Sim-Token': controlToken } });
    assert.deepEqual(JSON.parse(fromControl.body), printed);
    assert.equal((await send(`${url}/__sim/credentials`)).status, 401);
    assert.match(r.body, /<code>200<\/code>[\s\S]*<monthView>[\s\S]*<date dateID="20240630">/);

    child.kill('SIGTERM');
    assert.equal(await exit, 0);
  });

  void it('serves on the given port with overridden credentials, and stops on SIGINT', async () => {
    const port = await freePort();
    const { child, lines, exit } = await launch([
      '--port',
      String(port),
      '--access-key-id',
      'AK-CLI',
      '--secret-access-key',
      'cli-secret',
      '--control-token',
      'cli-token-0123456789',
      '--quiet',
    ]);
    assert.deepEqual(lines, [
      `VOICESMS_BASE_URL=http://127.0.0.1:${port}`,
      'VOICESMS_ACCESS_KEY_ID=AK-CLI',
      'VOICESMS_SECRET_ACCESS_KEY=cli-secret',
      'VOICESMS_SIM_CONTROL_TOKEN=cli-token-0123456789',
    ]);
    const creds = { accessKeyId: 'AK-CLI', secretAccessKey: 'cli-secret' };
    const ok = await send(`http://127.0.0.1:${port}/v1/account/ACC-DEMO/balance`, { headers: basicHeaders(creds, Date.now()) });
    assert.equal(ok.status, 200);
    assert.equal(
      (await send(`http://127.0.0.1:${port}/v1/account/ACC-DEMO/balance`, { headers: basicHeaders(OLD_PUBLIC, Date.now()) })).status,
      401,
    );
    child.kill('SIGINT');
    assert.equal(await exit, 0);
  });

  void it('draws new credentials on every start', async () => {
    const lines = async (): Promise<string[]> => {
      const r = await launch(['--port', '0', '--quiet']);
      // SIGTERM, which tsx passes on; a SIGKILL would leave the simulator under it running.
      r.child.kill('SIGTERM');
      assert.equal(await r.exit, 0);
      return r.lines.slice(1, 3);
    };
    const first = await lines();
    const second = await lines();
    assert.notEqual(first[0], second[0]);
    assert.notEqual(first[1], second[1]);
  });

  void it('refuses half a credential pair (the other half would be a guess away)', async () => {
    const child = spawn(process.execPath, [TSX_CLI, CLI, '--access-key-id', 'AK-ONLY'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    assert.equal(await new Promise<number | null>((resolve) => child.on('exit', resolve)), 2);
    assert.match(err, /--access-key-id and --secret-access-key together/);
  });

  void it('--instances N serves VI-DEMO-01 … VI-DEMO-N and no more', async () => {
    const { child, lines, exit } = await launch(['--port', '0', '--instances', '500', '--quiet']);
    const url = (lines[0] ?? '').slice('VOICESMS_BASE_URL='.length);
    const creds = {
      accessKeyId: (lines[1] ?? '').slice('VOICESMS_ACCESS_KEY_ID='.length),
      secretAccessKey: (lines[2] ?? '').slice('VOICESMS_SECRET_ACCESS_KEY='.length),
    };
    const status = async (id: string): Promise<number> =>
      (await send(`${url}/v1/vvoice/${id}/calls/202406`, { headers: basicHeaders(creds, Date.now()) })).status;
    assert.equal(await status('VI-DEMO-01'), 200);
    assert.equal(await status('VI-DEMO-500'), 200);
    assert.equal(await status('VI-DEMO-501'), 404);
    // SIGTERM, not the afterEach SIGKILL: tsx passes it on to the simulator process it started.
    child.kill('SIGTERM');
    assert.equal(await exit, 0);
  });

  void it('refuses a bad --port with a usage message and exit code 2', async () => {
    const child = spawn(process.execPath, [TSX_CLI, CLI, '--port', 'eighty'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 2);
    assert.match(err, /--port must be a whole number[\s\S]*Usage/);
  });
});
