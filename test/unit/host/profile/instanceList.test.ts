// Adding and removing a voice instance in the raw profiles setting keeps everything else as it was.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addInstances, editInstances } from '../../../../src/host/profile/instanceList.js';

const RAW = [
  { name: 'work', baseUrl: 'https://a.example', voiceInstances: ['VI-1'], senderIds: ['S'], extra: 1 },
  { name: 'home', baseUrl: 'https://b.example' },
  'not a profile',
];

void describe('editInstances', () => {
  void it('appends to the named profile only, keeping other fields and entries', () => {
    const { list, result } = editInstances(RAW, 'work', 'VI-2', 'add');
    assert.equal(result, 'added');
    assert.deepEqual(list[0], { name: 'work', baseUrl: 'https://a.example', voiceInstances: ['VI-1', 'VI-2'], senderIds: ['S'], extra: 1 });
    assert.deepEqual(list.slice(1), RAW.slice(1));
    assert.deepEqual((RAW[0] as { voiceInstances: string[] }).voiceInstances, ['VI-1'], 'the input is not mutated');
  });

  void it('creates the list for a profile without one, and reports an id already there', () => {
    assert.deepEqual(editInstances(RAW, 'home', 'VI-9', 'add').list[1], {
      name: 'home',
      baseUrl: 'https://b.example',
      voiceInstances: ['VI-9'],
    });
    assert.equal(editInstances(RAW, 'work', 'VI-1', 'add').result, 'unchanged');
  });

  void it('removes an id, and says when there is nothing to remove or no such profile', () => {
    const { list, result } = editInstances(RAW, 'work', 'VI-1', 'remove');
    assert.equal(result, 'removed');
    assert.deepEqual((list[0] as { voiceInstances: string[] }).voiceInstances, []);
    assert.equal(editInstances(RAW, 'work', 'VI-7', 'remove').result, 'unchanged');
    assert.equal(editInstances(RAW, 'nobody', 'VI-1', 'add').result, 'noProfile');
    assert.equal(editInstances(undefined, 'work', 'VI-1', 'add').result, 'noProfile');
  });
});

void describe('addInstances', () => {
  void it('appends only the ids the profile lacks, in order, in one edit', () => {
    const { list, added } = addInstances(RAW, 'work', ['VI-2', 'VI-1', 'VI-3', 'VI-2']);
    assert.deepEqual(added, ['VI-2', 'VI-3']);
    assert.deepEqual((list[0] as { voiceInstances: string[] }).voiceInstances, ['VI-1', 'VI-2', 'VI-3']);
    assert.deepEqual(list.slice(1), RAW.slice(1));
    assert.deepEqual((RAW[0] as { voiceInstances: string[] }).voiceInstances, ['VI-1'], 'the input is not mutated');
  });

  void it('leaves the list as it was when nothing is new, and says when there is no such profile', () => {
    const same = addInstances(RAW, 'work', ['VI-1']);
    assert.deepEqual(same.added, []);
    assert.deepEqual(same.list, RAW);
    assert.equal(addInstances(RAW, 'nobody', ['VI-1']).added, 'noProfile');
  });
});

void describe('look-alikes (one NFKC form) are never written beside a listed id', () => {
  // Full-width V and I, written out here.
  const lookAlike = '\uFF36\uFF29-1';
  void it('editInstances and addInstances leave the list as it was', () => {
    assert.equal(editInstances(RAW, 'work', lookAlike, 'add').result, 'unchanged');
    const { added } = addInstances(RAW, 'work', [lookAlike, 'VI-2']);
    assert.deepEqual(added, ['VI-2']);
  });
});
