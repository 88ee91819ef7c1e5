// The MCP conformance suite (@modelcontextprotocol/conformance, pinned in devDependencies) against the built
// dist/mcp.js (issue 52, item 5). The suite's server mode takes only a URL; our server speaks stdio, so the test
// puts it behind the protocol SDK's own Streamable HTTP server transport on loopback (httpBridge.ts: one server
// process per HTTP session, messages passed unchanged), with the simulator behind the server. Each scenario is one
// run of the suite's command line (`conformance server --url … --scenario …`); a scenario fails this test when the
// suite exits non-zero or any of its checks is not SUCCESS (the checks are read from its results folder).
//
// Run (the generic server scenarios):
//   server-initialize  the two-phase handshake
//   ping               an empty result
//   tools-list         every tool with a name, a description and an input schema
//   tools-call-error   a failing tools/call answers a result with isError and a text. The suite calls its reference
//                      server's tool `test_error_handling`, which this server does not have, so what it meets here is
//                      the answer to a call of an unknown tool (the SDK's tool error "Tool … not found"); our own
//                      tools' errors are checked by inspectorCli.test.ts and the other tests of this folder.
//   resources-list     every resource with a uri and a name
//   prompts-list       every prompt with a name
//
// Not run (the rest of the suite's server scenarios, 0.1.16):
//   logging-set-level, tools-call-with-logging: the server declares no logging capability (it writes to stderr, as
//     a stdio server does), and answers logging/setLevel with "method not found", as it should then.
//   resources-subscribe, resources-unsubscribe: it offers no subscriptions (not declared; its data is read on demand).
//   completion-complete, tools-call-simple-text, -image, -audio, -embedded-resource, -mixed-content, -with-progress,
//     -sampling, -elicitation, elicitation-sep1034-defaults, elicitation-sep1330-enums, json-schema-2020-12,
//     resources-read-text, resources-read-binary, resources-templates-read, prompts-get-simple, -with-args,
//     -embedded-resource, -with-image: each calls a fixture of the suite's reference server by name
//     (test_simple_text, test://static-text, test_prompt_with_arguments …) that this server does not have.
//     (tools-call-simple-text would even pass, on the unknown tool's text error, and prove nothing.) Our completion,
//     resource reads and prompts are checked by resourcesPrompts.test.ts and inspectorCli.test.ts.
//   server-sse-polling, server-sse-multiple-streams, dns-rebinding-protection: properties of an HTTP server. Ours
//     speaks stdio only; through this test's bridge they would measure the bridge, not the server.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { startBridge, type Bridge } from './httpBridge.js';
import { buildServer } from './harness.js';

const CREDENTIALS = { accessKeyId: 'AKID-MCP-CONFORMANCE-3E9A', secretAccessKey: 'mcp-conformance-secret-Hd61-never-echo' };

const manifest = require.resolve('@modelcontextprotocol/conformance/package.json');
const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
const CONFORMANCE = join(dirname(manifest), bin['conformance']!);

/** The suite colours its report whatever NO_COLOR says: the escapes are left out of a failure's message. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** What each scenario's checks must show besides passing: that the suite met this server, not some other one. */
const SCENARIOS: Record<string, (details: Record<string, unknown>) => void> = {
  'server-initialize': (d) => assert.equal(d['connected'], true),
  ping: (d) => assert.deepEqual(d['result'], {}),
  'tools-list': (d) =>
    assert.deepEqual(d['tools'], [
      'get_month_view',
      'get_trend',
      'get_day_activities',
      'get_balance',
      'list_instances',
      'get_account_overview',
    ]),
  'tools-call-error': (d) => {
    const result = d['result'] as { isError?: boolean; content?: Array<{ text?: string }> };
    assert.equal(result.isError, true);
    assert.match(result.content?.[0]?.text ?? '', /test_error_handling/);
  },
  'resources-list': (d) =>
    assert.deepEqual(d['resources'], [
      'voicesms://instances',
      'voicesms://balance',
      // The charts in the conversation (MCP Apps): the pages the month view, trend and overview tools name.
      'ui://voice-sms-toolkit/month-view',
      'ui://voice-sms-toolkit/trend',
      'ui://voice-sms-toolkit/overview',
    ]),
  'prompts-list': (d) => assert.deepEqual(d['prompts'], ['month_report', 'compare_months', 'investigate_day']),
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: Record<string, unknown>;
}

let built: Awaited<ReturnType<typeof buildServer>>;
let sim: Simulator;
let bridge: Bridge;
let stateHome: string;
let results: string;

/** `conformance server --url <bridge> --scenario <scenario> -o <folder>`: its exit code, output and checks. */
function conformance(scenario: string): Promise<{ code: number | null; output: string; checks: Check[] }> {
  const out = join(results, scenario);
  return new Promise((resolve, reject) => {
    // Its own process, so that the bridge in this one keeps answering while the suite waits on it.
    const child = spawn(process.execPath, [CONFORMANCE, 'server', '--url', bridge.url, '--scenario', scenario, '-o', out], {
      env: { PATH: process.env['PATH'] ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const files = globSync('*/checks.json', { cwd: out });
      const checks = files.flatMap((f) => JSON.parse(readFileSync(join(out, f), 'utf8')) as Check[]);
      resolve({ code, output: output.replace(COLOURS, ''), checks });
    });
  });
}

void describe('MCP conformance suite: the generic server scenarios, against the built server over a Streamable HTTP bridge', () => {
  before(async () => {
    built = await buildServer();
    sim = await start({ credentials: CREDENTIALS, controlEndpoint: false });
    stateHome = mkdtempSync(join(tmpdir(), 'vstk-mcp-state-'));
    results = mkdtempSync(join(tmpdir(), 'vstk-mcp-conformance-'));
    bridge = await startBridge(built.mcpJs, {
      PATH: process.env['PATH'] ?? '',
      XDG_STATE_HOME: stateHome,
      VOICESMS_BASE_URL: sim.url,
      VOICESMS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      VOICESMS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      VOICESMS_ACCOUNT_ID: 'ACC-DEMO',
      VOICESMS_VOICE_INSTANCES: 'VI-DEMO-01, VI-DEMO-02',
    });
  });
  after(async () => {
    await bridge?.close();
    await sim?.close();
    built?.dispose();
    for (const folder of [stateHome, results]) if (folder) rmSync(folder, { recursive: true, force: true });
  });

  for (const [scenario, metOurServer] of Object.entries(SCENARIOS)) {
    void it(scenario, { timeout: 120_000 }, async () => {
      const { code, output, checks } = await conformance(scenario);
      const verdicts = checks.filter((c) => c.status !== 'INFO');
      const wrong = verdicts.filter((c) => c.status !== 'SUCCESS');
      const why = () =>
        `${wrong.map((c) => `${c.id}: ${c.status} ${c.errorMessage ?? ''}`).join('\n')}\n--- suite\n${output.slice(-3000)}\n--- servers\n${bridge.stderr().slice(-2000)}`;
      assert.equal(code, 0, why());
      assert.ok(verdicts.length > 0, `no check ran\n${why()}`);
      assert.deepEqual(wrong, [], why());
      for (const c of verdicts) metOurServer(c.details ?? {});
    });
  }
});
