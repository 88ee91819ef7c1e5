// Saving and removing profiles in the raw user setting: other entries are untouched, a re-sign-in
// keeps the profile's instances, and no stray (possibly secret) key survives a save.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { profileNames, upsertProfile, withoutProfile } from '../../../../src/host/profile/profileList.js';

void describe('profile list edits', () => {
  const other = { name: 'Other', baseUrl: 'https://o', voiceInstances: ['X'], senderIds: [], custom: 1 };

  void it('appends a new profile with its first instance, leaving others exactly as they were', () => {
    const list = upsertProfile([other, 'garbage'], { name: 'New', baseUrl: 'https://n', voiceInstanceId: 'VI-1' });
    assert.deepEqual(list, [other, 'garbage', { name: 'New', baseUrl: 'https://n', voiceInstances: ['VI-1'], senderIds: [] }]);
    assert.equal(list[0], other);
  });

  void it('updates an existing profile in place, keeping its instances and sender ids and dropping stray keys', () => {
    const old = { name: 'P', baseUrl: 'https://old', accountId: 'A', voiceInstances: ['VI-1'], senderIds: ['S'], secretAccessKey: 'oops' };
    const list = upsertProfile([old, other], { name: 'P', baseUrl: 'https://new', voiceInstanceId: 'VI-2' });
    assert.deepEqual(list[0], { name: 'P', baseUrl: 'https://new', accountId: 'A', voiceInstances: ['VI-1', 'VI-2'], senderIds: ['S'] });
    assert.ok(!JSON.stringify(list).includes('oops'));
    assert.equal(upsertProfile(list, { name: 'P', baseUrl: 'https://new', voiceInstanceId: 'VI-1' }).length, 2);
  });

  void it('starts from an empty list when the setting is not an array', () => {
    assert.deepEqual(profileNames(upsertProfile(undefined, { name: 'P', baseUrl: 'https://p' })), ['P']);
    assert.deepEqual(profileNames(upsertProfile({ not: 'a list' }, { name: 'P', baseUrl: 'https://p' })), ['P']);
  });

  void it('removes only the named profile', () => {
    assert.deepEqual(withoutProfile([other, { name: 'P', baseUrl: 'x' }], 'P'), [other]);
    assert.deepEqual(withoutProfile(undefined, 'P'), []);
  });
});

void describe('signing in again with a look-alike of a listed instance', () => {
  void it('keeps the listed id and adds no second one that looks the same (full-width V and I)', () => {
    const old = { name: 'P', baseUrl: 'https://b', voiceInstances: ['VI-1'], senderIds: [] };
    const [saved] = upsertProfile([old], { name: 'P', baseUrl: 'https://b', voiceInstanceId: '\uFF36\uFF29-1' }) as {
      voiceInstances: string[];
    }[];
    assert.deepEqual(saved?.voiceInstances, ['VI-1']);
  });
});
