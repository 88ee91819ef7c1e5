// Every tool's words, as an agent reads them: each tool called over the built server (--demo, --allow-send) with
// ordinary inputs and with inputs that fail (an unknown instance, an unknown sender, a national number, a month
// after the current one, a one-character message), and every text checked for a count with the wrong plural
// ("1 messages", "1 characters"), doubled full stops ("not found.."), and the editor's settings named through the
// MCP door (where VOICESMS_* variables are what the user can set). The sentences come from the shared text builders,
// so the editor's chat tools say the same.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DEMO_INSTANCES, DEMO_SENDER_IDS } from '../../../src/simulator/index.js';
import { buildServer, connect, textOf, type Connected } from './harness.js';

const now = new Date();
const ym = (d: Date): string => `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const MONTH = ym(now);
const NEXT = ym(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
const LATER = ym(new Date(Date.UTC(now.getUTCFullYear() + 3, now.getUTCMonth(), 1)));
const DAY = `${MONTH}${String(now.getUTCDate()).padStart(2, '0')}`;
const [VI] = DEMO_INSTANCES;

const CALLS: Array<[string, Record<string, unknown>]> = [
  ['list_instances', {}],
  ['get_balance', {}],
  ['get_month_view', { instanceId: VI, monthId: MONTH }],
  ['get_month_view', { instanceId: 'VI-NOPE', monthId: MONTH }],
  ['get_trend', { instanceId: VI, months: 1 }],
  ['get_trend', { instanceId: VI, months: 3 }],
  ['get_trend', { instanceId: 'VI-NOPE', months: 2 }],
  ['get_day_activities', { instanceId: VI, dateId: DAY }],
  ['get_day_activities', { instanceId: 'VI-NOPE', dateId: DAY }],
  ['get_account_overview', {}],
  ['send_test_sms', { from: DEMO_SENDER_IDS[0], to: '+15005550123', body: 'x' }],
  ['send_test_sms', { from: DEMO_SENDER_IDS[0], to: '015123456789', body: 'national number' }],
  ['send_test_sms', { from: 'NOT-A-SENDER', to: '+15005550123', body: 'unknown sender' }],
];

/** A count of one with a plural noun after it, as any text builder might write it. */
const ONE_PLURAL = /(?:^|[^\d.,])1 (?:messages|characters|segments|days|months|instances|calls|call legs|minutes|requests|sends)\b/;

let built: Awaited<ReturnType<typeof buildServer>>;
let c: Connected;
const texts: Array<[string, string]> = [];

void describe('every tool’s words (MCP door)', { timeout: 180_000 }, () => {
  before(async () => {
    built = await buildServer();
    c = await connect(built.mcpJs, {}, { args: ['--demo', '--allow-send'], answer: () => ({ action: 'accept', content: { send: true } }) });
    for (const [name, args] of CALLS) {
      const r = (await c.client.callTool({ name, arguments: args })) as CallToolResult;
      texts.push([`${name} ${JSON.stringify(args)}`, textOf(r)]);
    }
  });
  after(async () => {
    await c?.close();
    built?.dispose();
  });

  void it('no count of one with a plural noun', () => {
    for (const [call, text] of texts) assert.doesNotMatch(text, ONE_PLURAL, `${call}: ${text}`);
  });

  void it('no doubled full stop', () => {
    for (const [call, text] of texts) assert.doesNotMatch(text, /[^.]\.\.(?:\s|$|")/, `${call}: ${text}`);
  });

  void it("names no editor setting: the MCP door's settings are VOICESMS_* variables", () => {
    for (const [call, text] of texts)
      assert.doesNotMatch(text, /voiceSms\.[a-z]|inside the editor|this editor|editor's/, `${call}: ${text}`);
  });

  // The trend and the overview answered a month years ahead with "call legs 0 (0%)".
  void it('a month after the current one is refused with one sentence by the month view, the trend and the overview', async () => {
    for (const monthId of [NEXT, LATER]) {
      const said = new Set<string>();
      for (const [name, args] of [
        ['get_month_view', { instanceId: VI, monthId }],
        ['get_trend', { instanceId: VI, months: 3, endMonthId: monthId }],
        ['get_account_overview', { monthId }],
      ] as const) {
        const r = (await c.client.callTool({ name, arguments: args })) as CallToolResult;
        assert.equal(r.isError, true, `${name}: ${textOf(r)}`);
        assert.match(textOf(r), /after the current month/, name);
        assert.equal(r.structuredContent, undefined, `${name} answered figures`);
        said.add(textOf(r));
      }
      assert.equal(said.size, 1, [...said].join('\n'));
    }
  });

  void it('an unknown sender is refused before the user is asked, naming the known ones', async () => {
    const asked = c.elicitations.length;
    const r = (await c.client.callTool({
      name: 'send_test_sms',
      arguments: { from: 'NOT-A-SENDER', to: '+15005550123', body: 'unknown sender' },
    })) as CallToolResult;
    assert.equal(r.isError, true, textOf(r));
    assert.match(textOf(r), /"NOT-A-SENDER" is not one of the sender IDs of this profile \("VSTK-TEST", /);
    assert.equal(c.elicitations.length, asked, 'nobody was asked to confirm');
  });

  void it('a national number without a region names VOICESMS_DEFAULT_REGION, the setting of this door', () => {
    const [, text] = texts.find(([call]) => call.includes('015123456789'))!;
    assert.match(text, /set VOICESMS_DEFAULT_REGION/);
  });
});
