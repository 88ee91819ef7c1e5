// The MCP server's process as an agent's client starts it: the built dist/mcp.js (with dist/core.js and
// dist/simulator.js beside it) spawned over stdio. Strict flags stop the start with one sentence; --demo
// serves the built-in simulator in the same process, so every read tool answers without an account; an
// oversized message never leaves the process running deaf.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DEMO_INSTANCES, DEMO_SENDER_IDS } from '../../../src/simulator/index.js';
import { buildServer, textOf } from './harness.js';

const now = new Date();
const MONTH = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
const DAY = `${MONTH}${String(now.getUTCDate()).padStart(2, '0')}`;
/** Valid inputs for every read tool a server may list; a new read tool needs its line here. */
const READ_INPUTS: Record<string, Record<string, unknown>> = {
  get_month_view: { instanceId: DEMO_INSTANCES[0], monthId: MONTH },
  get_trend: { instanceId: DEMO_INSTANCES[0], months: 2 },
  get_day_activities: { instanceId: DEMO_INSTANCES[1], dateId: DAY },
  get_balance: {},
  list_instances: {},
  get_account_overview: {},
};

let built: Awaited<ReturnType<typeof buildServer>>;
const open: Client[] = [];

/** Runs the server with `args` and no input; for command lines that must stop the start. */
function runOnce(args: string[]): { status: number | null; stderr: string; stdout: string } {
  const r = spawnSync(process.execPath, [built.mcpJs, ...args], {
    input: '',
    encoding: 'utf8',
    timeout: 20_000,
    env: { PATH: process.env['PATH'] ?? '' },
  });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

/** An SDK client on the server started with `args`; it accepts every elicitation (the user says "send"). */
async function startClient(args: string[], env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [built.mcpJs, ...args],
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const client = new Client({ name: 'vstk-startup-test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, (req) => {
    const schema = 'requestedSchema' in req.params ? req.params.requestedSchema : undefined;
    const content = Object.fromEntries(
      Object.entries(schema?.properties ?? {}).map(([k, v]) => [k, (v as { type?: string }).type === 'boolean' ? true : 'send']),
    );
    return { action: 'accept', content };
  });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => err };
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

void describe('MCP server start (built dist/mcp.js over stdio)', { timeout: 120_000 }, () => {
  before(async () => {
    built = await buildServer();
  });

  after(async () => {
    for (const c of open) await c.close().catch(() => undefined);
    built?.dispose();
  });

  void describe('strict flags', () => {
    void it('an unknown flag stops the start with one sentence naming it (and the flag that was probably meant)', () => {
      const r = runOnce(['--allowsend']);
      assert.equal(r.status, 2);
      assert.equal(r.stdout, '', 'nothing on the protocol channel');
      const lines = r.stderr.trim().split('\n');
      assert.equal(lines.length, 1, r.stderr);
      assert.match(
        lines[0] ?? '',
        /Unknown flag --allowsend \(argument 1\), perhaps --allow-send was meant: the server takes --allow-send, --max-sends-per-hour N and --demo\.$/,
      );
    });

    void it('an argument that is not a flag is named by its position, never echoed (it may be a pasted secret)', () => {
      const secret = 'sk_live_4f9Qx7PASTED';
      for (const args of [[secret], ['--demo', `--token=${secret}`], ['--demo', `--${secret}!`]]) {
        const r = runOnce(args);
        assert.equal(r.status, 2, args.join(' '));
        assert.ok(!r.stderr.includes(secret), r.stderr);
        assert.match(r.stderr, /argument \d/i);
      }
      assert.match(runOnce(['--demo', '--token=x']).stderr, /Unknown flag --token \(argument 2\)/);
    });

    void it('--max-sends-per-hour needs a positive whole number', () => {
      for (const args of [
        ['--max-sends-per-hour'],
        ['--max-sends-per-hour', '0'],
        ['--max-sends-per-hour=1O'],
        ['--max-sends-per-hour', '-3'],
        ['--max-sends-per-hour', '2.5'],
      ]) {
        const r = runOnce(args);
        assert.equal(r.status, 2, args.join(' '));
        assert.match(r.stderr, /--max-sends-per-hour needs a whole number of sends from 1 to 999999/, args.join(' '));
        assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      }
    });

    void it('a switch given a value and a flag given twice are refused with one sentence, never repeating the value', () => {
      const cases: Array<[string[], RegExp]> = [
        [['--allow-send=1'], /^\[voice-sms-toolkit\] --allow-send takes no value \(argument 1\); give it alone, without "="\.$/],
        [['--demo', '--demo=yes-SECRET'], /--demo is given twice \(arguments 1 and 2\); give it once\.$/],
        [['--allow-send', '--allow-send'], /--allow-send is given twice \(arguments 1 and 2\); give it once\.$/],
        [
          ['--max-sends-per-hour', '3', '--demo', '--max-sends-per-hour=4'],
          /--max-sends-per-hour is given twice \(arguments 1 and 4\); give it once\.$/,
        ],
        [['--demo=SECRET-1'], /^\[voice-sms-toolkit\] --demo takes no value \(argument 1\)/],
      ];
      for (const [args, expected] of cases) {
        const r = runOnce(args);
        assert.equal(r.status, 2, args.join(' '));
        assert.equal(r.stdout, '', 'nothing on the protocol channel');
        const lines = r.stderr.trim().split('\n');
        assert.equal(lines.length, 1, r.stderr);
        assert.match(lines[0] ?? '', expected, args.join(' '));
        assert.ok(!r.stderr.includes('SECRET'), r.stderr);
      }
    });

    void it('every known flag, in either spelling of the count, starts the server', async () => {
      for (const args of [
        ['--demo', '--allow-send', '--max-sends-per-hour', '3'],
        ['--max-sends-per-hour=7', '--demo'],
      ]) {
        const { client, stderr } = await startClient(args);
        const { tools } = await client.listTools();
        assert.ok(tools.length >= 5, args.join(' '));
        await until(() => stderr().includes('Ready'));
        assert.match(stderr(), /Ready/);
      }
    });
  });

  void describe('--demo', () => {
    let demo: { client: Client; stderr: () => string };
    before(async () => {
      // Settings in the environment are ignored: the demo needs no account and uses none.
      demo = await startClient(['--demo'], { VOICESMS_BASE_URL: 'https://unreachable.invalid', VOICESMS_ACCESS_KEY_ID: 'x' });
    });

    void it('lists the tools and answers every read tool from the built-in simulator', async () => {
      const { tools } = await demo.client.listTools();
      const reads = tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name);
      assert.ok(reads.length >= 5, reads.join(', '));
      for (const name of reads) {
        const args = READ_INPUTS[name];
        assert.ok(args, `${name} has inputs in READ_INPUTS`);
        const r = (await demo.client.callTool({ name, arguments: args })) as CallToolResult;
        assert.notEqual(r.isError, true, `${name}: ${textOf(r)}`);
        assert.ok(r.structuredContent, `${name} has structured content`);
      }
      await until(() => /Connected to 127\.0\.0\.1/.test(demo.stderr()));
      assert.match(demo.stderr(), /Demo: the built-in simulator serves http:\/\/127\.0\.0\.1:\d+ with fresh credentials/);
    });

    void it("names the demo's instances and account", async () => {
      const r = (await demo.client.callTool({ name: 'list_instances', arguments: {} })) as CallToolResult;
      const text = JSON.stringify(r.structuredContent);
      for (const id of DEMO_INSTANCES) assert.ok(text.includes(id), text);
      assert.ok(text.includes('ACC-DEMO'), text);
    });

    void it('with --allow-send, a confirmed test SMS goes to the built-in simulator', async () => {
      const c = await startClient(['--demo', '--allow-send']);
      const r = (await c.client.callTool({
        name: 'send_test_sms',
        arguments: { from: DEMO_SENDER_IDS[0], to: '+15005550123', body: 'demo over MCP' },
      })) as CallToolResult;
      assert.notEqual(r.isError, true, textOf(r));
    });
  });

  void describe('an oversized message', () => {
    void it('is never met with a deaf process: the server says why on stderr and exits', { timeout: 120_000 }, async () => {
      const child = spawn(process.execPath, [built.mcpJs, '--demo'], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { PATH: process.env['PATH'] ?? '' },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
      // A server that stops reading mid-line closes the pipe under the writer: that is an answer, not a test error.
      child.stdin.on('error', () => undefined);
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      const send = (m: unknown): boolean => child.stdin.write(JSON.stringify(m) + '\n');
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      await until(() => out.includes('"id":1'));
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      // 11 MiB of tool input on one line: over the SDK's 10 MiB stdio buffer.
      child.stdin.write(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'get_balance', arguments: { pad: 'x'.repeat(11 * 1024 * 1024) } },
        }) + '\n',
      );
      send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
      // Waits for the event (an answer or the exit); the deadline only bounds a server that does neither. The SDK
      // joins every chunk of a line to the ones before (quadratic): 11 MiB took 24 s to refuse at a load average of 8.
      const answer = new Promise<'alive'>((r) =>
        child.stdout.on('data', () => (out.includes('"id":3') || out.includes('"id":2')) && r('alive')),
      );
      const code = await Promise.race([exited, answer, new Promise<'alive'>((r) => setTimeout(() => r('alive'), 50_000))]);
      const answered = out.includes('"id":3') || out.includes('"id":2');
      if (code === 'alive') child.kill();
      assert.ok(code !== 'alive' || answered, `the server neither answered nor exited; stderr: ${err}`);
      if (code !== 'alive') {
        assert.notEqual(code, 0);
        assert.match(err, /larger than the 10 MiB a stdio line may hold; the server stops/);
      }
    });
  });
});
