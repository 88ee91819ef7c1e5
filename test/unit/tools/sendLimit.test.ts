// The MCP door's hourly send cap over a rolling hour, on a clock the test moves.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HOUR_MS, SendLimit } from '../../../src/mcp/sendLimit.js';
import { toolError } from '../../../src/tools/text/errorText.js';

void describe('SendLimit', () => {
  void it('refuses the send past the cap, names when the next is possible, and frees a slot an hour after its send', () => {
    let now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const limit = new SendLimit(2, () => now);
    limit.reserve();
    now += 10 * 60_000;
    limit.reserve();
    now += 5 * 60_000;
    const refusal = (() => {
      try {
        limit.reserve();
        return undefined;
      } catch (e) {
        return toolError(e);
      }
    })();
    assert.equal(refusal?.kind, 'sendLimit');
    assert.match(refusal?.message ?? '', /sent 2 messages in the last hour/);
    assert.match(refusal?.message ?? '', /possible at 13:00:00 UTC, in 45 minutes/);
    now = Date.UTC(2026, 10, 26, 12, 0, 0) + HOUR_MS;
    assert.doesNotThrow(() => limit.reserve(), 'the first send is an hour old');
    assert.throws(() => limit.reserve());
  });

  void it('a released slot (nothing sent) is free again at once', () => {
    const limit = new SendLimit(1, () => 0);
    limit.reserve().release();
    const slot = limit.reserve();
    assert.throws(() => limit.reserve());
    slot.release();
    slot.release();
    assert.doesNotThrow(() => limit.reserve());
  });
});
