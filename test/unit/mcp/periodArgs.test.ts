// Month and date ids as agents send them, over the built dist/mcp.js with the protocol SDK's own Client: a month as
// "202611", the number 202611 or "2026-11", a day as "20261115", 20261115 or "2026-11-15", each reaching the service
// as the same request with the same answer; any other form refused with one sentence naming the accepted forms
// (never the SDK's list of zod issues, never a pattern), before any request. A simulator and a server per test.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { buildServer, connect, textOf, type Connected } from './harness.js';

const CREDENTIALS = { accessKeyId: 'AKID-MCP-ARGS-90B1', secretAccessKey: 'mcp-args-secret-Lp4e-never-echo' };
const VI = 'VI-DEMO-01';

let built: Awaited<ReturnType<typeof buildServer>>;
const open: Connected[] = [];
const sims: Simulator[] = [];

/** A simulator of its own and a server pointed at it. The months and days asked for are past ones (this was written on 28 November 2026). */
async function setUp(): Promise<{ sim: Simulator; c: Connected }> {
  const sim = await start({ credentials: CREDENTIALS, controlEndpoint: false });
  sims.push(sim);
  const c = await connect(built.mcpJs, {
    VOICESMS_BASE_URL: sim.url,
    VOICESMS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    VOICESMS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    // The start-up check reads the balance, not a month.
    VOICESMS_ACCOUNT_ID: 'ACC-DEMO',
    VOICESMS_VOICE_INSTANCES: `${VI}, VI-DEMO-02`,
  });
  open.push(c);
  return { sim, c };
}

async function call(c: Connected, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await c.client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The voice paths the simulator was asked for since `from`, without the query (the start-up balance check left out). */
function paths(sim: Simulator, from = 0): string[] {
  return sim.requests
    .slice(from)
    .map((q) => q.path.split('?')[0] ?? '')
    .filter((p) => p.startsWith('/v1/vvoice/'));
}

void describe('MCP door: month and date ids in every form an agent sends', { timeout: 120_000 }, () => {
  before(async () => {
    built = await buildServer();
  });
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close().catch(() => undefined);
    for (const s of sims.splice(0)) await s.close();
  });
  after(() => built?.dispose());

  void it('get_month_view takes 202611 (a number), "202611" and "2026-11" as the same month', async () => {
    const { sim, c } = await setUp();
    const answers: unknown[] = [];
    for (const monthId of [202611, '202611', '2026-11']) {
      const before = sim.requests.length;
      const r = await call(c, 'get_month_view', { instanceId: VI, monthId });
      assert.notEqual(r.isError, true, `${JSON.stringify(monthId)}: ${textOf(r)}`);
      const data = r.structuredContent as { month: string; totals: unknown; rows: unknown[] };
      assert.equal(data.month, '2026-11', JSON.stringify(monthId));
      assert.equal(data.rows.length, 30);
      assert.ok(
        paths(sim, before).includes(`/v1/vvoice/${VI}/calls/202611`),
        `${JSON.stringify(monthId)}: ${paths(sim, before).join(' ')}`,
      );
      answers.push({ totals: data.totals, rows: data.rows });
    }
    assert.deepEqual(answers[1], answers[0]);
    assert.deepEqual(answers[2], answers[0]);
  });

  void it('get_day_activities takes 20261115 (a number), "20261115" and "2026-11-15" as the same day', async () => {
    const { sim, c } = await setUp();
    const answers: unknown[] = [];
    for (const dateId of [20261115, '20261115', '2026-11-15']) {
      const before = sim.requests.length;
      const r = await call(c, 'get_day_activities', { instanceId: VI, dateId });
      assert.notEqual(r.isError, true, `${JSON.stringify(dateId)}: ${textOf(r)}`);
      const data = r.structuredContent as { date: string; values: unknown[] };
      assert.equal(data.date, '2026-11-15', JSON.stringify(dateId));
      assert.deepEqual(paths(sim, before), [`/v1/vvoice/${VI}/activities/20261115`], JSON.stringify(dateId));
      answers.push(data.values);
    }
    assert.ok((answers[0] as unknown[]).length > 0);
    assert.deepEqual(answers[1], answers[0]);
    assert.deepEqual(answers[2], answers[0]);
  });

  void it('get_trend and get_account_overview take their months in the same forms', async () => {
    const { sim, c } = await setUp();
    for (const endMonthId of [202610, '2026-10']) {
      const r = await call(c, 'get_trend', { instanceId: VI, months: 2, endMonthId });
      assert.notEqual(r.isError, true, `${JSON.stringify(endMonthId)}: ${textOf(r)}`);
      const months = (r.structuredContent as { months: Array<{ month: string }> }).months.map((m) => m.month);
      assert.deepEqual(months, ['2026-09', '2026-10'], JSON.stringify(endMonthId));
    }
    for (const monthId of [202610, '2026-10']) {
      const before = sim.requests.length;
      const r = await call(c, 'get_account_overview', { monthId });
      assert.notEqual(r.isError, true, `${JSON.stringify(monthId)}: ${textOf(r)}`);
      assert.equal((r.structuredContent as { month: string }).month, '2026-10', JSON.stringify(monthId));
      assert.ok(paths(sim, before).includes(`/v1/vvoice/VI-DEMO-02/calls/202610`), paths(sim, before).join(' '));
    }
  });

  void it('any other form is refused with one sentence naming the accepted forms, and asks the service nothing', async () => {
    const { sim, c } = await setUp();
    const month = 'monthId takes a month as "YYYYMM", the number YYYYMM or "YYYY-MM", for example "202611", 202611 or "2026-11".';
    const day =
      'dateId takes a calendar day as "YYYYMMDD", the number YYYYMMDD or "YYYY-MM-DD", for example "20261128", 20261128 or "2026-11-28".';
    const bad: Array<[string, Record<string, unknown>, string]> = [
      ['get_month_view', { instanceId: VI, monthId: '2026-13' }, month],
      ['get_month_view', { instanceId: VI, monthId: 202613 }, month],
      ['get_month_view', { instanceId: VI, monthId: '2026-1' }, month],
      ['get_month_view', { instanceId: VI, monthId: 202611.5 }, month],
      ['get_month_view', { instanceId: VI, monthId: -202611 }, month],
      ['get_month_view', { instanceId: VI, monthId: ' November 2026' }, month],
      ['get_month_view', { instanceId: VI, monthId: '２０２６１１' }, month],
      ['get_month_view', { instanceId: VI, monthId: true }, month],
      ['get_account_overview', { monthId: 1e21 }, month],
      ['get_trend', { instanceId: VI, months: 2, endMonthId: '11/2026' }, month.replace('monthId', 'endMonthId')],
      ['get_day_activities', { instanceId: VI, dateId: '20261131' }, day],
      ['get_day_activities', { instanceId: VI, dateId: '2026-1115' }, day],
      ['get_day_activities', { instanceId: VI, dateId: 2026111 }, day],
      ['get_day_activities', { instanceId: VI, dateId: null }, day],
    ];
    const before = sim.requests.length;
    for (const [name, args, sentence] of bad) {
      const r = await call(c, name, args);
      const text = textOf(r);
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)}: ${text}`);
      assert.equal(text, `${sentence}\n{"error":"validation"}`, `${name} ${JSON.stringify(args)}`);
      assert.equal(r.structuredContent, undefined);
    }
    assert.deepEqual(paths(sim, before), [], 'no request for a refused id');
  });

  void it('tools/list shows each id as a union of a pattern string and an integer, described in words', async () => {
    const { c } = await setUp();
    const { tools } = await c.client.listTools();
    const prop = (tool: string, key: string) =>
      (
        tools.find((t) => t.name === tool)?.inputSchema.properties as Record<
          string,
          { anyOf?: Array<Record<string, unknown>>; description?: string }
        >
      )[key];
    for (const [tool, key, integer] of [
      ['get_month_view', 'monthId', { minimum: 100001, maximum: 999912 }],
      ['get_trend', 'endMonthId', { minimum: 100001, maximum: 999912 }],
      ['get_account_overview', 'monthId', { minimum: 100001, maximum: 999912 }],
      ['get_day_activities', 'dateId', { minimum: 10000101, maximum: 99991231 }],
    ] as const) {
      const p = prop(tool, key);
      assert.deepEqual(
        p?.anyOf?.map((b) => b['type']),
        ['string', 'integer'],
        `${tool}.${key}`,
      );
      assert.equal(typeof p?.anyOf?.[0]?.['pattern'], 'string');
      assert.deepEqual([p?.anyOf?.[1]?.['minimum'], p?.anyOf?.[1]?.['maximum']], [integer.minimum, integer.maximum]);
      assert.match(p?.description ?? '', /YYYY/);
      const pattern = new RegExp(String(p?.anyOf?.[0]?.['pattern']), 'u');
      const forms = key === 'dateId' ? ['20261128', '2026-11-28'] : ['202611', '2026-11'];
      for (const form of forms) assert.match(form, pattern, `${tool}.${key} shows ${form} as valid`);
    }
  });
});
