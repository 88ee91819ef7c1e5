// unit: alone — the soak's deadlines and backoffs are real time, so it runs beside no other file (scripts/test/unit.ts).
// Soak: 10,000 requests (mixed operations, one in five meeting a fault) through one client against the
// simulator, in a child process run with --expose-gc so retained heap is measured after real collections.
// Bounds, after a 1,000-request warm-up: open sockets and timers grow by at most 4 each, process
// listeners not at all, retained heap by at most 8 MB.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');

const MAX_HANDLE_GROWTH = 4;
const MAX_HEAP_GROWTH_BYTES = 8 * 1024 * 1024;

interface Snapshot {
  resources: Record<string, number>;
  listeners: number;
  heapBytes: number;
}

void describe('client soak', () => {
  void it(
    '10,000 requests through one client: no growth in sockets, timers, listeners or heap beyond the bounds',
    { timeout: 300_000 },
    async () => {
      const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', join(__dirname, 'clientSoak.ts')], {
        cwd: root,
        timeout: 240_000,
        maxBuffer: 1 << 20,
      });
      const out = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
        requests: number;
        ms: number;
        gc: boolean;
        outcomes: Record<string, number>;
        untyped: number;
        before: Snapshot;
        after: Snapshot;
      };
      console.log(
        `soak: ${out.requests} requests in ${out.ms} ms; outcomes ${JSON.stringify(out.outcomes)}; heap ${(out.before.heapBytes / 1e6).toFixed(1)} -> ${(out.after.heapBytes / 1e6).toFixed(1)} MB; resources ${JSON.stringify(out.before.resources)} -> ${JSON.stringify(out.after.resources)}`,
      );
      assert.equal(out.requests, 10_000);
      assert.ok(out.gc, 'the child ran with --expose-gc');
      assert.equal(out.untyped, 0, 'every failure is a typed error');
      assert.ok((out.outcomes['value'] ?? 0) > 5000, 'most requests succeeded');
      for (const kind of ['network', 'http', 'parse', 'service'])
        assert.ok((out.outcomes[kind] ?? 0) > 0, `faults produced ${kind} errors`);
      for (const type of ['TCPSocketWrap', 'TCPServerWrap', 'Timeout']) {
        const growth = (out.after.resources[type] ?? 0) - (out.before.resources[type] ?? 0);
        assert.ok(growth <= MAX_HANDLE_GROWTH, `${type}: ${out.before.resources[type] ?? 0} -> ${out.after.resources[type] ?? 0}`);
      }
      assert.ok(out.after.listeners <= out.before.listeners, `process listeners: ${out.before.listeners} -> ${out.after.listeners}`);
      const heapGrowth = out.after.heapBytes - out.before.heapBytes;
      assert.ok(heapGrowth <= MAX_HEAP_GROWTH_BYTES, `retained heap grew by ${(heapGrowth / 1e6).toFixed(1)} MB`);
    },
  );
});
