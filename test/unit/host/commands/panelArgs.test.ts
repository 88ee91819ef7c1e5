import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { readPanelArgs } from '../../../../src/host/commands/panelArgs.js';

function refusedField(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    assert.ok(isVoiceSmsError(e, 'validation'), `expected a validation error, got ${String(e)}`);
    return e.details.field;
  }
  assert.fail('expected the arguments to be refused');
}

void describe('readPanelArgs', () => {
  void it('reads instanceId, monthId and dateId; accepts YYYY-MM-DD and returns YYYYMMDD', () => {
    assert.deepEqual(readPanelArgs({ instanceId: ' VI-1 ', monthId: '202406', dateId: '2024-06-15' }), {
      instanceId: 'VI-1',
      monthId: '202406',
      dateId: '20240615',
    });
    assert.deepEqual(readPanelArgs({ instanceId: 'VI-1', dateId: '20240229' }), { instanceId: 'VI-1', dateId: '20240229' });
  });

  void it('treats no argument, a non-object and unknown fields as "ask"', () => {
    assert.deepEqual(readPanelArgs(undefined), {});
    assert.deepEqual(readPanelArgs('VI-1'), {});
    assert.deepEqual(readPanelArgs([{ instanceId: 'VI-1' }]), {});
    // A tree element carries more than the ids; the extra fields are ignored.
    assert.deepEqual(readPanelArgs({ instanceId: 'VI-1', label: 'x', collapsibleState: 1 }), { instanceId: 'VI-1' });
  });

  void it('accepts a month given as a number (a keybinding written by hand)', () => {
    assert.deepEqual(readPanelArgs({ monthId: 202412 }), { monthId: '202412' });
  });

  void it('refuses bad values with the field named, before any request', () => {
    assert.equal(
      refusedField(() => readPanelArgs({ instanceId: 'a/b' })),
      'instanceId',
    );
    assert.equal(
      refusedField(() => readPanelArgs({ instanceId: '' })),
      'instanceId',
    );
    assert.equal(
      refusedField(() => readPanelArgs({ instanceId: 42.5 })),
      'instanceId',
    );
    assert.equal(
      refusedField(() => readPanelArgs({ monthId: '202413' })),
      'monthId',
    );
    assert.equal(
      refusedField(() => readPanelArgs({ dateId: '2023-02-29' })),
      'dateId',
    );
    assert.equal(
      refusedField(() => readPanelArgs({ dateId: '2024-0615' })),
      'dateId',
    );
  });
});
