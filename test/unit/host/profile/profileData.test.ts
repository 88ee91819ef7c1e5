// Removing a profile deletes what globalState keeps for it (Sent SMS history, draft and last sent SMS,
// balance readings), its finished months on disk, whatever registers later, and nothing of any other profile.
import * as assert from 'node:assert/strict';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { MonthStore } from '../../../../src/core/store/monthStore.js';
import { monthViewFromResult } from '../../../../src/core/model/monthView.js';
import { parseEnvelope } from '../../../../src/core/xml/envelope.js';
import { lazyStoredMonths } from '../../../../src/host/months/storedMonths.js';
import { BalanceModel, READINGS_KEY_PREFIX, type BalanceSource } from '../../../../src/host/balance/model.js';
import { forgetProfileData, profileDataOf, registerProfileData, type ProfileStorage } from '../../../../src/host/profile/profileData.js';
import { SmsDrafts } from '../../../../src/host/sms/draft.js';
import { SmsHistory } from '../../../../src/host/sms/history.js';
import { MemoryState } from '../memoryState.js';

const unused: BalanceSource = { active: () => Promise.reject(new Error('not used')) };

void describe('forgetProfileData', () => {
  void it("deletes the removed profile's SMS history, draft, last sent SMS and balance readings, and only those", async () => {
    const state = new MemoryState();
    const history = new SmsHistory(state);
    const model = new BalanceModel(unused, state);
    const drafts = new SmsDrafts(state);
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
      await drafts.markSent(profile, { from: 'VSTK-TEST', to: '+4915123456789', body: 'hi' });
      await drafts.keep(profile, { from: 'VSTK-TEST', to: '+4915123456789', body: 'draft' });
      await state.update(READINGS_KEY_PREFIX + profile, { accountId: 'ACC', currency: 'EUR', readings: [{ at: 1, amount: 10 }] });
    }
    const kept = state.keys().filter((k) => !k.endsWith('.gone'));
    await forgetProfileData({ profileData: profileDataOf({ smsHistory: history, drafts, balance: model }) }, 'gone');
    assert.deepEqual(state.keys(), kept, "every key of 'gone' is deleted, every other kept");
    assert.deepEqual(history.entries('gone'), []);
    assert.equal(drafts.lastComposed('gone'), undefined);
    assert.equal(state.get(READINGS_KEY_PREFIX + 'gone'), undefined);
    assert.equal(history.entries('kept').length, 1);
    assert.ok(state.get(READINGS_KEY_PREFIX + 'kept'));
  });

  void it('walks stores registered later too, and a failing store does not spare the others', async () => {
    const profileData: ProfileStorage[] = [];
    const forgotten: string[] = [];
    registerProfileData(profileData, { what: 'first', forget: () => Promise.reject(new Error('disk full')) });
    const later = registerProfileData(profileData, { what: 'finished months', forget: (p) => Promise.resolve(void forgotten.push(p)) });
    assert.deepEqual(
      profileData.map((s) => s.what),
      ['first', 'finished months'],
    );
    await assert.rejects(forgetProfileData({ profileData }, 'gone'), /disk full/);
    assert.deepEqual(forgotten, ['gone']);
    later.dispose();
    assert.deepEqual(
      profileData.map((s) => s.what),
      ['first'],
    );
  });

  void it("deletes the removed profile's stored months (sign-out and removal, Replace Profile, Stop Demo), only those", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-profiledata-'));
    try {
      const state = new MemoryState();
      // July 2024 by this store's clock: June is over.
      const storedMonths = lazyStoredMonths(dir, () => new MonthStore({ dir, scrub: (t) => t, now: () => Date.UTC(2024, 6, 15) }));
      // Files as the store names them: written through the store itself, of a month as the service answers it.
      const rawXml = readFileSync(path.join(__dirname, '../../../fixtures/monthView.xml'), 'utf8').replace(
        '<currentDateID>20240615<',
        '<currentDateID>20240630<',
      );
      const envelope = parseEnvelope(rawXml);
      const result = { view: monthViewFromResult(envelope.result, '202406'), envelope, elapsedMs: 1, rawXml };
      for (const profile of ['gone', 'kept']) {
        storedMonths.offer({ name: profile, baseUrl: 'https://x.example' }, 'VI-1', '202406', result);
      }
      await storedMonths.flush();
      assert.equal((await storedMonths.files()).length, 2, 'both stored');
      const profileData = profileDataOf({
        smsHistory: new SmsHistory(state),
        drafts: new SmsDrafts(state),
        balance: new BalanceModel(unused, state),
        storedMonths,
      });
      await forgetProfileData({ profileData }, 'gone');
      assert.equal((await storedMonths.files()).length, 1);
      assert.ok(await storedMonths.read({ name: 'kept', baseUrl: 'https://x.example' }, 'VI-1', '202406'));
      assert.equal(await storedMonths.read({ name: 'gone', baseUrl: 'https://x.example' }, 'VI-1', '202406'), undefined);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
