// The answer boundary's scrub does work in proportion to the answer, once: not once per known value, nor once per
// mask. Measured in CPU time of this process (what other engineers' load on the machine moves least), the best of
// seven rounds that each measure every kind in turn, like against like: one 1 MB answer must cost about what ten
// 100 KB answers cost together (at most 4x; work that grows with the square of the size costs 10x), and 1 MB with
// sixty profiles' credentials known about what it costs with ten (at most 1.6x): past a few profiles every value is
// found in one pass, whatever their number. With one profile the search asks the text for each of its few values
// natively first (secretAutomaton.ts), which must never cost more than the one pass does (at most 1.2x ten profiles').
// A single 100 KB run (under 1 ms) was too short to hold 1 MB against: one collection in the 1 MB run made it 25x in
// CI; and with the kinds measured one after another, a burst of load during the sixty-profile runs read 1.7x in CI
// once (1.0x here in turn). The old scrub looked for every value with its own pass over each reading and searched the
// boundary's and the host's secrets one after the other: sixty profiles cost it 3.1x on plain text and 1.6x on
// escaped text (seen failing both).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnswerBoundary } from '../../../src/core/boundary.js';
import { KnownSecrets } from '../../../src/shared/redact.js';
import { cpuMsSideBySide } from '../support/cpu.js';

const OWN = { accessKeyId: 'AKIDWORKOWN0000001', secretAccessKey: 'workOwnSecretAccessKey/000000000000' };

/** A boundary as the client builds it, with `profiles` other profiles' credentials known to the host. */
function boundary(profiles: number): AnswerBoundary {
  const host = new KnownSecrets();
  for (let p = 0; p < profiles; p++)
    host.addCredentials(`AKIDWORK${String(p).padStart(8, '0')}`, `workProfileSecret/${p}/${'k'.repeat(p % 7)}000000`);
  return new AnswerBoundary(OWN, { apply: (t) => host.apply(t), holds: (c) => host.holds(c), known: () => host });
}

const TEXTS = {
  'plain words': 'The upstream service could not complete the request and says so at length. ',
  'escaped values': '<v>caf%C3%A9 said \\u0022ok\\u0022 &amp; &#x41;%2541</v>',
};

void describe('the scrub works in proportion to the answer', () => {
  for (const [name, unit] of Object.entries(TEXTS)) {
    const small = unit.repeat(Math.floor(100_000 / unit.length));
    const large = unit.repeat(Math.floor(1_000_000 / unit.length));

    void it(`${name}: 1 MB costs about ten times 100 KB, and as much with sixty profiles known as with ten`, () => {
      const one = boundary(1);
      const ten = boundary(10);
      const sixty = boundary(60);
      // Warm: the first call loads the readings and builds the search.
      for (const b of [one, ten, sixty]) b.scrub(small);
      const { tenSmallMs, largeMs, tenMs, sixtyMs } = cpuMsSideBySide({
        tenSmallMs: () => {
          for (let i = 0; i < 10; i++) one.scrub(small);
        },
        largeMs: () => one.scrub(large),
        tenMs: () => ten.scrub(large),
        sixtyMs: () => sixty.scrub(large),
      });
      const detail =
        `10 x 100 KB ${tenSmallMs.toFixed(1)} ms, 1 MB ${largeMs.toFixed(1)} ms, with ten profiles ${tenMs.toFixed(1)} ms, ` +
        `with sixty ${sixtyMs.toFixed(1)} ms (CPU)`;
      assert.ok(largeMs <= 4 * Math.max(tenSmallMs, 2), `not linear in the answer's size: ${detail}`);
      assert.ok(sixtyMs <= 1.6 * Math.max(tenMs, 2), `grows with the number of secrets known: ${detail}`);
      assert.ok(largeMs <= 1.2 * Math.max(tenMs, 2), `a few values asked for one by one cost more than one pass: ${detail}`);
    });
  }
});
