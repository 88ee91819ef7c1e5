// Copy as cURL / Copy Request as Code: which read an argument names and its parameters, from the operations table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { READ_OPERATIONS } from '../../../../src/core/api/operations.js';
import { defaultParams, impliedRead, readCall, type ReadDefaults } from '../../../../src/host/commands/readCall.js';

const NOW = new Date(Date.UTC(2024, 5, 15, 12));
const PROFILE: ReadDefaults = { instanceId: 'VI-DEMO-01', accountId: 'ACC-DEMO', now: NOW };
const BARE: ReadDefaults = { instanceId: undefined, accountId: undefined, now: NOW };

void describe('readCall', () => {
  void it('names the read a tree row or a panel means without saying so: a day before a month, then a row kind', () => {
    assert.equal(impliedRead({ instanceId: 'VI-1', dateId: '20240603' }), 'activities');
    assert.equal(impliedRead({ kind: 'month', instanceId: 'VI-1', monthId: '202406' }), 'calls');
    assert.equal(impliedRead({ instanceId: 'VI-1', monthId: '202406', dateId: '20240603' }), 'activities');
    assert.equal(impliedRead({ kind: 'balance' }), 'balance');
    // An instance row, an SMS, anything else: the user is asked.
    assert.equal(impliedRead({ kind: 'instance', instanceId: 'VI-1' }), undefined);
    assert.equal(impliedRead({ kind: 'sms' }), undefined);
    assert.equal(impliedRead({}), undefined);
  });

  void it("fills what the argument leaves out from the profile and today's date", () => {
    assert.deepEqual(readCall('calls', {}, PROFILE), { operation: 'calls', instanceId: 'VI-DEMO-01', monthId: '202406' });
    assert.deepEqual(readCall('activities', { instanceId: 'VI-2' }, PROFILE), {
      operation: 'activities',
      instanceId: 'VI-2',
      dateId: '20240615',
    });
    assert.deepEqual(readCall('balance', {}, PROFILE), { operation: 'balance', accountId: 'ACC-DEMO' });
  });

  void it('checks what the argument gives as the core does: trimmed ids, YYYY-MM-DD as YYYYMMDD, a whole-number month', () => {
    assert.deepEqual(readCall('activities', { instanceId: ' VI-2 ', dateId: '2024-06-03' }, PROFILE), {
      operation: 'activities',
      instanceId: 'VI-2',
      dateId: '20240603',
    });
    assert.deepEqual(readCall('calls', { monthId: 202401 }, PROFILE), { operation: 'calls', instanceId: 'VI-DEMO-01', monthId: '202401' });
    for (const [arg, field] of [
      [{ monthId: '202413' }, 'monthId'],
      [{ dateId: '20240631' }, 'dateId'],
      [{ instanceId: 'VI/1' }, 'instanceId'],
      [{ instanceId: { not: 'a string' } }, 'instanceId'],
    ] as const) {
      const op = 'dateId' in arg ? 'activities' : 'calls';
      assert.throws(
        () => readCall(op, arg, PROFILE),
        (e: unknown) => isVoiceSmsError(e, 'validation') && e.details.field === field,
        JSON.stringify(arg),
      );
    }
  });

  void it('says which parameter to pass when the profile has nothing to default it to', () => {
    assert.throws(() => readCall('calls', {}, BARE), /Pass instanceId: the active profile has none/);
    assert.throws(() => readCall('balance', {}, BARE), /Pass accountId: the active profile has none/);
    assert.deepEqual(readCall('balance', { accountId: 'ACC-2' }, BARE), { operation: 'balance', accountId: 'ACC-2' });
  });

  void it('offers every read the profile can default, with the defaults the pick shows; none that it cannot', () => {
    const offered = READ_OPERATIONS.filter((op) => defaultParams(op, PROFILE) !== undefined);
    assert.deepEqual(offered, READ_OPERATIONS);
    assert.deepEqual(defaultParams('calls', PROFILE), [
      { name: 'instanceId', value: 'VI-DEMO-01' },
      { name: 'monthId', value: '202406' },
    ]);
    // Without an instance, only what needs none: the balance, not an instance's month or day.
    const withoutInstance = READ_OPERATIONS.filter((op) => defaultParams(op, { ...BARE, accountId: 'ACC-DEMO' }) !== undefined);
    assert.ok(withoutInstance.includes('balance'), withoutInstance.join(', '));
    assert.ok(!withoutInstance.includes('calls') && !withoutInstance.includes('activities'), withoutInstance.join(', '));
  });
});
