// Child process of client.test.ts (run with --expose-gc): 10,000 requests through ONE client against the
// simulator, mixed operations and faults, measuring open handles, listeners and retained heap after a
// warm-up and at the end. Prints one JSON line; the test asserts the bounds.
import { createClient } from '../../../src/core/client.js';
import { isVoiceSmsError } from '../../../src/core/errors.js';
import { start, type Fault } from '../../../src/simulator/index.js';

const TOTAL = Number(process.env['SOAK_REQUESTS'] ?? 10_000);
const WARMUP = 1000;
const PARALLEL = 8;

const gc = (globalThis as { gc?: () => void }).gc;

interface Snapshot {
  resources: Record<string, number>;
  listeners: number;
  heapBytes: number;
}

async function snapshot(): Promise<Snapshot> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 20));
  }
  const resources: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
  const listeners = process.eventNames().reduce((n, e) => n + process.listenerCount(e), 0);
  return { resources, listeners, heapBytes: process.memoryUsage().heapUsed };
}

const FAULTS: Fault[] = [
  { kind: 'reset' },
  { kind: 'resetAfterReceive' },
  { kind: 'status', status: 503 },
  { kind: 'status', status: 500 },
  { kind: 'malformed' },
  { kind: 'envelopeError' },
  { kind: 'html' },
  { kind: 'truncated' },
  { kind: 'empty' },
  { kind: 'doctype' },
];

async function main(): Promise<void> {
  const sim = await start({});
  const client = createClient({
    baseUrl: sim.url,
    credentials: sim.credentials,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
    timeouts: { totalMs: 10_000 },
  });
  const outcomes: Record<string, number> = {};
  let untyped = 0;

  async function one(i: number): Promise<void> {
    // One request in five meets a fault, each kind in turn.
    if (i % 5 === 0) sim.addFault({ ...FAULTS[(i / 5) % FAULTS.length]!, times: 1 });
    const op = i % 4;
    try {
      if (op === 0) await client.getMonthView('VI-DEMO-01', `2023${String((i % 12) + 1).padStart(2, '0')}`);
      else if (op === 1) await client.getDayActivities('VI-DEMO-02', '2024-01-15');
      else if (op === 2) await client.getBalance('ACC-DEMO');
      else await client.sendSms({ from: 'VSTK-TEST', to: '+4915123456789', body: `soak ${i}` });
      outcomes['value'] = (outcomes['value'] ?? 0) + 1;
    } catch (e) {
      if (!isVoiceSmsError(e)) untyped++;
      const k = isVoiceSmsError(e) ? e.kind : 'untyped';
      outcomes[k] = (outcomes[k] ?? 0) + 1;
    }
  }

  async function run(from: number, to: number): Promise<void> {
    let next = from;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < to) {
          await one(next++);
          // The simulator's own records are not the client's: keep them from growing.
          if (sim.requests.length > 500) sim.requests.length = 0;
          if (sim.received.length > 500) sim.received.length = 0;
        }
      }),
    );
  }

  const t0 = performance.now();
  await run(0, WARMUP);
  const before = await snapshot();
  await run(WARMUP, TOTAL);
  sim.clearFaults();
  const afterRun = await snapshot();
  await client.close();
  await sim.close();
  console.log(
    JSON.stringify({
      requests: TOTAL,
      ms: Math.round(performance.now() - t0),
      gc: gc !== undefined,
      outcomes,
      untyped,
      before,
      after: afterRun,
    }),
  );
}

void main();
