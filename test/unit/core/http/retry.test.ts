import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { VoiceSmsError } from '../../../../src/core/errors.js';
import { backoffDelay, DEFAULT_RETRY, isRetryableStatus, parseRetryAfter, sendWithRetry, sleep } from '../../../../src/core/http/retry.js';
import type { HttpResponse } from '../../../../src/core/http/transport.js';

function response(status: number, headers: HttpResponse['headers'] = {}): HttpResponse {
  return { status, statusText: '', headers, body: '', bytes: 0 };
}

const fast = { attempts: 3, baseDelayMs: 1, maxDelayMs: 1000 };

void describe('parseRetryAfter', () => {
  const now = Date.UTC(2024, 5, 1, 12, 0, 0);
  void it('reads delta-seconds', () => {
    assert.equal(parseRetryAfter('2', now), 2000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter(['7', '9'], now), 7000);
  });
  void it('reads an HTTP-date relative to now, never negative', () => {
    assert.equal(parseRetryAfter('Sat, 01 Jun 2024 12:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter('Sat, 01 Jun 2024 11:00:00 GMT', now), 0);
  });
  void it('ignores absent or unreadable values', () => {
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter('', now), undefined);
    assert.equal(parseRetryAfter('1.5', now), undefined);
    assert.equal(parseRetryAfter('-3', now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
  });
});

void describe('backoffDelay', () => {
  void it('doubles per retry with jitter between half and the full step, capped', () => {
    const p = { attempts: 5, baseDelayMs: 100, maxDelayMs: 350 };
    assert.equal(
      backoffDelay(1, p, () => 0),
      50,
    );
    assert.equal(
      backoffDelay(1, p, () => 1),
      100,
    );
    assert.equal(
      backoffDelay(2, p, () => 0),
      100,
    );
    assert.equal(
      backoffDelay(2, p, () => 1),
      200,
    );
    assert.equal(
      backoffDelay(3, p, () => 1),
      350,
      'capped at maxDelayMs',
    );
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(2, p);
      assert.ok(d >= 100 && d <= 200, String(d));
    }
  });
});

void describe('isRetryableStatus', () => {
  void it('retries only 429, 502, 503 and 504', () => {
    assert.deepEqual([200, 400, 401, 404, 429, 500, 501, 502, 503, 504].filter(isRetryableStatus), [429, 502, 503, 504]);
  });
});

void describe('sleep', () => {
  void it('rejects with the abort reason as soon as the signal aborts', async () => {
    const ac = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => ac.abort(reason), 20);
    const t0 = performance.now();
    await assert.rejects(sleep(10_000, ac.signal), (e) => e === reason);
    assert.ok(performance.now() - t0 < 500);
  });
  void it('rejects at once for an already aborted signal', async () => {
    await assert.rejects(sleep(10_000, AbortSignal.abort(new Error('x'))), /x/);
  });
});

void describe('sendWithRetry', () => {
  void it('returns a non-retryable answer at once', async () => {
    let calls = 0;
    const out = await sendWithRetry(() => Promise.resolve((calls++, response(404))), fast, undefined);
    assert.equal(calls, 1);
    assert.equal(out.attempts, 1);
    assert.equal(out.response.status, 404);
  });

  void it('retries 503 and returns the last answer with the attempt count', async () => {
    const statuses = [503, 503, 200];
    const out = await sendWithRetry(() => Promise.resolve(response(statuses.shift() ?? 500)), fast, undefined);
    assert.equal(out.attempts, 3);
    assert.equal(out.response.status, 200);
  });

  void it('stops after the configured attempts with the last retryable answer', async () => {
    let calls = 0;
    const out = await sendWithRetry(() => Promise.resolve((calls++, response(502))), fast, undefined);
    assert.equal(calls, 3);
    assert.equal(out.attempts, 3);
    assert.equal(out.response.status, 502);
  });

  void it('retries network errors, and rethrows the last one with details.attempts', async () => {
    let calls = 0;
    const err = await sendWithRetry(
      () => {
        calls++;
        return Promise.reject(new VoiceSmsError('network', 'reset', { causeCode: 'ECONNRESET' }));
      },
      fast,
      undefined,
    ).catch((e: unknown) => e);
    assert.equal(calls, 3);
    assert.ok(err instanceof VoiceSmsError);
    assert.equal(err.details.attempts, 3);
  });

  void it('does not retry timeouts, other error kinds or foreign errors', async () => {
    for (const e of [new VoiceSmsError('timeout', 't'), new VoiceSmsError('http', 'h'), new TypeError('bug')]) {
      let calls = 0;
      await assert.rejects(
        sendWithRetry(() => (calls++, Promise.reject(e)), fast, undefined),
        (x) => x === e,
      );
      assert.equal(calls, 1);
    }
  });

  void it('waits for Retry-After instead of the backoff', async () => {
    const waits: number[] = [];
    const statuses = [429, 200];
    const out = await sendWithRetry(
      () => Promise.resolve(response(statuses.shift() ?? 500, { 'retry-after': '0' })),
      { attempts: 3, baseDelayMs: 5000, maxDelayMs: 10_000 },
      undefined,
      { onRetry: (i) => waits.push(i.delayMs) },
    );
    assert.equal(out.response.status, 200);
    assert.deepEqual(waits, [0], 'Retry-After: 0 overrides the 5 s backoff');
  });

  void it('gives up at once when Retry-After exceeds the cap, reporting the requested wait', async () => {
    let calls = 0;
    const out = await sendWithRetry(() => Promise.resolve((calls++, response(429, { 'retry-after': '120' }))), DEFAULT_RETRY, undefined);
    assert.equal(calls, 1);
    assert.equal(out.retryAfterMs, 120_000);
  });

  void it('does not start a wait that would outlast the overall deadline', async () => {
    let calls = 0;
    const t0 = performance.now();
    const out = await sendWithRetry(
      () => Promise.resolve((calls++, response(503, { 'retry-after': '5' }))),
      { attempts: 3, baseDelayMs: 10, maxDelayMs: 30_000 },
      undefined,
      { remainingMs: () => 1000 },
    );
    assert.equal(calls, 1);
    assert.equal(out.response.status, 503);
    assert.ok(performance.now() - t0 < 500);
  });

  void it('rejects promptly when aborted during the backoff', async () => {
    const ac = new AbortController();
    const reason = new Error('cancelled by user');
    let calls = 0;
    const p = sendWithRetry(
      () => {
        calls++;
        setTimeout(() => ac.abort(reason), 30);
        return Promise.resolve(response(503));
      },
      { attempts: 3, baseDelayMs: 20_000, maxDelayMs: 30_000 },
      ac.signal,
    );
    const t0 = performance.now();
    await assert.rejects(p, (e) => e === reason);
    assert.ok(performance.now() - t0 < 1000);
    assert.equal(calls, 1);
  });
});
