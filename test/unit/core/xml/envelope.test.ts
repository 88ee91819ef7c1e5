import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { assertSuccess, parseEnvelope, parseEnvelopeTimestamp } from '../../../../src/core/xml/envelope.js';

const fixture = readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'monthView.xml'), 'utf8');

function envelope(status: string, extra = ''): string {
  return `<response><status>${status}</status><service><provider>P</provider><id>007</id><version>2.10</version></service>${extra}</response>`;
}

void describe('parseEnvelope', () => {
  void it('reads status, service and the raw result of the fixture', () => {
    const env = parseEnvelope(fixture);
    assert.equal(env.status.code, '200');
    assert.equal(env.status.message, 'OK');
    assert.equal(env.status.timestampRaw, '2024-06-15 14:03:27:481 +0000');
    assert.equal(env.status.timestamp?.toISOString(), '2024-06-15T14:03:27.481Z');
    assert.deepEqual(env.service, { provider: 'Example Cloud Communications', id: 'vvoice', version: '2.10' });
    const view = (env.result as { monthView: { currentDateID: string; calls: { date: unknown[] } } }).monthView;
    assert.equal(view.currentDateID, '20240615');
    assert.equal(view.calls.date.length, 30);
  });

  void it('keeps service id 007 and version 2.10 as exact strings', () => {
    const env = parseEnvelope(envelope('<code>200</code><message>OK</message>'));
    assert.equal(env.service.id, '007');
    assert.equal(env.service.version, '2.10');
  });

  void it('tolerates a missing timestamp, message and service block', () => {
    const env = parseEnvelope('<response><status><code>200</code></status><result/></response>');
    assert.deepEqual(env.status, { code: '200', message: '', timestampRaw: '' });
    assert.deepEqual(env.service, { provider: '', id: '', version: '' });
    assert.equal(env.result, '');
  });

  void it('refuses XML that is not a <response> envelope or has no status code', () => {
    for (const xml of [
      '<error><code>500</code></error>',
      '<response/>',
      '<response><result/></response>',
      '<response><status><message>OK</message></status></response>',
      '<response><status><code></code></status></response>',
    ]) {
      assert.throws(
        () => parseEnvelope(xml),
        (e: unknown) => isVoiceSmsError(e, 'parse'),
        xml,
      );
    }
  });

  void it('passes a parse error from the XML layer through', () => {
    assert.throws(
      () => parseEnvelope('<response>'),
      (e: unknown) => isVoiceSmsError(e, 'parse'),
    );
  });
});

void describe('assertSuccess', () => {
  void it('returns the envelope when the code is 200', () => {
    const env = parseEnvelope(envelope('<code>200</code><message>OK</message>'));
    assert.equal(assertSuccess(env), env);
  });

  void it('turns any other code into a service error carrying code and message, whatever HTTP said', () => {
    const env = parseEnvelope(envelope('<code>404</code><message>Voice instance not found</message>'));
    assert.throws(
      () => assertSuccess(env),
      (e: unknown) => {
        assert.ok(isVoiceSmsError(e, 'service'));
        assert.equal(e.details.serviceCode, '404');
        assert.equal(e.details.serviceMessage, 'Voice instance not found');
        assert.match(e.message, /404.*Voice instance not found/);
        return true;
      },
    );
  });

  void it('does not read 0200 or 2000 as success', () => {
    for (const code of ['0200', '2000', '201']) {
      const env = parseEnvelope(envelope(`<code>${code}</code>`));
      assert.throws(
        () => assertSuccess(env),
        (e: unknown) => isVoiceSmsError(e, 'service'),
        code,
      );
    }
  });
});

void describe('parseEnvelopeTimestamp', () => {
  void it('reads the spec shape with a colon before the milliseconds, exactly', () => {
    assert.equal(parseEnvelopeTimestamp('2024-02-29 23:59:58:007 +0000')?.getTime(), Date.UTC(2024, 1, 29, 23, 59, 58, 7));
  });

  void it('applies a non-zero offset', () => {
    assert.equal(parseEnvelopeTimestamp('2024-06-15 10:00:00:000 +0200')?.toISOString(), '2024-06-15T08:00:00.000Z');
    assert.equal(parseEnvelopeTimestamp('2024-06-15 10:00:00:000 -05:30')?.toISOString(), '2024-06-15T15:30:00.000Z');
  });

  void it('tolerates ISO-like variants', () => {
    assert.equal(parseEnvelopeTimestamp('2024-06-15T10:00:00.5Z')?.toISOString(), '2024-06-15T10:00:00.500Z');
    assert.equal(parseEnvelopeTimestamp('2024-06-15 10:00:00')?.toISOString(), '2024-06-15T10:00:00.000Z');
  });

  void it('returns undefined for impossible or garbled values', () => {
    for (const s of [
      '',
      'yesterday',
      '2024-02-30 10:00:00:000 +0000',
      '2024-06-15 24:00:00:000 +0000',
      '2024-06-15 10:00:00:0001 +0000',
      '2024-06-15 10:00:00:000 +2400',
      '15.06.2024 10:00',
    ]) {
      assert.equal(parseEnvelopeTimestamp(s), undefined, s);
    }
  });
});
