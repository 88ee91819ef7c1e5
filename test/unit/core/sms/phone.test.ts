import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { maskPhone, normalizeE164 } from '../../../../src/core/sms/index.js';

function assertRefused(input: string, region: string | undefined, pattern: RegExp): void {
  assert.throws(
    () => normalizeE164(input, region),
    (e: unknown) => {
      assert.ok(isVoiceSmsError(e, 'validation'), `expected a validation error for ${input}, got ${String(e)}`);
      assert.equal(e.details.field, 'to');
      assert.match(e.message, pattern);
      // The reason must not repeat the number (it may end up in a log line).
      const digits = input.replace(/\D/g, '');
      if (digits.length >= 6) assert.ok(!e.message.replace(/\D/g, '').includes(digits), e.message);
      return true;
    },
  );
}

void describe('normalizeE164', () => {
  void it('turns national formats into E.164 with a default region', () => {
    assert.equal(normalizeE164('0151 23456789', 'DE'), '+4915123456789');
    assert.equal(normalizeE164('(030) 1234567', 'DE'), '+49301234567');
    assert.equal(normalizeE164('07911 123456', 'GB'), '+447911123456');
    assert.equal(normalizeE164('213-373-4253', 'us'), '+12133734253');
    assert.equal(normalizeE164('0049 151 23456789', 'DE'), '+4915123456789');
  });

  void it('keeps numbers already in international form, whatever the default region', () => {
    assert.equal(normalizeE164('+4915123456789'), '+4915123456789');
    assert.equal(normalizeE164(' +1 (213) 373-4253 '), '+12133734253');
    assert.equal(normalizeE164('+44 7911 123456', 'DE'), '+447911123456');
    assert.equal(normalizeE164('0044 7911 123456'), '+447911123456');
  });

  void it('explains what is wrong with junk', () => {
    assertRefused('', undefined, /enter the destination/);
    assertRefused('abc', undefined, /not a phone number/);
    assertRefused('call +1 213 373 4253 now', undefined, /not a phone number/);
    assertRefused('1'.repeat(65), undefined, /too long/);
  });

  void it('refuses numbers that are too short or too long', () => {
    assertRefused('+49 12', undefined, /too short/);
    assertRefused('12', 'DE', /too short/);
    assertRefused('+4915123456789012345', undefined, /too long/);
  });

  void it('checks numbers against the full per-country rules, not only their length', () => {
    // A German mobile prefix with far too few digits: the length-only metadata would let it pass.
    assertRefused('0151 12', 'DE', /not a valid number for DE/);
    assertRefused('+4915112', undefined, /not a valid number/);
  });

  void it('asks for a country code or a default region when a national number has neither', () => {
    assertRefused('2133734253', undefined, /country code.*defaultRegion/);
    assertRefused('+999 1234567', undefined, /country calling code/);
    assertRefused('0151 23456789', 'XX', /default region "XX"/);
  });

  void it('refuses numbers that have the right length but are not valid for their country, and extensions', () => {
    assertRefused('+15555550100', undefined, /not a valid number for \+1;/);
    assertRefused('+33 0 12 34 56 78', undefined, /not a valid number for FR \(\+33\)/);
    assertRefused('+1 213 373 4253 ext. 12', undefined, /extension/);
  });
});

void describe('maskPhone', () => {
  void it('keeps the country prefix and the last two digits', () => {
    assert.equal(maskPhone('+491512345667'), '+4915******67');
    assert.equal(maskPhone('+4915123456789'), '+4915******89');
    assert.equal(maskPhone('+12133734253'), '+12******53');
  });

  void it('always hides at least half of the digits and never throws', () => {
    for (const n of ['+4912345', '+123', '12', '+491512345667', 'garbage']) {
      const masked = maskPhone(n);
      const shown = masked.replace(/\D/g, '').length;
      const total = n.replace(/\D/g, '').length;
      assert.ok(shown * 2 <= total, `${n} -> ${masked}`);
      assert.ok(!masked.includes(n.replace(/\D/g, '')) || total === 0, `${n} -> ${masked}`);
    }
    assert.equal(maskPhone(''), '');
  });
});
