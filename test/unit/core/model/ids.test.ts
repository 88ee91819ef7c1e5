import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { encodeId, validateBaseUrl, validateDateId, validateId, validateMonthId } from '../../../../src/core/model/ids.js';

function assertInvalid(fn: () => unknown, field: string, pattern?: RegExp): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(isVoiceSmsError(e, 'validation'), `expected a validation error, got ${String(e)}`);
    assert.equal(e.details.field, field);
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
}

void describe('validateId / encodeId', () => {
  void it('trims and accepts ordinary ids, keeping leading zeros', () => {
    assert.equal(validateId('instanceId', '  VV-007  '), 'VV-007');
    assert.equal(validateId('instanceId', '0042'), '0042');
  });

  void it('refuses empty, too long, slash, control characters, dot segments and broken Unicode', () => {
    assertInvalid(() => validateId('instanceId', '   '), 'instanceId', /empty/);
    assertInvalid(() => validateId('instanceId', 'a'.repeat(129)), 'instanceId', /128/);
    assert.equal(validateId('instanceId', 'a'.repeat(128)).length, 128);
    assertInvalid(() => validateId('instanceId', 'a/b'), 'instanceId', /"\/"/);
    assertInvalid(() => validateId('instanceId', '../x'), 'instanceId');
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\u007fb', 'a\u0085b']) {
      assertInvalid(() => validateId('accountId', bad), 'accountId', /control/);
    }
    assertInvalid(() => validateId('instanceId', '..'), 'instanceId');
    assertInvalid(() => validateId('instanceId', '.'), 'instanceId');
    assertInvalid(() => validateId('instanceId', 'a\ud800b'), 'instanceId', /Unicode/);
  });

  void it('refuses invisible characters (bidi controls, zero-width, fillers) and says which one', () => {
    const cases: [string, RegExp][] = [
      ['VSTK\u202ETSET', /contains U\+202E RIGHT-TO-LEFT OVERRIDE, an invisible character; remove it/],
      ['VSTK\u200BTEST', /U\+200B ZERO WIDTH SPACE/],
      ['\u3164VSTK', /U\+3164 HANGUL FILLER/],
      ['VSTK\u2066x\u2069', /U\+2066 LEFT-TO-RIGHT ISOLATE/],
      ['VS\u00ADTK', /U\+00AD SOFT HYPHEN/],
      ['VS\uFEFFTK', /U\+FEFF ZERO WIDTH NO-BREAK SPACE/],
      ['VS\u2028TK', /U\+2028 LINE SEPARATOR/],
      ['VSTK\uFE0F', /U\+FE0F VARIATION SELECTOR-16/],
      // Unnamed here: the code point alone, still with the sentence.
      ['VSTK\u{E0041}', /contains U\+E0041, an invisible character/],
      ['VSTK\u180B', /U\+180B, an invisible character/],
    ];
    for (const [bad, why] of cases) {
      for (const field of ['from', 'instanceId', 'accountId']) assertInvalid(() => validateId(field, bad), field, why);
    }
    // Visible characters that a confirmation spells out are still ids (the service decides about them).
    assert.equal(validateId('from', 'VSTK\u00A0TEST'), 'VSTK\u00A0TEST');
    assert.equal(validateId('from', 'Zürich😀'), 'Zürich😀');
    assert.equal(validateId('from', 'ACME Ltd'), 'ACME Ltd');
  });

  void it('percent-encodes everything that would change the path', () => {
    assert.equal(encodeId('instanceId', 'a b?c#d%e&f'), 'a%20b%3Fc%23d%25e%26f');
    assert.equal(encodeId('instanceId', 'Zürich😀'), 'Z%C3%BCrich%F0%9F%98%80');
    assert.equal(encodeId('instanceId', 'a\\b'), 'a%5Cb');
    assertInvalid(() => encodeId('instanceId', ''), 'instanceId');
  });
});

void describe('validateMonthId', () => {
  void it('accepts YYYYMM with months 01-12', () => {
    assert.equal(validateMonthId('202401'), '202401');
    assert.equal(validateMonthId(' 202412 '), '202412');
  });
  void it('refuses month 00/13, other shapes and junk', () => {
    for (const bad of ['202400', '202413', '2024-06', '20246', '2024061', 'abcdef', '', '0999 1']) {
      assertInvalid(() => validateMonthId(bad), 'monthId');
    }
  });
});

void describe('validateDateId', () => {
  void it('accepts real dates as YYYYMMDD or YYYY-MM-DD and returns YYYYMMDD', () => {
    assert.equal(validateDateId('20240229'), '20240229');
    assert.equal(validateDateId('2024-02-29'), '20240229');
    assert.equal(validateDateId(' 2023-12-31 '), '20231231');
  });
  void it('refuses impossible calendar dates and mixed shapes', () => {
    for (const bad of ['20230229', '20240230', '20240431', '20240100', '20241301', '2024-0601', '202406-01', '2024/06/01', '240601', '']) {
      assertInvalid(() => validateDateId(bad), 'dateId');
    }
  });
});

void describe('validateBaseUrl', () => {
  void it('accepts https and normalises the trailing slash so a path prefix survives joining', () => {
    assert.equal(validateBaseUrl('https://api.example.com').href, 'https://api.example.com/');
    assert.equal(validateBaseUrl('https://api.example.com/').href, 'https://api.example.com/');
    const prefixed = validateBaseUrl(' https://api.example.com/eu/// ');
    assert.equal(prefixed.href, 'https://api.example.com/eu/');
    assert.equal(new URL('v1/message/sms', prefixed).href, 'https://api.example.com/eu/v1/message/sms');
  });

  void it('allows http only on loopback hosts', () => {
    for (const ok of ['http://127.0.0.1:8080', 'http://127.5.6.7', 'http://localhost:3000/', 'http://[::1]:9000', 'http://LOCALHOST']) {
      assert.equal(validateBaseUrl(ok).protocol, 'http:', ok);
    }
    for (const bad of [
      'http://api.example.com',
      'http://128.0.0.1',
      'http://127.0.0.1.example.com',
      'http://localhost.evil.com',
      'http://10.0.0.1',
    ]) {
      assertInvalid(() => validateBaseUrl(bad), 'baseUrl', /https/);
    }
  });

  void it('refuses credentials, query, fragment, other schemes and non-URLs', () => {
    assertInvalid(() => validateBaseUrl('https://user:pw@api.example.com'), 'baseUrl', /password/);
    assertInvalid(() => validateBaseUrl('https://api.example.com/?a=1'), 'baseUrl', /query/);
    assertInvalid(() => validateBaseUrl('https://api.example.com/?'), 'baseUrl', /query/);
    assertInvalid(() => validateBaseUrl('https://api.example.com/#x'), 'baseUrl', /fragment/);
    assertInvalid(() => validateBaseUrl('ftp://api.example.com'), 'baseUrl');
    assertInvalid(() => validateBaseUrl('api.example.com'), 'baseUrl', /absolute/);
    assertInvalid(() => validateBaseUrl(''), 'baseUrl');
  });

  void it('never echoes a password in its error message', () => {
    assert.throws(
      () => validateBaseUrl('https://user:hunter2@api.example.com'),
      (e: unknown) => {
        assert.ok(e instanceof Error);
        assert.doesNotMatch(e.message, /hunter2/);
        return true;
      },
    );
  });
});
