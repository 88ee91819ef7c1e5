import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isRecord } from '../../../src/core/xml/parser.js';
import { dayActivities, MAX_ACTIVITIES } from '../../../src/simulator/activityLog.js';
import { dayStats } from '../../../src/simulator/traffic.js';
import type { Simulator } from '../../../src/simulator/types.js';
import { basicHeaders, envelope, FORM_TYPE, getBasic, send, sendSms, signedHeaders, startSim, T0, type Reply } from './helpers.js';

function result(r: Reply): Record<string, unknown> {
  const res = envelope(r).result;
  assert.ok(isRecord(res), r.body);
  return res;
}

function field(node: unknown, ...path: string[]): unknown {
  let at = node;
  for (const key of path) {
    assert.ok(isRecord(at), `no ${key} in ${JSON.stringify(node)}`);
    at = at[key];
  }
  return at;
}

void describe('simulator operations', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim({ instances: ['VI-DEMO-01', 'VI DEMO/3'] });
  });
  afterEach(() => sim.close());

  void it('writes the spec envelope: timestamp with a colon before the ms, version kept as a string', async () => {
    const r = await getBasic(sim, '/v1/vvoice/VI-DEMO-01/calls/202406');
    assert.equal(r.headers['content-type'], 'application/xml; charset=UTF-8');
    const env = envelope(r);
    assert.deepEqual(env.status, { code: '200', message: 'OK', timestampRaw: '2024-06-15 14:03:27:481 +0000', timestamp: new Date(T0) });
    assert.equal(env.service.version, '2.10');
    assert.equal(env.service.id, 'vvoice');
    assert.ok(env.service.provider.length > 0);
  });

  void it('sends an SMS: message id, E.164 destination, status and segments, recorded in received', async () => {
    const before = sim.received.length;
    const r = await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'Hello from the toolkit');
    assert.equal(r.status, 200, r.body);
    const sms = field(result(r), 'sms');
    assert.match(String(field(sms, 'messageId')), /^SM[0-9a-f]{30}$/);
    assert.equal(field(sms, 'to'), '+14155550123');
    assert.equal(field(sms, 'status'), 'accepted');
    assert.equal(field(sms, 'segments'), '1');
    assert.equal(sim.received.length, before + 1);
    assert.deepEqual(sim.received.at(-1), {
      from: 'VSTK-TEST',
      to: '+14155550123',
      body: 'Hello from the toolkit',
      messageId: field(sms, 'messageId'),
      at: T0,
    });
  });

  void it('counts segments as GSM-7 (160/153) and UCS-2 (70/67)', async () => {
    const cases: [string, string][] = [
      ['a'.repeat(160), '1'],
      ['a'.repeat(161), '2'],
      ['é'.repeat(10) + 'ж'.repeat(60), '1'],
      ['ж'.repeat(71), '2'],
      ['ж'.repeat(135), '3'],
    ];
    for (const [text, segments] of cases) {
      const r = await sendSms(sim, T0, '+15005550006', '+442079460123', text);
      assert.equal(field(result(r), 'sms', 'segments'), segments, `${text.length} chars`);
    }
  });

  void it('refuses a bad SMS with a clear 400 (or 415) and records nothing', async () => {
    const before = sim.received.length;
    const cases: [string, string, string, RegExp][] = [
      ['NOT-A-SENDER', '+14155550123', 'x', /Unknown sender identity "NOT-A-SENDER".*VSTK-TEST/],
      ['', '+14155550123', 'x', /Missing parameter from:id/],
      ['VSTK-TEST', '04155550123', 'x', /E\.164/],
      ['VSTK-TEST', '+0123456789', 'x', /E\.164/],
      ['VSTK-TEST', '+1415', 'x', /E\.164/],
      ['VSTK-TEST', '', 'x', /Missing parameter to/],
      ['VSTK-TEST', '+14155550123', '', /body is empty/],
      ['VSTK-TEST', '+14155550123', '  \n ', /body is empty/],
    ];
    for (const [from, to, text, why] of cases) {
      const r = await sendSms(sim, T0, from, to, text);
      assert.equal(r.status, 400, `${from} ${to}: ${r.body}`);
      assert.equal(envelope(r).status.code, '400');
      assert.match(envelope(r).status.message, why);
      assert.ok(!envelope(r).status.message.includes('04155550123'), 'destination numbers are not echoed');
    }
    const json = JSON.stringify({ 'from:id': 'VSTK-TEST', to: '+14155550123', body: 'x' });
    const headers = {
      ...signedHeaders(sim.credentials, { method: 'POST', path: '/v1/message/sms', body: json, now: T0 }),
      'Content-Type': 'application/json',
    };
    const wrongType = await send(`${sim.url}/v1/message/sms`, { method: 'POST', headers, body: json });
    assert.equal(wrongType.status, 415);
    assert.equal(sim.received.length, before);
  });

  void it('answers the balance and lowers it by 0.07 per segment sent', async () => {
    const own = await startSim();
    try {
      const balance = async (): Promise<unknown> => field(result(await getBasic(own, '/v1/account/ACC-DEMO/balance')), 'balance');
      const first = await balance();
      assert.equal(field(first, 'accountId'), 'ACC-DEMO');
      assert.equal(field(first, 'amount'), '123.45');
      assert.equal(field(first, 'currency'), 'EUR');
      assert.equal(field(first, 'updated'), new Date(T0).toISOString());
      assert.equal((await sendSms(own, T0, 'VSTK-TEST', '+14155550123', 'b'.repeat(200))).status, 200); // 2 segments
      assert.equal(field(await balance(), 'amount'), '123.31');
      assert.equal((await getBasic(own, '/v1/account/ACC-OTHER/balance')).status, 404);
    } finally {
      await own.close();
    }
  });

  void it('answers 404 for unknown instances, accounts and paths, and 405 for a wrong method', async () => {
    const unknown = await getBasic(sim, '/v1/vvoice/VI-NOPE/calls/202406');
    assert.equal(unknown.status, 404);
    assert.match(envelope(unknown).status.message, /Voice instance "VI-NOPE" not found/);
    assert.equal((await getBasic(sim, '/v1/vvoice/VI-NOPE/activities/20240603')).status, 404);
    for (const path of [
      '/v1/vvoice/VI-DEMO-01/calls',
      '/v1/vvoice//calls/202406',
      '/v2/account/ACC-DEMO/balance',
      '/',
      '/v1/vvoice/VI-DEMO-01/calls/202406/',
    ]) {
      const r = await getBasic(sim, path);
      assert.equal(r.status, 404, path);
      assert.equal(envelope(r).status.code, '404');
    }
    const wrong = await getBasic(sim, '/v1/message/sms');
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers['allow'], 'POST');
  });

  void it('answers 400 for a bad MONTHID or DATEID', async () => {
    for (const month of ['202413', '202400', '2024-06', '20246', 'abcdef']) {
      const r = await getBasic(sim, `/v1/vvoice/VI-DEMO-01/calls/${month}`);
      assert.equal(r.status, 400, month);
      assert.match(envelope(r).status.message, /MONTHID.*YYYYMM/);
    }
    for (const day of ['2024-06-03', '20240631', '20230229', '202406', '20241301']) {
      const r = await getBasic(sim, `/v1/vvoice/VI-DEMO-01/activities/${day}`);
      assert.equal(r.status, 400, day);
      assert.match(envelope(r).status.message, /DATEID.*YYYYMMDD/);
    }
  });

  void it('decodes percent-encoded ids and escapes what it echoes', async () => {
    const r = await getBasic(sim, `/v1/vvoice/${encodeURIComponent('VI DEMO/3')}/calls/202406`);
    assert.equal(r.status, 200, r.body);
    const odd = await getBasic(sim, `/v1/vvoice/${encodeURIComponent('<a&b>"\u0001')}/calls/202406`);
    assert.equal(odd.status, 404);
    assert.match(envelope(odd).status.message, /"<a&b>"\uFFFD" not found/);
    assert.equal((await getBasic(sim, '/v1/vvoice/%E0%A4%A/calls/202406')).status, 400);
  });

  void it('lists one activity per unique call, consistent with the day and with dayActivities', async () => {
    const day = '20240604';
    const r = await getBasic(sim, `/v1/vvoice/VI-DEMO-01/activities/${day}`);
    assert.equal(r.status, 200, r.body);
    const acts = field(result(r), 'activities');
    assert.equal(field(acts, 'dateID'), day);
    const list = field(acts, 'activity') as Record<string, string>[];
    const stats = dayStats('VI-DEMO-01', day);
    assert.equal(list.length, Math.min(stats.calls_unique, MAX_ACTIVITIES));
    const expected = dayActivities('VI-DEMO-01', day);
    assert.deepEqual(
      list,
      expected.map((a) => ({ ...a, durationSec: String(a.durationSec) })),
    );
    const inbound = list.filter((a) => a.direction === 'inbound').length;
    assert.equal(inbound, Math.round((list.length * stats.call_legs_in) / stats.call_legs));
    const own = new Set(list.map((a) => (a.direction === 'inbound' ? a.to : a.from)));
    assert.equal(own.size, 1, 'every call involves the instance number');
    for (const a of list) {
      assert.ok(a.start?.startsWith('2024-06-04T'), a.start);
      assert.match(a.from ?? '', /^\+[1-9]\d{6,14}$/);
      assert.ok(['completed', 'no-answer', 'busy', 'failed'].includes(a.status ?? ''));
      if (a.status !== 'completed') assert.equal(a.durationSec, '0');
    }
    const starts = list.map((a) => a.start ?? '');
    assert.deepEqual(starts, [...starts].sort(), 'oldest first');
    const seconds = list.reduce((s, a) => s + Number(a.durationSec), 0);
    assert.ok(Math.abs(seconds - stats.duration_min * 60) <= list.length, `${seconds}s vs ${stats.duration_min} min`);
  });

  void it('caps activities at 200 on a busy day and lists none for a silent or future day', async () => {
    let busy: string | undefined;
    let silent: string | undefined;
    for (let d = Date.UTC(2024, 0, 1); d < Date.UTC(2024, 5, 1) && (!busy || !silent); d += 86_400_000) {
      const id = new Date(d).toISOString().slice(0, 10).replace(/-/g, '');
      const s = dayStats('VI-DEMO-01', id);
      if (!busy && s.calls_unique > MAX_ACTIVITIES) busy = id;
      if (!silent && s.call_legs === 0) silent = id;
    }
    assert.ok(busy && silent, 'the generator has busy and silent days in early 2024');
    const capped = field(result(await getBasic(sim, `/v1/vvoice/VI-DEMO-01/activities/${busy}`)), 'activities', 'activity') as unknown[];
    assert.equal(capped.length, MAX_ACTIVITIES);
    for (const day of [silent, '20240616', '20250101']) {
      const acts = field(result(await getBasic(sim, `/v1/vvoice/VI-DEMO-01/activities/${day}`)), 'activities');
      assert.deepEqual(acts, { dateID: day }, day);
    }
  });

  void it('refuses a request body over 1 MiB with 413', async () => {
    const body = 'x'.repeat(1024 * 1024 + 10);
    const r = await send(`${sim.url}/v1/message/sms`, {
      method: 'POST',
      headers: { ...basicHeaders(sim.credentials, T0), 'Content-Type': FORM_TYPE },
      body,
    });
    assert.equal(r.status, 413);
  });
});
