// Like for like, against a server that is not our simulator: a plain loopback server answers November 2026 up to
// its 27th (days 28–30 future) and all of October, whose first 27 days carry less traffic than November's and
// whose last four carry more. Every surface that shows a change — the overview loader (panel, exports,
// both overview tools), the month view's controller and both MCP tools — must report the change of the same 27
// days, which this file works out from the day figures alone (not through the product's comparison code): +4.4 %,
// where all of October would read about −11 %.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import { MonthViewController } from '../../../src/panels/monthView/controller.js';
import type { MonthViewToWebview } from '../../../src/panels/monthView/protocol.js';
import { formatOverviewExport } from '../../../src/shared/overview/overviewExport.js';
import { loadOverview } from '../../../src/tools/overview/overviewLoader.js';
import { startLoopback, type Loopback } from '../core/http/loopback.js';
import { buildServer, connect, textOf, type Connected } from '../mcp/harness.js';

const INSTANCE = 'VI-IND-7';
const CREDENTIALS = { accessKeyId: 'AKID-IND-TEST', secretAccessKey: 'independent-secret-0042' };

// Call legs per day, index 0 = the 1st. November: 27 days so far; October: all 31.
const NOVEMBER = Array.from({ length: 27 }, (_, i) => 100 + (i % 7) * 10 + (i === 26 ? 18 : 0) + 5);
const OCTOBER = [...Array.from({ length: 27 }, (_, i) => 100 + (i % 7) * 10), 150, 155, 155, 156];

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
/** Percent change with one decimal, from the day figures directly. */
const pct = (now: number, before: number): number => Math.round(((now - before) / before) * 1000) / 10;
const SAME_DAYS = pct(sum(NOVEMBER), sum(OCTOBER.slice(0, 27)));
const WHOLE_MONTH = pct(sum(NOVEMBER), sum(OCTOBER));

function dayXml(dateId: string, legs: number): string {
  const inbound = Math.floor(legs / 2);
  return (
    `<date dateID="${dateId}"><call_legs>${legs}</call_legs><call_legs_in>${inbound}</call_legs_in>` +
    `<call_legs_out>${legs - inbound}</call_legs_out><calls_unique>${Math.floor(legs / 3)}</calls_unique>` +
    `<duration_min>${legs * 2}</duration_min></date>`
  );
}

/** The calls answer of one month, written here by hand: oldest day first (the sample is newest first). */
function monthAnswer(monthId: string): string | undefined {
  const [legs, length, current] =
    monthId === '202611' ? [NOVEMBER, 30, '20261127'] : monthId === '202610' ? [OCTOBER, 31, '20261031'] : [[], 0, ''];
  if (!current) return undefined;
  const days = Array.from({ length }, (_, i) => dayXml(`${monthId}${String(i + 1).padStart(2, '0')}`, legs[i] ?? 0)).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><response><status><code>200</code><message>OK</message>' +
    '<timestamp>2026-11-27 09:00:00:000 +0000</timestamp></status><service><provider>Elsewhere</provider><id>calls</id>' +
    `<version>7</version></service><result><monthView><currentDateID>${current}</currentDateID><calls>${days}</calls>` +
    '</monthView></result></response>'
  );
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  const m = /^\/v1\/vvoice\/([^/]+)\/calls\/(\d{6})$/.exec(req.url ?? '');
  const body = m && decodeURIComponent(m[1]!) === INSTANCE ? monthAnswer(m[2]!) : undefined;
  res.statusCode = body ? 200 : 404;
  res.setHeader('content-type', 'application/xml');
  res.end(body ?? '<response><status><code>404</code><message>not here</message></status></response>');
}

void describe('like for like against an independent server', () => {
  let server: Loopback;
  let client: VoiceSmsClient;

  before(async () => {
    server = await startLoopback(serve);
    client = createClient({ baseUrl: server.url, credentials: CREDENTIALS, retry: { attempts: 1, baseDelayMs: 1 } });
  });
  after(async () => {
    await client?.close();
    await server?.close();
  });

  void it('the figures of this file: +4.4 % over the same days, about −11 % against all of October', () => {
    assert.equal(SAME_DAYS, 4.4);
    assert.ok(WHOLE_MONTH < -10, String(WHOLE_MONTH));
  });

  void it('the overview row, its total and its exports compare Nov 1–27 with Oct 1–27', async () => {
    const result = await loadOverview({ load: (i, m, s, priority) => client.getMonthView(i, m, s, { priority }) }, [INSTANCE], '202611', {
      signal: new AbortController().signal,
    });
    const row = result.rows[0]!;
    assert.equal(row.status, 'ok', row.error);
    assert.equal(row.figures?.callLegs, sum(NOVEMBER));
    assert.equal(row.previousCallLegs, sum(OCTOBER.slice(0, 27)));
    assert.equal(row.changePct, SAME_DAYS);
    assert.equal(result.totals.changePct, SAME_DAYS);
    // The trend cell keeps whole months.
    assert.deepEqual(row.trend.slice(10), [sum(OCTOBER), sum(NOVEMBER)]);

    const csv = formatOverviewExport(result.rows, 'csv', { monthId: '202611' }).split('\r\n');
    const header = csv[0]!.split(',');
    const cell = (line: string, name: string): string => line.split(',')[header.indexOf(name)]!;
    assert.equal(cell(csv[1]!, 'change_pct'), String(SAME_DAYS));
    assert.equal(cell(csv[1]!, 'compared_days'), '2026-11-01/2026-11-27');
    assert.equal(cell(csv[1]!, 'previous_days'), '2026-10-01/2026-10-27');
    assert.equal(cell(csv[2]!, 'change_pct'), String(SAME_DAYS), 'the total');
    const json = JSON.parse(formatOverviewExport(result.rows, 'json', { monthId: '202611' })) as {
      rows: Array<{ changePct: number; compared: { from: string; to: string; previousFrom: string; previousTo: string } }>;
      totals: { changePct: number; compared: unknown };
    };
    assert.equal(json.rows[0]!.changePct, SAME_DAYS);
    assert.deepEqual(json.rows[0]!.compared, {
      from: '2026-11-01',
      to: '2026-11-27',
      previousFrom: '2026-10-01',
      previousTo: '2026-10-27',
      wholeMonths: false,
    });
    assert.deepEqual(json.totals.compared, json.rows[0]!.compared);
    const md = formatOverviewExport(result.rows, 'markdown', { monthId: '202611' });
    assert.match(md, /Change: call legs, 2026-11-01 to 2026-11-27 vs 2026-10-01 to 2026-10-27\./);
  });

  void it("the month view's comparison is October's first 27 days", async () => {
    const sent: MonthViewToWebview[] = [];
    const c = new MonthViewController(
      { instanceId: INSTANCE, monthId: '202611' },
      { load: (i, m, s) => client.getMonthView(i, m, s) },
      (m) => {
        sent.push(m);
        return true;
      },
    );
    await c.handle({ type: 'ready' });
    await c.load();
    const cmp = sent.find((m) => m.type === 'comparison');
    assert.ok(cmp?.type === 'comparison', 'a comparison was sent');
    assert.equal(cmp.totals.callLegs, sum(OCTOBER.slice(0, 27)));
    assert.equal(cmp.totals.days, 27);
    assert.deepEqual(cmp.compared, { monthId: '202611', previousMonthId: '202610', lastDay: 27, previousLastDay: 27, wholeMonths: false });
    c.dispose();
  });

  void describe('through the MCP door', () => {
    let built: Awaited<ReturnType<typeof buildServer>>;
    let mcp: Connected;
    const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
      (await mcp.client.callTool({ name, arguments: args })) as CallToolResult;

    before(async () => {
      built = await buildServer();
      mcp = await connect(built.mcpJs, {
        VOICESMS_BASE_URL: server.url,
        VOICESMS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        VOICESMS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        VOICESMS_VOICE_INSTANCES: INSTANCE,
      });
    });
    after(async () => {
      await mcp?.close();
      built?.dispose();
    });

    void it('get_account_overview says +4.4 % and names the days it compared', async () => {
      const r = await call('get_account_overview', { monthId: '202611' });
      assert.notEqual(r.isError, true, textOf(r));
      const data = r.structuredContent as { rows: Array<{ changePct: number }>; totals: { changePct: number } };
      assert.equal(data.rows[0]!.changePct, SAME_DAYS);
      assert.equal(data.totals.changePct, SAME_DAYS);
      assert.match(textOf(r), /compare 2026-11-01 to 2026-11-27 with 2026-10-01 to 2026-10-27/);
      assert.match(textOf(r), /\+4\.4% change/);
    });

    void it("get_month_view's change is the same days' change", async () => {
      const r = await call('get_month_view', { instanceId: INSTANCE, monthId: '202611' });
      assert.notEqual(r.isError, true, textOf(r));
      const data = r.structuredContent as { previous: { totals: { callLegs: number }; change: { callLegs: string } } };
      const before = sum(OCTOBER.slice(0, 27));
      assert.equal(data.previous.totals.callLegs, before);
      assert.equal(data.previous.change.callLegs, `+${sum(NOVEMBER) - before} (+${SAME_DAYS}%)`);
      assert.match(textOf(r), /2026-11-01 to 2026-11-27 with 2026-10-01 to 2026-10-27: call legs \+\d+ \(\+4\.4%\)/);
    });
  });
});
