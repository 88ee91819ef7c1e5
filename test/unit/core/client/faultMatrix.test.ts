// The fault matrix: every way a server can misbehave × every operation, through one real client over
// loopback HTTP to the simulator. Per cell: the value or the typed error kind, how many requests reached
// the server (GETs retry 429/502/503/504 and network failures up to 3 times, not timeouts; an SMS never), whether an
// SMS may have been sent (then the user is told its outcome is unknown), and a message that is one
// readable sentence — never HTML, never a stack. MATRIX_PRINT=1 prints the observed table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '../../../../src/core/client.js';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { start, type Fault, type Operation } from '../../../../src/simulator/index.js';

type Op = 'month' | 'day' | 'balance' | 'sms';
const OPS: readonly Op[] = ['month', 'day', 'balance', 'sms'];
const SIM_OP: Record<Op, Operation> = { month: 'calls', day: 'activities', balance: 'balance', sms: 'sms' };

/** An expected outcome: 'value', or an error kind with attempts and (SMS) whether it may have been sent. */
type Cell = 'value' | { kind: string; attempts: number; maySent?: boolean };

interface Row {
  name: string;
  fault: () => Fault;
  timeouts?: { headersMs?: number; bodyMs?: number; totalMs?: number };
  /** The client-wide answer cap for this row (default 64 KB, so size faults stay small); the per-operation caps still apply. */
  maxResponseBytes?: number;
  /** GET cells (month, day, balance) share one expectation; the SMS cell has its own. */
  get: Cell;
  sms: Cell;
}

const err = (kind: string, attempts: number, maySent?: boolean): Cell => ({
  kind,
  attempts,
  ...(maySent !== undefined ? { maySent } : {}),
});
const httpDate = (): string => new Date(Date.now() + 1000).toUTCString();

const ROWS: Row[] = [
  {
    name: 'timeout waiting for headers',
    fault: () => ({ kind: 'hang' }),
    timeouts: { headersMs: 250, totalMs: 5000 },
    get: err('timeout', 1),
    sms: err('timeout', 1, true),
  },
  {
    name: 'timeout reading the body',
    fault: () => ({ kind: 'slowBody', latencyMs: 1000, sizeBytes: 16 }),
    timeouts: { bodyMs: 250, totalMs: 5000 },
    get: err('timeout', 1),
    sms: err('timeout', 1, true),
  },
  {
    name: 'overall timeout',
    fault: () => ({ kind: 'latency', latencyMs: 3000 }),
    timeouts: { headersMs: 5000, totalMs: 400 },
    get: err('timeout', 1),
    sms: err('timeout', 1, true),
  },
  {
    name: 'reset before the request was processed',
    fault: () => ({ kind: 'reset' }),
    get: err('network', 3),
    sms: err('network', 1, true),
  },
  {
    name: 'reset after the request was processed',
    fault: () => ({ kind: 'resetAfterReceive' }),
    get: err('network', 3),
    sms: err('network', 1, true),
  },
  {
    name: '429 with Retry-After in seconds',
    fault: () => ({ kind: 'status', status: 429, retryAfter: '1' }),
    get: err('http', 3),
    sms: err('http', 1, false),
  },
  {
    name: '503 with Retry-After as a date',
    fault: () => ({ kind: 'status', status: 503, retryAfter: httpDate() }),
    get: err('http', 3),
    sms: err('http', 1, false),
  },
  { name: '500', fault: () => ({ kind: 'status', status: 500 }), get: err('http', 1), sms: err('http', 1, false) },
  { name: '502', fault: () => ({ kind: 'status', status: 502 }), get: err('http', 3), sms: err('http', 1, false) },
  { name: '504', fault: () => ({ kind: 'status', status: 504 }), get: err('http', 3), sms: err('http', 1, false) },
  { name: 'HTML error page (502)', fault: () => ({ kind: 'html', status: 502 }), get: err('http', 3), sms: err('http', 1, true) },
  { name: 'truncated XML', fault: () => ({ kind: 'truncated' }), get: err('network', 3), sms: err('network', 1, true) },
  { name: 'malformed XML', fault: () => ({ kind: 'malformed' }), get: err('parse', 1), sms: err('parse', 1, true) },
  {
    name: 'envelope code ≠ 200 on HTTP 200',
    fault: () => ({ kind: 'envelopeError', serviceCode: '500', serviceMessage: 'Internal' }),
    get: err('service', 1),
    sms: err('service', 1, false),
  },
  { name: 'oversized body', fault: () => ({ kind: 'oversized', sizeBytes: 256 * 1024 }), get: err('http', 1), sms: err('http', 1, true) },
  // Issue 33: legal XML whose cost is its attribute count (about 19,000 in 200 KB; the cap is 5,000), under every operation's size cap.
  {
    name: 'crowded answer (attributes over the cap)',
    fault: () => ({ kind: 'crowded', sizeBytes: 200_000 }),
    maxResponseBytes: 2 * 1024 * 1024,
    get: err('parse', 1),
    sms: err('parse', 1, true),
  },
  { name: 'entity bomb', fault: () => ({ kind: 'entityBomb' }), get: err('parse', 1), sms: err('parse', 1, true) },
  { name: 'DOCTYPE with an external entity', fault: () => ({ kind: 'doctype' }), get: err('parse', 1), sms: err('parse', 1, true) },
  { name: 'wrong content type', fault: () => ({ kind: 'contentType' }), get: 'value', sms: 'value' },
  { name: 'empty body', fault: () => ({ kind: 'empty' }), get: err('parse', 1), sms: err('parse', 1, true) },
];

interface Observed {
  outcome: Cell;
  message?: string;
}

/** One readable sentence (or two): no markup, no stack, no line breaks, ends like a sentence. */
function assertReadable(message: string, where: string): void {
  assert.doesNotMatch(message, /<\/?[a-z!?][^>]*>/i, `${where}: HTML in the message: ${message}`);
  assert.doesNotMatch(message, /\n|\bat .+:\d+:\d+\)?/, `${where}: a stack or a line break: ${message}`);
  assert.match(message, /^[A-Z0-9«"]/, `${where}: starts like a sentence: ${message}`);
  assert.match(message, /[.)\p{L}\d]$/u, `${where}: ends like a sentence: ${message}`);
  assert.ok(message.length <= 600, `${where}: too long (${message.length}): ${message}`);
}

async function runCell(row: Row, op: Op): Promise<Observed> {
  const sim = await start({});
  const client = createClient({
    baseUrl: sim.url,
    credentials: sim.credentials,
    retry: { baseDelayMs: 5, maxDelayMs: 1500 },
    timeouts: { totalMs: 8000, ...row.timeouts },
    maxResponseBytes: row.maxResponseBytes ?? 64 * 1024,
  });
  try {
    sim.addFault({ ...row.fault(), match: { operation: SIM_OP[op] } });
    const call = {
      month: () => client.getMonthView('VI-DEMO-01', '202401'),
      day: () => client.getDayActivities('VI-DEMO-01', '2024-01-15'),
      balance: () => client.getBalance('ACC-DEMO'),
      sms: () => client.sendSms({ from: 'VSTK-TEST', to: '+4915123456789', body: 'matrix' }),
    }[op];
    try {
      const value = await call();
      assert.ok(value, `${row.name} × ${op}: a value`);
      return { outcome: 'value' };
    } catch (e) {
      assert.ok(isVoiceSmsError(e), `${row.name} × ${op}: a typed error, got ${e instanceof Error ? e.stack : String(e)}`);
      const attempts = sim.requests.filter((r) => r.method === (op === 'sms' ? 'POST' : 'GET')).length;
      const outcome: Cell = op === 'sms' ? err(e.kind, attempts, e.details.outcomeUnknown === true) : err(e.kind, attempts);
      return { outcome, message: e.message };
    }
  } finally {
    await client.close();
    await sim.close();
  }
}

void describe('fault matrix: every fault × every operation', () => {
  for (const row of ROWS) {
    void it(row.name, async () => {
      const observed = await Promise.all(OPS.map((op) => runCell(row, op)));
      if (process.env['MATRIX_PRINT']) console.log(JSON.stringify({ row: row.name, observed }));
      OPS.forEach((op, i) => {
        const got = observed[i]!;
        const want = op === 'sms' ? row.sms : row.get;
        assert.deepEqual(got.outcome, want, `${row.name} × ${op}: ${got.message ?? ''}`);
        if (got.message !== undefined) {
          assertReadable(got.message, `${row.name} × ${op}`);
          if (op === 'sms' && typeof want !== 'string' && want.maySent) assert.match(got.message, /outcome of the SMS .* is unknown/);
        }
      });
    });
  }
});
