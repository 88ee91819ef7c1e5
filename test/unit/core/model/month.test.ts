import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { addMonths, dateIdOf, dateIdsOfMonth, daysInMonth, lastMonths, monthIdOf } from '../../../../src/core/model/month.js';

const isValidation = (e: unknown): boolean => isVoiceSmsError(e, 'validation');

void describe('month arithmetic', () => {
  void it('monthIdOf and dateIdOf use UTC, not the local zone', () => {
    // 23:30 UTC on 31 Jan is already February in UTC+1 and later zones.
    const d = new Date(Date.UTC(2024, 0, 31, 23, 30));
    assert.equal(monthIdOf(d), '202401');
    assert.equal(dateIdOf(d), '20240131');
    assert.equal(monthIdOf(new Date(Date.UTC(2023, 11, 1))), '202312');
    assert.throws(() => monthIdOf(new Date(Number.NaN)), isValidation);
  });

  void it('addMonths crosses year boundaries both ways', () => {
    assert.equal(addMonths('202401', -1), '202312');
    assert.equal(addMonths('202312', 1), '202401');
    assert.equal(addMonths('202406', -18), '202212');
    assert.equal(addMonths('202406', 0), '202406');
    assert.equal(addMonths('202406', 30), '202612');
    assert.throws(() => addMonths('202413', 1), isValidation);
    assert.throws(() => addMonths('202401', 0.5), isValidation);
  });

  void it('lastMonths lists newest first including the start month', () => {
    assert.deepEqual(lastMonths(3, '202402'), ['202402', '202401', '202312']);
    assert.equal(lastMonths(12, '202406').length, 12);
    assert.equal(lastMonths(12, '202406')[11], '202307');
    assert.deepEqual(lastMonths(0, '202406'), []);
    assert.throws(() => lastMonths(3, '2024-06'), isValidation);
  });

  void it('daysInMonth knows month lengths and leap years (including the century rules)', () => {
    assert.equal(daysInMonth('202401'), 31);
    assert.equal(daysInMonth('202404'), 30);
    assert.equal(daysInMonth('202402'), 29);
    assert.equal(daysInMonth('202302'), 28);
    assert.equal(daysInMonth('190002'), 28);
    assert.equal(daysInMonth('200002'), 29);
  });

  void it('dateIdsOfMonth lists every day ascending', () => {
    const ids = dateIdsOfMonth('202402');
    assert.equal(ids.length, 29);
    assert.equal(ids[0], '20240201');
    assert.equal(ids[28], '20240229');
    assert.deepEqual([...ids].sort(), ids);
  });
});
