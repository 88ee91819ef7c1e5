// The server's resources and prompts as a client sees them (issue 52): the built dist/mcp.js over stdio, the protocol
// SDK's own Client, a simulator per test. Every resource reads what its tool answers, refuses what its tool refuses
// with the same sentence and kind, and completes the configured instances and the recent months; every prompt names
// tools the server lists, with the arguments filled in.
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { McpError, type CallToolResult, type GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { buildServer, connect, everything, textOf, type Connected } from './harness.js';

const CREDENTIALS = { accessKeyId: 'AKID-MCP-RES-4D5E6F', secretAccessKey: 'mcp-res-secret-Qq93-never-echo' };
const BASIC = Buffer.from(`${CREDENTIALS.accessKeyId}:${CREDENTIALS.secretAccessKey}`).toString('base64');
const INSTANCES = ['VI-DEMO-01', 'VI-DEMO-02'];
const TEMPLATE = 'voicesms://instances/{instanceId}/months/{monthId}';

const ym = (d: Date): string => `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const now = new Date();
const MONTH = ym(now);
const PREVIOUS = ym(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
const NEXT = ym(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
const TODAY = `${MONTH}${String(now.getUTCDate()).padStart(2, '0')}`;
/** The last twelve months, newest first, as completion offers them. */
const RECENT = Array.from({ length: 12 }, (_, i) => ym(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))));

let built: Awaited<ReturnType<typeof buildServer>>;
let sim: Simulator;
let env: Record<string, string>;
let c: Connected;
const open: Connected[] = [];

async function server(extraEnv: Record<string, string> = {}): Promise<Connected> {
  const s = await connect(built.mcpJs, { ...env, ...extraEnv });
  open.push(s);
  return s;
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await c.client.callTool({ name, arguments: args })) as CallToolResult;
}

async function read(uri: string, on = c): Promise<{ mimeType?: string; uri: string; json: unknown }> {
  const r = await on.client.readResource({ uri });
  assert.equal(r.contents.length, 1, everything(r));
  const [first] = r.contents;
  assert.ok(first && 'text' in first, everything(r));
  return { mimeType: first.mimeType, uri: first.uri, json: JSON.parse(first.text) };
}

/** The read's refusal: the sentence and kind it carries. */
async function refusal(uri: string, on = c): Promise<{ message: string; kind: unknown; code: number }> {
  const e = await on.client.readResource({ uri }).then(
    (r) => assert.fail(`read ${uri}: ${everything(r)}`),
    (e: unknown) => e,
  );
  assert.ok(e instanceof McpError, String(e));
  return { message: e.message.replace(/^MCP error -?\d+: /, ''), kind: (e.data as { error?: unknown } | undefined)?.error, code: e.code };
}

/** A tool's refusal: its sentence (first line) and kind (last line). */
function toolRefusal(r: CallToolResult): { message: string; kind: unknown } {
  assert.equal(r.isError, true, textOf(r));
  const lines = textOf(r).split('\n');
  return { message: lines.slice(0, -1).join('\n'), kind: (JSON.parse(lines.at(-1)!) as { error: unknown }).error };
}

async function completeTemplate(argument: string, value: string): Promise<string[]> {
  const r = await c.client.complete({ ref: { type: 'ref/resource', uri: TEMPLATE }, argument: { name: argument, value } });
  return r.completion.values;
}

async function completePrompt(prompt: string, argument: string, value: string): Promise<string[]> {
  const r = await c.client.complete({ ref: { type: 'ref/prompt', name: prompt }, argument: { name: argument, value } });
  return r.completion.values;
}

function promptText(r: GetPromptResult): string {
  assert.equal(r.messages.length, 1, everything(r));
  const [m] = r.messages;
  assert.equal(m?.role, 'user');
  assert.equal(m?.content.type, 'text');
  return m.content.type === 'text' ? m.content.text : '';
}

function withoutReadAt(value: unknown): unknown {
  const { readAt: _readAt, ...rest } = value as Record<string, unknown>;
  return rest;
}

function assertNoCredential(where: string, value: unknown): void {
  const text = everything(value);
  for (const secret of [CREDENTIALS.secretAccessKey, CREDENTIALS.accessKeyId, BASIC]) {
    assert.ok(!text.includes(secret), `${where} contains a credential: ${text.slice(0, 400)}`);
  }
}

void describe('MCP resources and prompts (built dist/mcp.js, SDK client, simulator)', () => {
  before(async () => {
    built = await buildServer();
  });
  beforeEach(async () => {
    sim = await start({ credentials: CREDENTIALS, controlEndpoint: false });
    env = {
      VOICESMS_BASE_URL: sim.url,
      VOICESMS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      VOICESMS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      VOICESMS_ACCOUNT_ID: 'ACC-DEMO',
      VOICESMS_VOICE_INSTANCES: INSTANCES.join(', '),
    };
    c = await server();
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close().catch(() => undefined);
    await sim.close();
  });
  after(() => built?.dispose());

  void it('lists the two resources and the month template, JSON each, and the three prompts with their arguments; the tools stay as they were', async () => {
    const { resources } = await c.client.listResources();
    assert.deepEqual(
      resources.map((r) => [r.uri, r.name, r.mimeType]),
      [
        ['voicesms://instances', 'instances', 'application/json'],
        ['voicesms://balance', 'balance', 'application/json'],
        // The charts in chat (MCP Apps), pages rather than data: test/unit/mcp/apps.browser.test.ts reads and draws them.
        ['ui://voice-sms-toolkit/month-view', 'month-view', 'text/html;profile=mcp-app'],
        ['ui://voice-sms-toolkit/trend', 'trend', 'text/html;profile=mcp-app'],
        ['ui://voice-sms-toolkit/overview', 'overview', 'text/html;profile=mcp-app'],
      ],
    );
    const { resourceTemplates } = await c.client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((t) => [t.uriTemplate, t.name, t.mimeType]),
      [[TEMPLATE, 'month', 'application/json']],
    );
    for (const r of [...resources, ...resourceTemplates]) assert.ok(r.title && r.description, everything(r));

    const { prompts } = await c.client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => [p.name, p.title, (p.arguments ?? []).map((a) => `${a.name}${a.required ? '' : '?'}`)]),
      [
        ['month_report', 'Month report', ['instanceId', 'monthId?']],
        ['compare_months', 'Compare two months', ['instanceId', 'monthId', 'otherMonthId?']],
        ['investigate_day', 'Investigate a day', ['instanceId', 'dateId']],
      ],
    );
    for (const p of prompts) {
      assert.match(p.description ?? '', /^[A-Z].{20,}\.$/, p.name);
      for (const a of p.arguments ?? []) assert.ok(a.description, `${p.name} ${a.name}`);
    }
    const { tools } = await c.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['get_month_view', 'get_trend', 'get_day_activities', 'get_balance', 'list_instances', 'get_account_overview'],
    );
  });

  void it('every resource reads what its tool answers, as JSON', async () => {
    const pairs: Array<[string, string, Record<string, unknown>]> = [
      ['voicesms://instances', 'list_instances', {}],
      ['voicesms://balance', 'get_balance', {}],
      [`voicesms://instances/VI-DEMO-02/months/${PREVIOUS}`, 'get_month_view', { instanceId: 'VI-DEMO-02', monthId: PREVIOUS }],
      [`voicesms://instances/VI-DEMO-01/months/${MONTH}`, 'get_month_view', { instanceId: 'VI-DEMO-01', monthId: MONTH }],
      // The month as people write it, as the tool takes it too.
      [
        `voicesms://instances/VI-DEMO-01/months/${PREVIOUS.slice(0, 4)}-${PREVIOUS.slice(4)}`,
        'get_month_view',
        { instanceId: 'VI-DEMO-01', monthId: PREVIOUS },
      ],
    ];
    for (const [uri, name, args] of pairs) {
      const r = await read(uri);
      assert.equal(r.mimeType, 'application/json', uri);
      assert.equal(r.uri, uri);
      const tool = await call(name, args);
      assert.equal(tool.isError, undefined, textOf(tool));
      // The balance names when it was read: the two reads are a few milliseconds apart.
      assert.deepEqual(withoutReadAt(r.json), withoutReadAt(tool.structuredContent), uri);
    }
    const instances = (await read('voicesms://instances')).json as { instances: string[]; accountId: string };
    assert.deepEqual(instances.instances, INSTANCES);
    assert.equal(((await read('voicesms://balance')).json as { accountId: string }).accountId, 'ACC-DEMO');
    const month = (await read(`voicesms://instances/VI-DEMO-01/months/${PREVIOUS}`)).json as { instanceId: string; rows: unknown[] };
    assert.equal(month.instanceId, 'VI-DEMO-01');
    assert.ok(month.rows.length >= 28, everything(month).slice(0, 200));
  });

  void it('an unknown instance and a future month in the address are refused as get_month_view refuses them: the same sentence and kind', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['voicesms://instances/VI-NOPE/months/' + MONTH, { instanceId: 'VI-NOPE', monthId: MONTH }],
      ['voicesms://instances/VI-DEMO-01/months/' + NEXT, { instanceId: 'VI-DEMO-01', monthId: NEXT }],
    ];
    for (const [uri, args] of cases) {
      const got = await refusal(uri);
      const want = toolRefusal(await call('get_month_view', args));
      assert.deepEqual({ message: got.message, kind: got.kind }, want, uri);
    }
    assert.match((await refusal(`voicesms://instances/VI-NOPE/months/${MONTH}`)).message, /VI-NOPE.*not found/);
    const future = await refusal(`voicesms://instances/VI-DEMO-01/months/${NEXT}`);
    assert.match(future.message, /after the current month/);
    assert.equal(future.code, -32602, 'a month not begun is the request’s own mistake');
  });

  void it('a month in no form the tools take is refused with their one sentence naming the forms; a balance without an account and a server without a secret as their tools refuse', async () => {
    const year = MONTH.slice(0, 4);
    for (const month of [`${year}13`, `${year}-13`, `${MONTH}01`, 'latest']) {
      const r = await refusal(`voicesms://instances/VI-DEMO-01/months/${month}`);
      const tool = toolRefusal(await call('get_month_view', { instanceId: 'VI-DEMO-01', monthId: month }));
      assert.equal(r.message, tool.message, `the tool's own sentence for ${month}`);
      assert.equal(
        r.message,
        'monthId takes a month as "YYYYMM", the number YYYYMM or "YYYY-MM", for example "202611", 202611 or "2026-11".',
        month,
      );
      assert.equal(r.kind, 'validation');
    }
    const noAccount = await server({ VOICESMS_ACCOUNT_ID: '' });
    const got = await refusal('voicesms://balance', noAccount);
    const want = toolRefusal((await noAccount.client.callTool({ name: 'get_balance', arguments: {} })) as CallToolResult);
    assert.deepEqual({ message: got.message, kind: got.kind }, want);
    assert.match(got.message, /VOICESMS_ACCOUNT_ID/);

    // Without a secret every tool answers the configuration's sentence; so does every resource.
    const unconfigured = await server({ VOICESMS_SECRET_ACCESS_KEY: '' });
    for (const [uri, name, args] of [
      ['voicesms://instances', 'list_instances', {}],
      [`voicesms://instances/VI-DEMO-01/months/${MONTH}`, 'get_month_view', { instanceId: 'VI-DEMO-01', monthId: MONTH }],
    ] as const) {
      const r = await refusal(uri, unconfigured);
      const t = toolRefusal((await unconfigured.client.callTool({ name, arguments: args })) as CallToolResult);
      assert.deepEqual({ message: r.message, kind: r.kind }, t, uri);
      assert.equal(r.kind, 'notConfigured');
    }
  });

  void it('completes the configured instance ids and the recent months, newest first, for the template and the prompts', async () => {
    assert.deepEqual(await completeTemplate('instanceId', ''), INSTANCES);
    assert.deepEqual(await completeTemplate('instanceId', 'vi-demo-02'), ['VI-DEMO-02']);
    assert.deepEqual(await completeTemplate('instanceId', 'VI-NOPE'), []);
    assert.deepEqual(await completeTemplate('monthId', ''), RECENT);
    assert.deepEqual(await completeTemplate('monthId', MONTH), [MONTH]);
    const thisYear = RECENT.filter((m) => m.startsWith(MONTH.slice(0, 4)));
    assert.deepEqual(await completeTemplate('monthId', MONTH.slice(0, 4)), thisYear);
    assert.equal(thisYear[0], MONTH);

    for (const prompt of ['month_report', 'compare_months', 'investigate_day']) {
      assert.deepEqual(await completePrompt(prompt, 'instanceId', 'VI-DEMO-0'), INSTANCES, prompt);
    }
    assert.deepEqual(await completePrompt('month_report', 'monthId', ''), RECENT);
    assert.deepEqual(await completePrompt('compare_months', 'monthId', ''), RECENT);
    assert.deepEqual(await completePrompt('compare_months', 'otherMonthId', PREVIOUS), [PREVIOUS]);
    const days = await completePrompt('investigate_day', 'dateId', MONTH);
    assert.equal(days[0], TODAY, days.join(' '));
    assert.equal(days.at(-1), `${MONTH}01`);
    assert.equal(days.length, now.getUTCDate());
    const before = await completePrompt('investigate_day', 'dateId', PREVIOUS);
    assert.equal(before[0]?.slice(0, 6), PREVIOUS, before.join(' '));
    assert.equal(before.at(-1), `${PREVIOUS}01`);
  });

  void it('every prompt, with and without its optional arguments, is one user message naming tools the server lists with the arguments filled in', async () => {
    const listed = new Set((await c.client.listTools()).tools.map((t) => t.name));
    const gets: Array<[string, Record<string, string>, string[]]> = [
      ['month_report', { instanceId: 'VI-DEMO-01' }, ['get_month_view', '"VI-DEMO-01"', `"${MONTH}"`, 'get_day_activities']],
      ['month_report', { instanceId: 'VI-DEMO-01', monthId: PREVIOUS }, ['get_month_view', `"${PREVIOUS}"`]],
      // Months and days as people write them: the message passes them on as the tools' canonical ids.
      ['month_report', { instanceId: 'VI-DEMO-01', monthId: `${PREVIOUS.slice(0, 4)}-${PREVIOUS.slice(4)}` }, [`monthId "${PREVIOUS}"`]],
      [
        'compare_months',
        {
          instanceId: 'VI-DEMO-02',
          monthId: `${MONTH.slice(0, 4)}-${MONTH.slice(4)}`,
          otherMonthId: `${RECENT[6]!.slice(0, 4)}-${RECENT[6]!.slice(4)}`,
        },
        [`monthId "${MONTH}"`, `monthId "${RECENT[6]!}"`],
      ],
      [
        'investigate_day',
        { instanceId: 'VI-DEMO-01', dateId: `${TODAY.slice(0, 4)}-${TODAY.slice(4, 6)}-${TODAY.slice(6)}` },
        [`dateId "${TODAY}"`, `monthId "${MONTH}"`],
      ],
      [
        'compare_months',
        { instanceId: 'VI-DEMO-02', monthId: MONTH },
        ['get_month_view', '"VI-DEMO-02"', `"${MONTH}"`, `"${PREVIOUS}"`, '"previous"'],
      ],
      ['compare_months', { instanceId: 'VI-DEMO-02', monthId: MONTH, otherMonthId: RECENT[6]! }, [`"${MONTH}"`, `"${RECENT[6]!}"`]],
      [
        'investigate_day',
        { instanceId: 'VI-DEMO-01', dateId: TODAY },
        ['get_month_view', 'get_day_activities', `"${TODAY}"`, `"${MONTH}"`],
      ],
    ];
    for (const [name, args, words] of gets) {
      const r = await c.client.getPrompt({ name, arguments: args });
      const text = promptText(r);
      const where = `${name} ${JSON.stringify(args)}`;
      for (const w of words) assert.ok(text.includes(w), `${where} lacks ${w}:\n${text}`);
      const named = [...text.matchAll(/\b(?:get|list|send)_[a-z_]+/g)].map((m) => m[0]);
      assert.ok(named.length > 0, where);
      for (const n of named) assert.ok(listed.has(n), `${where} names ${n}, which the server does not list`);
      assert.match(text, /never as an instruction/, where);
      assert.doesNotMatch(text, /undefined|NaN|\$\{/, where);
    }
    // The other month given: no claim that the answer already holds the change against it.
    const other = promptText(
      await c.client.getPrompt({
        name: 'compare_months',
        arguments: { instanceId: 'VI-DEMO-02', monthId: MONTH, otherMonthId: RECENT[6]! },
      }),
    );
    assert.doesNotMatch(other, /"previous"/);
  });

  void it('prompt arguments in no form the tools take are refused with their one sentence naming the forms', async () => {
    const year = MONTH.slice(0, 4);
    const month = /^(?:other)?[mM]onthId takes a month as "YYYYMM", the number YYYYMM or "YYYY-MM", /;
    const day = /^dateId takes a calendar day as "YYYYMMDD", the number YYYYMMDD or "YYYY-MM-DD", /;
    const bad: Array<[string, Record<string, string>, RegExp]> = [
      ['month_report', { instanceId: 'VI-DEMO-01', monthId: `${year}/${MONTH.slice(4)}` }, month],
      ['compare_months', { instanceId: 'VI-DEMO-01', monthId: MONTH, otherMonthId: '202613' }, /^otherMonthId takes a month as /],
      [
        'compare_months',
        { instanceId: 'VI-DEMO-01', monthId: MONTH, otherMonthId: MONTH },
        /^otherMonthId must be another month than monthId\.$/,
      ],
      [
        'compare_months',
        { instanceId: 'VI-DEMO-01', monthId: `${year}-${MONTH.slice(4)}`, otherMonthId: MONTH },
        /^otherMonthId must be another month than monthId\.$/,
      ],
      ['investigate_day', { instanceId: 'VI-DEMO-01', dateId: `${year}-${MONTH.slice(4)}` }, day],
      ['investigate_day', { instanceId: 'VI-DEMO-01', dateId: `${year}0230` }, day],
      ['investigate_day', { instanceId: 'VI-DEMO-01', dateId: `${year}-02-30` }, day],
      ['month_report', { instanceId: 'VI/../x' }, /^instanceId must be a voice instance ID /],
    ];
    for (const [name, args, want] of bad) {
      const e = await c.client.getPrompt({ name, arguments: args }).then(
        (r) => assert.fail(`${name} ${JSON.stringify(args)}: ${everything(r)}`),
        (e: unknown) => e,
      );
      assert.ok(e instanceof McpError, String(e));
      assert.match(e.message.replace(/^MCP error -?\d+: /, ''), want, `${name} ${JSON.stringify(args)}`);
      assert.equal(e.code, -32602);
    }
  });

  void it('a service that echoes the credentials: no credential in any resource, refusal, completion or prompt', async () => {
    const echo = `${CREDENTIALS.secretAccessKey} ${CREDENTIALS.accessKeyId} Basic ${BASIC}`;
    const uris = ['voicesms://instances', 'voicesms://balance', `voicesms://instances/VI-DEMO-01/months/${PREVIOUS}`];
    const seen: unknown[] = [];
    for (const fault of [
      { kind: 'hostile' as const, serviceMessage: echo },
      { kind: 'status' as const, status: 400, serviceMessage: echo },
    ]) {
      for (const uri of uris) {
        sim.addFault(fault);
        seen.push(
          await c.client.readResource({ uri }).catch((e: unknown) => ({ message: (e as Error).message, data: (e as McpError).data })),
        );
        sim.clearFaults();
      }
    }
    assert.ok(
      seen.some((s) => (s as { data?: { error?: string } }).data?.error === 'http'),
      `the faults reached the reads: ${everything(seen).slice(0, 400)}`,
    );
    for (const uri of uris) seen.push(await c.client.readResource({ uri }));
    seen.push(await completeTemplate('instanceId', ''), await completePrompt('investigate_day', 'dateId', ''));
    for (const { name, arguments: a } of [
      { name: 'month_report', arguments: { instanceId: 'VI-DEMO-01' } },
      { name: 'compare_months', arguments: { instanceId: 'VI-DEMO-01', monthId: MONTH } },
      { name: 'investigate_day', arguments: { instanceId: 'VI-DEMO-01', dateId: TODAY } },
    ]) {
      seen.push(await c.client.getPrompt({ name, arguments: a }));
    }
    seen.forEach((s, i) => assertNoCredential(`result ${i}`, s));
    assertNoCredential('stderr', c.stderr());
  });
});
