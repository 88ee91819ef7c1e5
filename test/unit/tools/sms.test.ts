// The one SMS check (src/tools/sms.ts) the palette, the chat tool and the MCP tool share: each refusal
// names its field and carries its figures, so the palette can word it its own way and reopen the right step.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as core from '../../../src/core/index.js';
import { validateId } from '../../../src/core/model/ids.js';
import { stepOfFailure } from '../../../src/host/sms/smsField.js';
import { checkSms, SmsRefusal } from '../../../src/tools/sms.js';
import { toolError } from '../../../src/tools/text/errorText.js';

const lib = { ...core, validateId };

function refusal(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('accepted');
}

void describe('checkSms (tool core)', () => {
  void it('accepts a valid SMS, the national number read with the region', () => {
    const sms = checkSms(lib, { from: ' VSTK-TEST ', to: '0151 23456789', body: 'hi' }, { region: 'DE', maxSegments: 3 });
    assert.equal(sms.from, 'VSTK-TEST');
    assert.equal(sms.to, '+4915123456789');
    assert.equal(sms.analysis.segments, 1);
  });

  void it('refuses a missing sender as a validation refusal of the from field', () => {
    const e = refusal(() => checkSms(lib, { from: undefined, to: '+4915123456789', body: 'x' }, { maxSegments: 3 }));
    assert.ok(e instanceof SmsRefusal);
    assert.deepEqual([e.field, e.problem.kind, toolError(e).kind], ['from', 'missingFrom', 'validation']);
    assert.equal(stepOfFailure(e, { customFrom: true }), 'customFrom');
  });

  // Every door runs this: the palette used to confirm first and let the service refuse the sender.
  void it('refuses a sender the profile does not list, naming the listed ones; with none listed any valid id goes', () => {
    const known = ['VSTK-TEST', 'ALERTS'];
    const e = refusal(() =>
      checkSms(lib, { from: 'VSTK\u00a0TEST', to: '+4915123456789', body: 'x' }, { maxSegments: 3, senderIds: known }),
    );
    assert.ok(e instanceof SmsRefusal);
    assert.deepEqual([e.field, e.problem.kind, toolError(e).kind], ['from', 'unknownFrom', 'validation']);
    assert.deepEqual(e.problem.kind === 'unknownFrom' ? e.problem.known : [], known);
    assert.match(e.message, /is not one of the sender IDs of this profile \("VSTK-TEST", "ALERTS"\)/);
    assert.equal(stepOfFailure(e, { customFrom: true }), 'customFrom');
    // Checked before the destination: an unknown sender is the first thing said.
    const first = refusal(() => checkSms(lib, { from: 'OTHER', to: 'hello', body: 'x' }, { maxSegments: 3, senderIds: known }));
    assert.ok(first instanceof SmsRefusal && first.problem.kind === 'unknownFrom');
    assert.equal(checkSms(lib, { from: 'ALERTS', to: '+4915123456789', body: 'x' }, { maxSegments: 3, senderIds: known }).from, 'ALERTS');
    assert.equal(checkSms(lib, { from: 'OTHER', to: '+4915123456789', body: 'x' }, { maxSegments: 3, senderIds: [] }).from, 'OTHER');
  });

  void it('refuses a text over the limit by its length, then by its segments, with the figures', () => {
    const long = refusal(() => checkSms(lib, { from: 'A1', to: '+4915123456789', body: 'x'.repeat(500) }, { maxSegments: 3 }));
    assert.ok(long instanceof SmsRefusal);
    assert.deepEqual(long.problem, { kind: 'tooLong', length: 500, maxSegments: 3, max: core.maxBodyUnits(3) });
    const many = refusal(() => checkSms(lib, { from: 'A1', to: '+4915123456789', body: 'ж'.repeat(100) }, { maxSegments: 1 }));
    assert.ok(many instanceof SmsRefusal);
    assert.equal(many.problem.kind, 'tooManySegments');
    assert.equal(stepOfFailure(many, { customFrom: false }), 'body');
  });

  void it('passes the core’s own refusal of a bad number through, naming its field', () => {
    const e = refusal(() => checkSms(lib, { from: 'A1', to: 'hello', body: 'x' }, { maxSegments: 3 }));
    assert.equal(stepOfFailure(e, { customFrom: false }), 'to');
  });
});
