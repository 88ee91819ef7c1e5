import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenResult } from '../../../../src/shared/flattenResult.js';
import { amountOf, formatBalance, isLow } from '../../../../src/host/balance/format.js';

void describe('balance formatting', () => {
  void it('formats an ISO currency with its fraction digits, code after the number', () => {
    assert.equal(formatBalance({ amount: '123.45', currency: 'EUR' }), '123.45 EUR');
    assert.equal(formatBalance({ amount: '5', currency: 'USD' }), '5.00 USD');
    assert.equal(formatBalance({ amount: '1234.5', currency: 'GBP' }), '1,234.50 GBP');
    assert.equal(formatBalance({ amount: '1500', currency: 'JPY' }), '1,500 JPY');
  });

  void it('never drops digits the service sent', () => {
    assert.equal(formatBalance({ amount: '0.0725', currency: 'EUR' }), '0.0725 EUR');
  });

  void it('follows the locale for separators', () => {
    assert.equal(formatBalance({ amount: '1234.5', currency: 'EUR' }, 'de'), '1.234,50 EUR');
  });

  void it('shows unknown currencies and odd amounts exactly as received', () => {
    assert.equal(formatBalance({ amount: '12.50', currency: '€' }), '12.50 €');
    assert.equal(formatBalance({ amount: '12.50', currency: 'XYZ' }), '12.50 XYZ');
    assert.equal(formatBalance({ amount: '12,50', currency: 'EUR' }), '12,50 EUR');
    assert.equal(formatBalance({ amount: '42' }), '42');
  });

  void it('is low at or below the threshold, never when the amount is unknown', () => {
    assert.equal(isLow({ amount: '5.00', currency: 'EUR' }, 5), true);
    assert.equal(isLow({ amount: '5.01', currency: 'EUR' }, 5), false);
    assert.equal(isLow({ amount: '-1' }, 0), true);
    assert.equal(isLow({ amount: '12,50' }, 20), true);
    assert.equal(isLow(undefined, 1000), false);
    assert.equal(amountOf({ amount: 'n/a' }), undefined);
  });

  void it('flattens an unrecognised answer into key/value rows', () => {
    assert.deepEqual(flattenResult({ account: { credits: '17', tier: 'gold', tags: ['a', 'b'] } }), [
      { key: 'account.credits', value: '17' },
      { key: 'account.tier', value: 'gold' },
      { key: 'account.tags[0]', value: 'a' },
      { key: 'account.tags[1]', value: 'b' },
    ]);
    assert.deepEqual(flattenResult(''), [{ key: '(result)', value: '' }]);
  });
});
