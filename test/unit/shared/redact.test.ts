import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authHeaders } from '../../../src/core/auth/headers.js';
import { KnownSecrets, maskPhoneNumber, redact } from '../../../src/shared/redact.js';

const ID = 'AKIDEXAMPLE1234';
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYzEXAMPLEKEY';

void describe('redact: basic credentials', () => {
  const basic = Buffer.from(`${ID}:${SECRET}`).toString('base64');

  void it('masks the value of an Authorization: Basic header', () => {
    assert.equal(redact(`Authorization: Basic ${basic}`), 'Authorization: Basic ***');
  });

  void it('masks Basic credentials in JSON and in an inspected object', () => {
    assert.equal(redact(`{"Authorization":"Basic ${basic}"}`), '{"Authorization":"Basic ***"}');
    assert.equal(redact(`{ Authorization: 'Basic ${basic}' }`), "{ Authorization: 'Basic ***' }");
  });

  void it('masks a Basic token outside a header and a Bearer token', () => {
    assert.equal(redact(`sent Basic ${basic} to host`), 'sent Basic *** to host');
    assert.equal(redact('authorization=Bearer eyJhbGciOi.x.y'), 'authorization=Bearer ***');
  });

  void it('masks even a lowercase-looking credential in header position', () => {
    assert.equal(redact('Authorization: basic abcdefgh'), 'Authorization: basic ***');
  });

  void it('leaves prose about basic authentication and the scheme header alone', () => {
    const prose = 'Using Basic authentication for GET requests';
    assert.equal(redact(prose), prose);
    assert.equal(redact('Authorization: CLOUD-V1'), 'Authorization: CLOUD-V1');
  });

  void it('masks the password of credentials in a URL, keeping host and port', () => {
    assert.equal(redact('GET https://user:hunter22@api.example.com/v1'), 'GET https://user:***@api.example.com/v1');
    const plain = 'GET http://127.0.0.1:8080/v1/account/a/balance';
    assert.equal(redact(plain), plain);
  });
});

void describe('redact: signatures, secrets and key ids', () => {
  void it('masks Signature values written as header, query parameter, JSON and XML', () => {
    assert.equal(redact('Signature: dGhpcyBpcyBzaWc+/='), 'Signature: ***');
    assert.equal(redact('/v1?a=1&Signature=abc%2Bdef&b=2'), '/v1?a=1&Signature=***&b=2');
    assert.equal(redact('{"Signature": "abc+/="}'), '{"Signature": "***"}');
    assert.equal(redact('<Signature>abc</Signature>'), '<Signature>***</Signature>');
  });

  void it('keeps an empty Signature visible and does not swallow the next header line', () => {
    const headers = 'Signature: \nTimestamp: 1732262400000';
    assert.equal(redact(headers), headers);
    assert.equal(redact('{"Signature":""}'), '{"Signature":""}');
  });

  void it('masks secretAccessKey in every spelling', () => {
    assert.equal(redact(`secretAccessKey=${SECRET}`), 'secretAccessKey=***');
    assert.equal(redact(`{"secretAccessKey":"${SECRET}","x":1}`), '{"secretAccessKey":"***","x":1}');
    assert.equal(redact(`VOICESMS_SECRET_ACCESS_KEY=${SECRET}`), 'VOICESMS_SECRET_ACCESS_KEY=***');
    assert.equal(redact(`secret_access_key: '${SECRET}'`), "secret_access_key: '***'");
  });

  void it('masks passwords, tokens and api keys', () => {
    assert.equal(redact('password=pa55word&user=x'), 'password=***&user=x');
    assert.equal(redact('{"access_token": "abc.def"}'), '{"access_token": "***"}');
    assert.equal(redact('x-api-key: k-123456'), 'x-api-key: ***');
  });

  void it('keeps the first four characters of an access key id', () => {
    assert.equal(redact(`AccessKeyId: ${ID}`), 'AccessKeyId: AKID***');
    assert.equal(redact(`{"accessKeyId":"${ID}"}`), '{"accessKeyId":"AKID***"}');
    assert.equal(redact(`VOICESMS_ACCESS_KEY_ID=${ID}`), 'VOICESMS_ACCESS_KEY_ID=AKID***');
  });

  void it('never shows more than half of a short key id', () => {
    assert.equal(redact('AccessKeyId: AB12'), 'AccessKeyId: AB***');
  });

  void it('does not mistake setting names or words that merely contain a key name for secrets', () => {
    for (const line of ['auth.signature: hmac-sha256', 'tokens: 5', 'secretary=Ann', 'Signature mismatch: check the clock']) {
      assert.equal(redact(line), line);
    }
  });

  void it('leaves nothing secret from the real request headers of both credential forms', () => {
    for (const form of ['signed', 'basic'] as const) {
      const headers = authHeaders(
        { accessKeyId: ID, secretAccessKey: SECRET },
        { scheme: 'CLOUD-V1', form, signature: 'hmac-sha256' },
        { method: 'POST', pathWithQuery: '/v1/message/sms', body: 'to=%2B4915112345678', now: 1_732_262_400_000, seedForm: 'signed' },
      );
      const asHeaderLines = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      for (const text of [asHeaderLines, JSON.stringify(headers)]) {
        const out = redact(text);
        assert.ok(!out.includes(SECRET), out);
        assert.ok(!out.includes(ID), out);
        const signature = headers.Signature;
        if (signature) assert.ok(!out.includes(signature), out);
        if (headers.Authorization?.startsWith('Basic ')) assert.ok(!out.includes(headers.Authorization.slice(6)), out);
        assert.ok(out.includes('1732262400000'), 'the Timestamp stays readable');
      }
    }
  });
});

void describe('redact: phone numbers', () => {
  void it('masks an E.164 number as in the product contract', () => {
    assert.equal(redact('to +4915112345678 ok'), 'to +4915******78 ok');
    assert.equal(maskPhoneNumber('+4915112345678'), '+4915******78');
  });

  void it('hides the length of the number', () => {
    assert.equal(redact('+12025550123'), '+12******23');
    assert.equal(redact('+861381234567890'), '+8613******90');
  });

  void it('masks E.164 numbers inside JSON, form bodies (URL-encoded +) and with separators', () => {
    assert.equal(redact('{"to":"+4915112345678"}'), '{"to":"+4915******78"}');
    assert.equal(redact('from%3Aid=s1&to=%2B4915112345678&body=hi'), 'from%3Aid=s1&to=%2B4915******78&body=hi');
    assert.equal(redact('call +49 151 1234-5678 now'), 'call +4915******78 now');
  });

  void it('masks long digit runs written without a plus (national and 00-prefixed numbers)', () => {
    assert.equal(redact('to=015112345678'), 'to=0151******78');
    assert.equal(redact('dial 004915112345678'), 'dial 0049******78');
    assert.equal(redact('US 2025550123'), 'US 20******23');
  });

  void it('keeps month and day ids, timezones, epoch times, decimals and UUIDs readable', () => {
    for (const line of [
      'GET /v1/vvoice/inst-7/calls/202405',
      'dateID=20240515',
      'timestamp 2024-05-15 10:00:00:123 +0000',
      'Timestamp: 1732262400000',
      'at 1732262400 s',
      'balance 12345678901.25 EUR',
      'messageId 550e8400-e29b-41d4-a716-446655440000',
      'instance abc1234567890',
    ]) {
      assert.equal(redact(line), line);
    }
  });
});

void describe('KnownSecrets', () => {
  void it('masks a registered secret wherever it appears, also URL-encoded and JSON-escaped', () => {
    const known = new KnownSecrets();
    assert.equal(known.add(SECRET), true);
    const encoded = encodeURIComponent(SECRET);
    assert.notEqual(encoded, SECRET, 'the fixture has characters that URL encoding changes');
    assert.equal(redact(`oops ${SECRET} and ${encoded}`, known), 'oops *** and ***');
    const quoted = 'a"b\\c-secret';
    known.add(quoted);
    assert.equal(redact(JSON.stringify({ v: quoted }), known), '{"v":"***"}');
  });

  void it('keeps a prefix when asked, and a full mask wins over a partial one', () => {
    const known = new KnownSecrets();
    known.add(ID, 4);
    assert.equal(redact(`profile uses ${ID}.`, known), 'profile uses AKID***.');
    known.add(ID);
    assert.equal(redact(`profile uses ${ID}.`, known), 'profile uses ***.');
    known.add(ID, 4);
    assert.equal(redact(`profile uses ${ID}.`, known), 'profile uses ***.');
  });

  void it('masks the longer of two overlapping secrets whole', () => {
    const known = new KnownSecrets();
    known.add('abcd');
    known.add('abcdefgh');
    assert.equal(redact('x abcdefgh y abcd', known), 'x *** y ***');
  });

  void it('masks a short secret where it stands alone, not inside words', () => {
    const known = new KnownSecrets();
    assert.equal(known.add('abc'), true);
    assert.equal(redact('secret abc, also "abc" and abc.', known), 'secret ***, also "***" and ***.');
    assert.equal(redact('abcdef and cabc stay', known), 'abcdef and cabc stay');
    assert.equal(known.add(''), false);
  });

  void it('skips text shorter than every registered value, and a shorter value registered later still counts', () => {
    const known = new KnownSecrets();
    assert.equal(known.apply('abc'), 'abc', 'nothing registered');
    known.add(SECRET);
    assert.equal(known.apply('abc'), 'abc');
    assert.equal(known.apply(SECRET), '***', 'text exactly as long as the shortest value is searched');
    known.add('ab');
    assert.equal(known.apply('ab'), '***', 'the bound follows the shortest value');
    assert.equal(known.apply('a'), 'a');
    // The bound is taken over every encoding registered, not only the value as given.
    known.add('x y', 0);
    assert.equal(known.apply('x+y'), '***', 'its form encoding');
  });
});

void describe('redact: echoed credentials (security)', () => {
  // A secret with characters every encoding changes: slash, plus, equals, space, quote, parenthesis.
  const secret = "s3cr3t/+Key=va lue'(x)";
  const id = 'AKIDECHO5678';
  const basic = Buffer.from(`${id}:${secret}`).toString('base64');
  const known = (): KnownSecrets => {
    const k = new KnownSecrets();
    k.addCredentials(id, secret);
    return k;
  };

  void it('masks the Basic credential wherever it is echoed, with or without the scheme', () => {
    for (const text of [
      `HTTP 400 echo: ${basic} end`,
      `echo Authorization%3DBasic%20${encodeURIComponent(basic)} end`,
      `echo ${basic.replace(/=+$/, '')} end`,
      `echo ${basic.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')} end`,
    ]) {
      const out = redact(text, known());
      assert.ok(!out.includes(basic.slice(0, 12)), out);
      assert.match(out, /\*\*\*/);
    }
  });

  void it('masks an unknown Basic credential echoed without its scheme (decodes to id:secret)', () => {
    const other = Buffer.from('SOMEID:some-secret-value').toString('base64');
    assert.equal(redact(`body echoed Authorization%3DBasic%20${other}`), 'body echoed Authorization%3DBasic%20***');
    assert.equal(redact(`token ${other} end`), 'token *** end');
  });

  void it('masks form-encoded and lower-case percent-encoded forms of the secret', () => {
    const form = new URLSearchParams({ v: secret }).toString().slice(2);
    const lower = encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
    assert.notEqual(form, encodeURIComponent(secret));
    assert.equal(redact(`a=${form}&b=1`, known()), 'a=***&b=1');
    assert.equal(redact(`path /x/${lower}/y`, known()), 'path /x/***/y');
  });

  void it('leaves ordinary words and ids that happen to be base64 alphabet alone', () => {
    const text = 'Instance VI-DEMO-1 answered InvalidParameterValue for month 202411 (RequestId abcdEFGH1234)';
    assert.equal(redact(text), text);
  });
});

void describe('redact: properties', () => {
  void it('is idempotent', () => {
    const known = new KnownSecrets();
    known.add(SECRET);
    known.add(ID, 4);
    const text = `AccessKeyId: ${ID}\nSignature: xyz==\nAuthorization: Basic QUtJRDpzZWNyZXQ=\nto +4915112345678 ${SECRET}`;
    const once = redact(text, known);
    assert.equal(redact(once, known), once);
  });

  void it('returns text without anything sensitive unchanged', () => {
    const text = 'GET /v1/vvoice/inst-7/calls/202405 -> 200 in 35 ms (attempt 1 of 3)';
    assert.equal(redact(text), text);
  });
});
