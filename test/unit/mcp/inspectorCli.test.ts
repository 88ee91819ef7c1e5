// The server as a client nobody here wrote sees it: the official MCP Inspector's command line
// (@modelcontextprotocol/inspector-cli, pinned in devDependencies), in its --cli mode, started once per request
// against the built dist/mcp.js over stdio, as `mcp-inspector-cli --cli node dist/mcp.js --method …` is run by hand,
// with the simulator on loopback behind it (issue 52, item 5).
//
// The Inspector sends arguments the way many model clients do: `--tool-arg monthId=202611` is parsed as JSON, so it
// arrives as the number 202611, `monthId='"202611"'` as the string "202611" and `monthId=2026-11` (not JSON) as the
// string "2026-11". Each form must give the month view; a wrong one must give one sentence naming the accepted forms,
// not a list of schema issues or a pattern. The months and days asked for are past ones (written on 29 November 2026).
//
// The Inspector's CLI 1.0.3 finds its own package.json through a path relative to the working directory
// (`fs.existsSync("../package.json")`) and fails to start from anywhere else; it is run from its build folder, where
// that path is its own package.json.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { buildServer } from './harness.js';

const CREDENTIALS = { accessKeyId: 'AKID-MCP-INSPECTOR-7C1D', secretAccessKey: 'mcp-inspector-secret-Wv82-never-echo' };
const VI = 'VI-DEMO-01';
const READ_TOOLS = ['get_account_overview', 'get_balance', 'get_day_activities', 'get_month_view', 'get_trend', 'list_instances'];
const PROMPTS = ['compare_months', 'investigate_day', 'month_report'];

const manifest = require.resolve('@modelcontextprotocol/inspector-cli/package.json');
const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
const INSPECTOR = join(dirname(manifest), bin['mcp-inspector-cli']!);

/** One run took up to 18 s with the machine at load 14 (four test files at once): a run is stopped after 100 s, a test of up to four runs after 420 s. */
const CALL_MS = 100_000;
const SLOW = { timeout: 420_000 };

let built: Awaited<ReturnType<typeof buildServer>>;
let sim: Simulator;
let stateHome: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `mcp-inspector-cli --cli node <mcp.js> ...args`, with only the server's variables (and this Node first on PATH). */
function inspector(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [INSPECTOR, '--cli', process.execPath, built.mcpJs, ...args], {
      cwd: dirname(INSPECTOR),
      env: {
        // The launcher starts its second stage as plain `node`: the same Node as this test.
        PATH: `${dirname(process.execPath)}${delimiter}${process.env['PATH'] ?? ''}`,
        XDG_STATE_HOME: stateHome,
        VOICESMS_BASE_URL: sim.url,
        VOICESMS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        VOICESMS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        VOICESMS_ACCOUNT_ID: 'ACC-DEMO',
        VOICESMS_VOICE_INSTANCES: `${VI}, VI-DEMO-02`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), CALL_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The Inspector's stderr without its deprecation banner. */
function said(r: Run): string {
  return r.stderr
    .split('\n')
    .filter((l) => l.trim() !== '' && !/deprecated|Upgrade:|security fixes only/.test(l))
    .join('\n');
}

/** A request the Inspector completed: its JSON answer. */
async function ok<T>(...args: string[]): Promise<T> {
  const r = await inspector(args);
  assert.equal(r.code, 0, `${args.join(' ')}: exit ${r.code}\n${said(r)}`);
  return JSON.parse(r.stdout) as T;
}

interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

const text = (r: ToolResult): string => r.content.map((c) => c.text ?? '').join('\n');

/** A tool call the tool answered (no tool error): its structured result. */
async function called(tool: string, ...toolArgs: string[]): Promise<Record<string, unknown>> {
  const r = await ok<ToolResult>('--method', 'tools/call', '--tool-name', tool, '--tool-arg', ...toolArgs);
  assert.notEqual(r.isError, true, `${tool} ${toolArgs.join(' ')}: ${text(r)}`);
  assert.ok(r.structuredContent, `${tool} ${toolArgs.join(' ')}: no structured content`);
  return r.structuredContent;
}

/** A wrong form: the tool error's one sentence (its last line is the kind). */
async function refused(tool: string, ...toolArgs: string[]): Promise<string> {
  const r = await ok<ToolResult>('--method', 'tools/call', '--tool-name', tool, '--tool-arg', ...toolArgs);
  assert.equal(r.isError, true, `${tool} ${toolArgs.join(' ')} was not refused: ${text(r).slice(0, 300)}`);
  const lines = text(r).split('\n');
  assert.equal(lines.length, 2, `one sentence and the kind, got: ${text(r)}`);
  assert.deepEqual(JSON.parse(lines[1]!), { error: 'validation' });
  return lines[0]!;
}

/** One sentence, in words: a full stop only at its end, nothing of a schema or a regular expression. */
function assertOneSentence(sentence: string): void {
  assert.match(sentence, /^[A-Za-z][^\n]*\.$/, sentence);
  assert.equal(sentence.replaceAll('e.g.', 'eg').split(/\.(?:\s|$)/).length - 1, 1, `more than one sentence: ${sentence}`);
  assert.doesNotMatch(
    sentence,
    /[\\^$[\]{}|]|\(\?|invalid_|expected|received|anyOf|pattern|zod/i,
    `schema words or a pattern: ${sentence}`,
  );
}

void describe('MCP Inspector CLI against the built server (stdio, simulator)', () => {
  before(async () => {
    built = await buildServer();
    sim = await start({ credentials: CREDENTIALS, controlEndpoint: false });
    stateHome = mkdtempSync(join(tmpdir(), 'vstk-mcp-state-'));
  });
  after(async () => {
    await sim?.close();
    built?.dispose();
    if (stateHome) rmSync(stateHome, { recursive: true, force: true });
  });

  void it('tools/list: the read tools, each with an input schema (no send tool without --allow-send)', SLOW, async () => {
    const { tools } = await ok<{ tools: Array<{ name: string; description?: string; inputSchema?: { type?: string } }> }>(
      '--method',
      'tools/list',
    );
    assert.deepEqual(tools.map((t) => t.name).sort(), READ_TOOLS);
    for (const t of tools) {
      assert.ok(t.description, `${t.name} has no description`);
      assert.equal(t.inputSchema?.type, 'object', t.name);
    }
  });

  void it('get_month_view: monthId "202611", 202611 and "2026-11" each give November 2026', SLOW, async () => {
    const views: unknown[] = [];
    for (const form of ['"202611"', '202611', '2026-11']) {
      const view = await called('get_month_view', `instanceId=${VI}`, `monthId=${form}`);
      assert.equal(view['instanceId'], VI, form);
      assert.equal(view['month'], '2026-11', form);
      assert.equal((view['rows'] as unknown[]).length, 30, form);
      views.push(view['totals']);
    }
    assert.deepEqual(views[1], views[0]);
    assert.deepEqual(views[2], views[0]);
  });

  void it('get_day_activities: dateId "20261128", 20261128 and "2026-11-28" each give 28 November 2026', SLOW, async () => {
    const days: unknown[] = [];
    for (const form of ['"20261128"', '20261128', '2026-11-28']) {
      const day = await called('get_day_activities', `instanceId=${VI}`, `dateId=${form}`);
      assert.equal(day['date'], '2026-11-28', form);
      assert.ok((day['total'] as number) > 0, `${form}: no activity`);
      days.push(day['values']);
    }
    assert.deepEqual(days[1], days[0]);
    assert.deepEqual(days[2], days[0]);
  });

  void it('get_trend (endMonthId as a number), get_account_overview ("2026-11"), get_balance and list_instances answer', SLOW, async () => {
    const trend = await called('get_trend', `instanceId=${VI}`, 'months=3', 'endMonthId=202611');
    assert.deepEqual(
      (trend['months'] as Array<{ month: string; error?: string }>).map((m) => [m.month, m.error]),
      [
        ['2026-09', undefined],
        ['2026-10', undefined],
        ['2026-11', undefined],
      ],
    );
    const overview = await called('get_account_overview', 'monthId=2026-11');
    assert.equal(overview['month'], '2026-11');
    const balance = await ok<ToolResult>('--method', 'tools/call', '--tool-name', 'get_balance');
    assert.notEqual(balance.isError, true, text(balance));
    assert.equal(balance.structuredContent?.['accountId'], 'ACC-DEMO');
    const list = await ok<ToolResult>('--method', 'tools/call', '--tool-name', 'list_instances');
    assert.notEqual(list.isError, true, text(list));
    assert.deepEqual(list.structuredContent?.['instances'], [VI, 'VI-DEMO-02']);
  });

  void it('a wrong form is refused with one sentence naming the accepted forms', SLOW, async () => {
    const month = await refused('get_month_view', `instanceId=${VI}`, 'monthId=2026-13');
    assertOneSentence(month);
    for (const form of ['"YYYYMM"', 'the number YYYYMM', '"YYYY-MM"']) assert.ok(month.includes(form), `${form} not named: ${month}`);
    const day = await refused('get_day_activities', `instanceId=${VI}`, 'dateId=20261131');
    assertOneSentence(day);
    for (const form of ['"YYYYMMDD"', 'the number YYYYMMDD', '"YYYY-MM-DD"']) assert.ok(day.includes(form), `${form} not named: ${day}`);
  });

  void it('other wrong arguments too: a numeric instance id, one with "/", a count out of range, an unknown argument', SLOW, async () => {
    // The Inspector sends instanceId=12345 as a number, like the month.
    const numeric = await refused('get_month_view', 'instanceId=12345', 'monthId=202611');
    assertOneSentence(numeric);
    assert.match(numeric, /^instanceId takes a string: the voice instance ID/);
    // The core's own words for an id, as the editor shows them (no full stop there), not the schema's pattern.
    const slash = await refused('get_day_activities', 'instanceId=VI/1', 'dateId=20261128');
    assert.match(slash, /^Invalid instanceId: must not contain "\/"\.?$/);
    const months = await refused('get_trend', `instanceId=${VI}`, 'months=99');
    assertOneSentence(months);
    assert.match(months, /^months takes a whole number: .*1 to 24/);
    const unknown = await refused('get_month_view', `instanceId=${VI}`, 'monthId=202611', 'month=202611');
    assertOneSentence(unknown);
    assert.match(unknown, /^get_month_view takes only instanceId and monthId/);
  });

  void it('resources/list, resources/templates/list and resources/read of each kind', SLOW, async () => {
    const { resources } = await ok<{ resources: Array<{ uri: string; mimeType?: string }> }>('--method', 'resources/list');
    assert.deepEqual(resources.map((r) => [r.uri, r.mimeType]).sort(), [
      // The charts in the conversation (MCP Apps): a page each for the month view, trend and overview tools.
      ['ui://voice-sms-toolkit/month-view', 'text/html;profile=mcp-app'],
      ['ui://voice-sms-toolkit/overview', 'text/html;profile=mcp-app'],
      ['ui://voice-sms-toolkit/trend', 'text/html;profile=mcp-app'],
      ['voicesms://balance', 'application/json'],
      ['voicesms://instances', 'application/json'],
    ]);
    const { resourceTemplates } = await ok<{ resourceTemplates: Array<{ uriTemplate: string }> }>('--method', 'resources/templates/list');
    assert.deepEqual(
      resourceTemplates.map((t) => t.uriTemplate),
      ['voicesms://instances/{instanceId}/months/{monthId}'],
    );
    const readText = async (uri: string, mimeType: string): Promise<string> => {
      const { contents } = await ok<{ contents: Array<{ uri: string; mimeType?: string; text?: string }> }>(
        '--method',
        'resources/read',
        '--uri',
        uri,
      );
      assert.equal(contents.length, 1, uri);
      assert.equal(contents[0]!.uri, uri);
      assert.equal(contents[0]!.mimeType, mimeType, uri);
      return contents[0]!.text ?? '';
    };
    const read = async (uri: string): Promise<Record<string, unknown>> =>
      JSON.parse(await readText(uri, 'application/json')) as Record<string, unknown>;
    // A chart page is one self-contained HTML document.
    assert.match(await readText('ui://voice-sms-toolkit/month-view', 'text/html;profile=mcp-app'), /^<!DOCTYPE html>/i);
    assert.deepEqual((await read('voicesms://instances'))['instances'], [VI, 'VI-DEMO-02']);
    assert.equal((await read('voicesms://balance'))['accountId'], 'ACC-DEMO');
    const month = await read(`voicesms://instances/${VI}/months/202611`);
    assert.equal(month['month'], '2026-11');
    assert.equal((month['rows'] as unknown[]).length, 30);
  });

  void it('prompts/list and prompts/get of each prompt', SLOW, async () => {
    const { prompts } = await ok<{ prompts: Array<{ name: string; description?: string }> }>('--method', 'prompts/list');
    assert.deepEqual(prompts.map((p) => p.name).sort(), PROMPTS);
    const get = async (name: string, ...args: string[]): Promise<string> => {
      const r = await ok<{ messages: Array<{ role: string; content: { type: string; text?: string } }> }>(
        '--method',
        'prompts/get',
        '--prompt-name',
        name,
        '--prompt-args',
        ...args,
      );
      assert.equal(r.messages.length, 1, name);
      assert.equal(r.messages[0]!.role, 'user', name);
      return r.messages[0]!.content.text ?? '';
    };
    // The Inspector turns 202611 into a number and then back into the string "202611": prompt arguments are strings.
    const report = await get('month_report', `instanceId=${VI}`, 'monthId=202611');
    assert.match(report, /get_month_view with instanceId "VI-DEMO-01" and monthId "202611"/);
    const compare = await get('compare_months', `instanceId=${VI}`, 'monthId=202611', 'otherMonthId=202610');
    assert.match(compare, /once with monthId "202611" and once with monthId "202610"/);
    const day = await get('investigate_day', `instanceId=${VI}`, 'dateId=20261128');
    assert.match(day, /get_day_activities with instanceId "VI-DEMO-01" and dateId "20261128"/);
  });
});
