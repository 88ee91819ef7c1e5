// What the core's HTTP and client suites share: what a test opened (loopback servers, clients,
// transports, agents) closed after it, newest first, every one even if another fails, so no server or
// socket outlives its test; and the typed error a request that must fail fails with.
import assert from 'node:assert/strict';
import { afterEach } from 'node:test';
import { isVoiceSmsError, type VoiceSmsError } from '../../../../src/core/errors.js';
import { startLoopback, type Loopback } from './loopback.js';

export interface Cleanups {
  push: (...fns: (() => Promise<void>)[]) => void;
  /** A loopback server (loopback.ts) closed after the test. */
  server: (handler: Parameters<typeof startLoopback>[0]) => Promise<Loopback>;
}

export function cleanupsAfterEach(): Cleanups {
  const fns: (() => Promise<void>)[] = [];
  afterEach(async () => {
    const results = await Promise.allSettled(
      fns
        .splice(0)
        .reverse()
        .map((c) => c()),
    );
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
  return {
    push: (...more) => {
      fns.push(...more);
    },
    server: async (handler) => {
      const lb = await startLoopback(handler);
      fns.push(() => lb.close());
      return lb;
    },
  };
}

/** The VoiceSmsError `p` rejects with; fails the test when it resolves or rejects with anything else. */
export async function failure(p: Promise<unknown>, expected = 'expected a failure'): Promise<VoiceSmsError> {
  try {
    await p;
  } catch (e) {
    assert.ok(isVoiceSmsError(e), `expected a VoiceSmsError, got ${String(e)}`);
    return e;
  }
  assert.fail(expected);
}
