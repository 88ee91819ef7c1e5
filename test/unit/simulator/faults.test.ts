import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { XMLValidator } from 'fast-xml-parser';
import { isVoiceSmsError } from '../../../src/core/errors.js';
import { parseXml } from '../../../src/core/xml/parser.js';
import { FaultList, parseFault } from '../../../src/simulator/faults.js';
import type { Simulator } from '../../../src/simulator/types.js';
import { basicHeaders, envelope, getBasic, send, sendSms, startSim, T0 } from './helpers.js';

const CALLS = '/v1/vvoice/VI-DEMO-01/calls/202406';
const BALANCE = '/v1/account/ACC-DEMO/balance';

void describe('simulator faults', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim();
  });
  afterEach(() => sim.close());

  void it("echo and hostile: text holding $&, $', $` or $$ is written as given, the XML stays well-formed", async () => {
    // String.prototype.replace reads those in a replacement string; a secret holding one broke the leak suite's answers.
    const text = "k$&x$'y$`z$$w";
    // The same text as XML writes it (what the simulator puts in element text, and the caller's own markup).
    const written = text.replace(/&/g, '&amp;').replace(/'/g, '&apos;');
    sim.addFault({ kind: 'echo', serviceMessage: text, fields: ['amount'], xml: `<note>${written}</note>` });
    const r = await getBasic(sim, BALANCE);
    assert.equal(XMLValidator.validate(r.body), true, r.body);
    assert.equal(envelope(r).status.message, text);
    assert.ok(r.body.includes(`<amount>${written}</amount>`), r.body);
    assert.ok(r.body.includes(`<note>${written}</note></result>`), r.body);
  });

  void it('latency: answers normally after the delay; times limits it', async () => {
    sim.addFault({ kind: 'latency', latencyMs: 300, times: 1 });
    const slow = await getBasic(sim, CALLS);
    assert.equal(slow.status, 200);
    assert.ok(slow.headersAfterMs >= 280, `${slow.headersAfterMs} ms`);
    const fast = await getBasic(sim, CALLS);
    assert.ok(fast.headersAfterMs < 250, `${fast.headersAfterMs} ms`);
  });

  void it('status: the given HTTP status, Retry-After and an error envelope', async () => {
    sim.addFault({ kind: 'status', status: 429, retryAfter: '2', times: 1 });
    const limited = await getBasic(sim, CALLS);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['retry-after'], '2');
    assert.equal(envelope(limited).status.code, '429');
    assert.equal(envelope(limited).status.message, 'Too Many Requests');
    sim.addFault({ kind: 'status', times: 1 });
    const unavailable = await getBasic(sim, CALLS);
    assert.equal(unavailable.status, 503);
    assert.equal(unavailable.headers['retry-after'], undefined);
    assert.equal((await getBasic(sim, CALLS)).status, 200);
  });

  void it('envelopeError: HTTP 200 with an envelope code other than 200', async () => {
    sim.addFault({ kind: 'envelopeError', times: 1 });
    const r = await getBasic(sim, CALLS);
    assert.equal(r.status, 200);
    assert.equal(envelope(r).status.code, '500');
    sim.addFault({ kind: 'envelopeError', serviceCode: '4031', serviceMessage: 'Instance suspended', times: 1 });
    const custom = envelope(await getBasic(sim, CALLS));
    assert.deepEqual([custom.status.code, custom.status.message], ['4031', 'Instance suspended']);
  });

  void it('html: an HTML error page, 502 unless told otherwise', async () => {
    sim.addFault({ kind: 'html', times: 1 });
    const r = await getBasic(sim, CALLS);
    assert.equal(r.status, 502);
    assert.match(String(r.headers['content-type']), /^text\/html/);
    assert.match(r.body, /^<!DOCTYPE html>[\s\S]*502 Bad Gateway/);
    sim.addFault({ kind: 'html', status: 504, times: 1 });
    assert.equal((await getBasic(sim, CALLS)).status, 504);
  });

  void it('malformed: HTTP 200 with XML that is not well-formed', async () => {
    sim.addFault({ kind: 'malformed', times: 1 });
    const r = await getBasic(sim, CALLS);
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /xml/);
    assert.notEqual(XMLValidator.validate(r.body), true);
  });

  void it('truncated: announces the full length, sends part of it, then closes the connection', async () => {
    const whole = await getBasic(sim, CALLS);
    sim.addFault({ kind: 'truncated', times: 1 });
    const r = await getBasic(sim, CALLS);
    assert.equal(r.status, 200);
    assert.equal(Number(r.headers['content-length']), whole.bytes);
    assert.equal(r.bytes, Math.floor(whole.bytes / 2));
    assert.ok(r.error, 'the client sees the connection end early');
    sim.addFault({ kind: 'truncated', sizeBytes: 10, times: 1 });
    assert.equal((await getBasic(sim, CALLS)).bytes, 10);
  });

  void it('slowBody: headers at once, then the real body trickled in chunks', async () => {
    const whole = await getBasic(sim, CALLS);
    const chunk = 1000;
    const chunks = Math.ceil(whole.bytes / chunk);
    sim.addFault({ kind: 'slowBody', sizeBytes: chunk, latencyMs: 40, times: 1 });
    const r = await getBasic(sim, CALLS);
    assert.equal(r.error, undefined);
    assert.ok(r.headersAfterMs < 200, `headers after ${r.headersAfterMs} ms`);
    assert.ok(r.doneAfterMs >= (chunks - 1) * 40 - 10, `body after ${r.doneAfterMs} ms for ${chunks} chunks`);
    assert.equal(r.body.replace(/<timestamp>.*<\/timestamp>/, ''), whole.body.replace(/<timestamp>.*<\/timestamp>/, ''));
  });

  void it('slowBody with defaults (64 bytes every 200 ms) is far from done after half a second', async () => {
    sim.addFault({ kind: 'slowBody', times: 1 });
    const r = await send(`${sim.url}${CALLS}`, { headers: basicHeaders(sim.credentials, T0), abortAfterMs: 500 });
    assert.equal(r.status, 200);
    assert.equal(r.error?.code, 'TEST_ABORT');
    assert.ok(r.bytes > 0 && r.bytes <= 64 * 4, `${r.bytes} bytes after 500 ms`);
  });

  void it('reset: the connection is reset on arrival and nothing is processed', async () => {
    const before = sim.received.length;
    sim.addFault({ kind: 'reset', match: { operation: 'sms' }, times: 1 });
    const r = await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'lost');
    assert.equal(r.status, 0);
    assert.equal(r.error?.code, 'ECONNRESET');
    assert.equal(sim.received.length, before);
  });

  void it('resetAfterReceive: the SMS is recorded and charged, then the answer is lost', async () => {
    const balanceBefore = envelope(await getBasic(sim, BALANCE)).result;
    const before = sim.received.length;
    sim.addFault({ kind: 'resetAfterReceive', match: { method: 'post' }, times: 1 });
    const r = await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'sent but unanswered');
    assert.equal(r.status, 0);
    assert.equal(r.error?.code, 'ECONNRESET');
    assert.equal(sim.received.length, before + 1);
    assert.equal(sim.received.at(-1)?.body, 'sent but unanswered');
    assert.notDeepEqual(envelope(await getBasic(sim, BALANCE)).result, balanceBefore);
  });

  void it('hang: never answers, and close() still ends promptly', async () => {
    const own = await startSim({ faults: [{ kind: 'hang' }] });
    const pending = getBasic(own, CALLS);
    const early = await Promise.race([pending.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 300))]);
    assert.equal(early, 'waiting');
    const t = Date.now();
    await own.close();
    assert.ok(Date.now() - t < 1000);
    const r = await pending;
    assert.equal(r.status, 0);
    assert.ok(r.error);
  });

  void it('oversized: a valid-looking XML body of exactly 40 MiB by default, with Content-Length', async () => {
    sim.addFault({ kind: 'oversized', times: 1 });
    const r = await send(`${sim.url}${CALLS}`, { headers: basicHeaders(sim.credentials, T0), discardBody: true, abortAfterMs: 15_000 });
    assert.equal(r.error, undefined);
    assert.equal(r.headers['content-length'], String(40 * 1024 * 1024));
    assert.equal(r.bytes, 40 * 1024 * 1024);

    sim.addFault({ kind: 'oversized', sizeBytes: 100_000, times: 1 });
    const small = await getBasic(sim, CALLS);
    assert.equal(small.bytes, 100_000);
    assert.equal(XMLValidator.validate(small.body), true);
    assert.match(small.body, /^<\?xml[\s\S]*<date dateID="20240601">[\s\S]*<\/response>\n$/);
  });

  void it('entityBomb: a billion-laughs DOCTYPE that a safe parser refuses', async () => {
    sim.addFault({ kind: 'entityBomb', times: 1 });
    const r = await getBasic(sim, CALLS);
    assert.equal(r.status, 200);
    assert.match(r.body, /<!DOCTYPE response \[/);
    assert.match(r.body, /<!ENTITY lol9 "(&lol8;){10}">/);
    assert.match(r.body, /<message>&lol9;<\/message>/);
    assert.ok(r.bytes < 2000, 'small on the wire');
    assert.throws(
      () => parseXml(r.body),
      (e) => isVoiceSmsError(e, 'parse'),
    );
  });

  void it('applies the first matching fault only, by method, operation and id', async () => {
    sim.addFault({ kind: 'status', status: 500, match: { operation: 'balance' } });
    sim.addFault({ kind: 'status', status: 418, match: { id: 'VI-DEMO-02' } });
    sim.addFault({ kind: 'status', status: 409, match: { method: 'POST' } });
    sim.addFault({ kind: 'status', status: 503 });
    assert.equal((await getBasic(sim, BALANCE)).status, 500);
    assert.equal((await getBasic(sim, '/v1/vvoice/VI-DEMO-02/activities/20240601')).status, 418);
    assert.equal((await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'x')).status, 409);
    assert.equal((await getBasic(sim, CALLS)).status, 503);
    sim.clearFaults();
    assert.equal((await getBasic(sim, CALLS)).status, 200);
    sim.addFault({ kind: 'status', status: 400, match: { operation: 'sms', id: '+15005550006' } });
    assert.equal((await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'x')).status, 200);
    assert.equal((await sendSms(sim, T0, '+15005550006', '+14155550123', 'x')).status, 400);
  });

  void it("echo: text holding $&, $' and $1 is written as it is and the answer stays well-formed", async () => {
    // A replacement string reads these as patterns: `$&` wrote a second </result>, `$'` the rest of the body.
    const text = "x$&y$'z$1$$`w";
    const written = text.replace(/&/g, '&amp;').replace(/'/g, '&apos;'); // as the simulator escapes element text
    const xml = `<note>x$&amp;y$'z$1$$w</note>`;
    sim.addFault({ kind: 'echo', serviceMessage: text, fields: ['duration_min'], xml, times: 1 });
    const r = await getBasic(sim, CALLS);
    assert.equal(XMLValidator.validate(r.body), true, r.body.slice(0, 400));
    assert.ok(r.body.includes(`${xml}</result>`), 'the markup at the end of <result>, verbatim');
    assert.ok(r.body.includes(`<message>${written}</message>`), 'the status message, as written');
    assert.ok(r.body.includes(`<duration_min>${written}</duration_min>`), 'the named field, as written');
  });

  void it('counts times down per matching request', async () => {
    sim.addFault({ kind: 'status', status: 503, times: 2, match: { operation: 'calls' } });
    assert.equal((await getBasic(sim, BALANCE)).status, 200, 'a non-matching request does not use it up');
    assert.equal((await getBasic(sim, CALLS)).status, 503);
    assert.equal((await getBasic(sim, CALLS)).status, 503);
    assert.equal((await getBasic(sim, CALLS)).status, 200);
  });
});

void describe('fault validation', () => {
  void it('refuses unknown kinds and wrong field types, naming the field', () => {
    assert.throws(() => parseFault({ kind: 'explode' }), /kind/);
    assert.throws(() => parseFault({ kind: 'status', status: 99 }), /status/);
    assert.throws(() => parseFault({ kind: 'latency', latencyMs: '5' }), /latencyMs/);
    assert.throws(() => parseFault({ kind: 'status', times: 0 }), /times/);
    assert.throws(() => parseFault({ kind: 'status', match: { operation: 'fax' } }), /match.operation/);
    assert.throws(() => parseFault({ kind: 'status', retryAfter: '1\r\nX-Evil: 1' }), /retryAfter/);
    assert.throws(() => parseFault(null), /object/);
    assert.deepEqual(parseFault({ kind: 'hang', extra: 1 }), { kind: 'hang' });
  });

  void it('lists armed faults with what is left of times', () => {
    const list = new FaultList();
    list.add({ kind: 'reset', times: 2 });
    list.add({ kind: 'hang' });
    assert.equal(list.take({ method: 'GET' })?.kind, 'reset');
    assert.deepEqual(list.list(), [{ kind: 'reset', times: 1 }, { kind: 'hang' }]);
    list.take({ method: 'GET' });
    assert.deepEqual(list.list(), [{ kind: 'hang' }]);
  });
});
