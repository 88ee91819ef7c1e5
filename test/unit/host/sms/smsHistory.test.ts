// The Sent SMS store: newest first, capped, per profile, masked number in every public view while
// resend still gets the exact destination and body; malformed stored data is ignored.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropLegacyDrafts, LEGACY_WORKSPACE_KEYS, SmsDrafts } from '../../../../src/host/sms/draft.js';
import { previewOf, SmsHistory, type NewEntry } from '../../../../src/host/sms/history.js';
import { MemoryState } from '../memoryState.js';

const TO = '+4915123456789';
const entry = (over: Partial<NewEntry> = {}): NewEntry => ({
  profile: 'p1',
  from: 'VSTK-TEST',
  to: TO,
  body: 'Hello there, this is a test message body that is long',
  segments: 1,
  encoding: 'GSM-7',
  status: 'sent',
  messageId: 'm-1',
  ...over,
});

void describe('SmsHistory', () => {
  void it('lists newest first, per profile, and never shows the full number', async () => {
    let t = 1_000;
    const state = new MemoryState();
    const h = new SmsHistory(state, () => t++);
    await h.add(entry({ messageId: 'a' }));
    await h.add(entry({ messageId: 'b', from: 'OTHER' }));
    await h.add(entry({ profile: 'p2', messageId: 'c' }));
    assert.deepEqual(
      h.entries('p1').map((e) => e.messageId),
      ['b', 'a'],
    );
    assert.deepEqual(
      h.entries('p2').map((e) => e.messageId),
      ['c'],
    );
    assert.deepEqual(h.recentSenders('p1'), ['OTHER', 'VSTK-TEST']);
    const shown = JSON.stringify(h.entries('p1'));
    assert.ok(!shown.includes(TO) && !shown.includes('15123456789'), shown);
    assert.match(h.entries('p1')[0]?.toMasked ?? '', /^\+4915\*+89$/);
    assert.ok((h.entries('p1')[0]?.preview.length ?? 99) <= 40);
  });

  void it('keeps the exact destination and body for resend only', async () => {
    const h = new SmsHistory(new MemoryState());
    const added = await h.add(entry({ status: 'outcome-unknown', error: 'lost' }));
    const data = h.resendData('p1', added.id);
    assert.equal(data?.to, TO);
    assert.equal(data?.body, entry().body);
    assert.equal(data?.status, 'outcome-unknown');
    assert.equal(h.resendData('p2', added.id), undefined);
  });

  void it('caps the list, clears one profile and notifies listeners', async () => {
    const state = new MemoryState();
    const h = new SmsHistory(state, Date.now, 3);
    let changes = 0;
    h.onDidChange(() => changes++);
    for (let i = 0; i < 5; i++) await h.add(entry({ messageId: String(i) }));
    await h.add(entry({ profile: 'p2' }));
    assert.deepEqual(
      h.entries('p1').map((e) => e.messageId),
      ['4', '3', '2'],
    );
    await h.clear('p1');
    assert.equal(h.entries('p1').length, 0);
    assert.equal(h.entries('p2').length, 1);
    assert.equal(changes, 7);
  });

  void it('ignores malformed stored data', () => {
    const state = new MemoryState();
    state.data.set('voiceSms.smsHistory.p1', [{ id: 1 }, 'x', null]);
    assert.deepEqual(new SmsHistory(state).entries('p1'), []);
    state.data.set('voiceSms.smsHistory.p1', 'not a list');
    assert.deepEqual(new SmsHistory(state).entries('p1'), []);
  });

  void it('previews the first words on one line', () => {
    assert.equal(previewOf('short\n text'), 'short text');
    const p = previewOf('word '.repeat(20));
    assert.ok(p.endsWith('…') && [...p].length <= 40, p);
    assert.equal([...previewOf('x'.repeat(100))].length, 40);
  });
});

void describe('SmsDrafts', () => {
  void it('survives a restart through the state store and is cleared after success', async () => {
    const state = new MemoryState();
    await new SmsDrafts(state).keep('P', { from: 'A', to: TO, body: 'b' });
    const again = new SmsDrafts(state);
    assert.deepEqual(again.get('P'), { from: 'A', to: TO, body: 'b' });
    await again.clear('P');
    assert.equal(new SmsDrafts(state).get('P'), undefined);
  });

  void it('offers the unsent draft first, else the last message sent, across restarts', async () => {
    const state = new MemoryState();
    assert.equal(new SmsDrafts(state).lastComposed('P'), undefined);
    const drafts = new SmsDrafts(state);
    await drafts.keep('P', { from: 'A', to: TO, body: 'failed once' });
    assert.deepEqual(drafts.lastComposed('P'), { from: 'A', to: TO, body: 'failed once', sent: false });
    await drafts.markSent('P', { from: 'A', to: TO, body: 'failed once' });
    assert.equal(drafts.get('P'), undefined, 'a successful send clears the draft');
    await drafts.keep('P', { from: 'B', to: TO, body: 'new draft' });
    assert.deepEqual(new SmsDrafts(state).lastComposed('P'), { from: 'B', to: TO, body: 'new draft', sent: false });
    await drafts.clear('P');
    assert.deepEqual(new SmsDrafts(state).lastComposed('P'), { from: 'A', to: TO, body: 'failed once', sent: true });
  });

  void it("keeps one pair per profile; forget deletes that profile's draft and last sent SMS, no other's", async () => {
    const state = new MemoryState();
    const drafts = new SmsDrafts(state);
    await drafts.markSent('gone', { from: 'A', to: TO, body: 'sent' });
    await drafts.keep('gone', { from: 'A', to: TO, body: 'draft' });
    await drafts.keep('kept', { from: 'K', to: TO, body: 'other' });
    assert.equal(drafts.lastComposed('kept')?.body, 'other', "another profile's draft is not offered");
    await drafts.forget('gone');
    assert.equal(drafts.lastComposed('gone'), undefined);
    assert.deepEqual(drafts.get('kept'), { from: 'K', to: TO, body: 'other' });
  });

  void it('drops the pair older releases kept in workspace state (it belonged to no profile we know)', async () => {
    const workspace = new MemoryState();
    for (const key of LEGACY_WORKSPACE_KEYS) await workspace.update(key, { from: 'A', to: TO, body: 'old' });
    await dropLegacyDrafts(workspace);
    for (const key of LEGACY_WORKSPACE_KEYS) assert.equal(workspace.get(key), undefined);
  });
});
