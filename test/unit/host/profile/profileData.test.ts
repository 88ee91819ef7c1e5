// Removing a profile deletes what globalState keeps for it (Sent SMS history, balance readings) and
// nothing of any other profile.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BalanceModel, READINGS_KEY_PREFIX, type BalanceSource } from '../../../../src/host/balance/model.js';
import { forgetProfileData } from '../../../../src/host/profile/profileData.js';
import { SmsHistory } from '../../../../src/host/sms/history.js';
import { MemoryState } from '../memoryState.js';

const unused: BalanceSource = { active: () => Promise.reject(new Error('not used')) };

void describe('forgetProfileData', () => {
  void it("deletes the removed profile's SMS history and balance readings, and only those", async () => {
    const state = new MemoryState();
    const history = new SmsHistory(state);
    const model = new BalanceModel(unused, state);
    for (const profile of ['gone', 'kept']) {
      await history.add({
        profile,
        from: 'VSTK-TEST',
        to: '+4915123456789',
        body: 'hi',
        segments: 1,
        encoding: 'GSM-7',
        status: 'sent',
        messageId: `m-${profile}`,
      });
      await state.update(READINGS_KEY_PREFIX + profile, { accountId: 'ACC', currency: 'EUR', readings: [{ at: 1, amount: 10 }] });
    }
    await forgetProfileData({ sms: { history }, balance: { model } }, 'gone');
    assert.deepEqual(history.entries('gone'), []);
    assert.equal(state.get(READINGS_KEY_PREFIX + 'gone'), undefined);
    assert.equal(history.entries('kept').length, 1);
    assert.ok(state.get(READINGS_KEY_PREFIX + 'kept'));
  });
});
