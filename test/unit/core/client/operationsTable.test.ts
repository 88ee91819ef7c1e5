// Every read of the operations table (src/core/api/operations.ts) sent from its entry alone, against the simulator:
// `read` reaches the entry's route with the entry's method and credential form, describeRequest builds that same
// request, and the entry's answer cap is where answers start being refused. A new read is covered here by its entry.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { OPERATIONS, paramsOf, READ_OPERATIONS, type ParamName } from '../../../../src/core/api/operations.js';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { dateIdOf, monthIdOf } from '../../../../src/core/model/month.js';
import { DEMO_ACCOUNT, DEMO_INSTANCES, start, type Simulator } from '../../../../src/simulator/index.js';

const NOW = new Date();
/** A value the demo simulator knows for each parameter name; one with a space, to see it percent-encoded. */
const VALUES: Record<ParamName, string> = {
  instanceId: 'VI DEMO 2',
  accountId: DEMO_ACCOUNT,
  monthId: monthIdOf(NOW),
  dateId: dateIdOf(NOW),
};

function paramsFor(op: (typeof READ_OPERATIONS)[number]): Record<string, string> {
  return Object.fromEntries(paramsOf(OPERATIONS[op].route).map((name) => [name, VALUES[name]]));
}

function pathOf(op: (typeof READ_OPERATIONS)[number]): string {
  const params = paramsFor(op);
  return '/' + OPERATIONS[op].route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
}

void describe('every read of the operations table, from its entry', () => {
  let sim: Simulator;
  const clients: VoiceSmsClient[] = [];
  const client = (form: 'seed' | 'signed' = 'seed'): VoiceSmsClient => {
    const c = createClient({ baseUrl: sim.url, credentials: sim.credentials, auth: { form }, retry: { baseDelayMs: 5 } });
    clients.push(c);
    return c;
  };

  before(async () => {
    sim = await start({ recordDetails: true, instances: [...DEMO_INSTANCES, VALUES.instanceId] });
  });
  after(() => sim.close());
  afterEach(async () => {
    sim.clearFaults();
    sim.requests.length = 0;
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  void it('has reads, each a GET', () => {
    assert.ok(READ_OPERATIONS.length >= 3, READ_OPERATIONS.join(', '));
    for (const op of READ_OPERATIONS) assert.equal(OPERATIONS[op].method, 'GET', op);
  });

  for (const op of READ_OPERATIONS) {
    void it(`${op}: read sends the entry's request, with its credential form; describeRequest builds the same`, async () => {
      const r = await client().read(op, paramsFor(op) as never);
      assert.ok(r.rawXml.includes('<code>200</code>'), r.rawXml);
      const sent = sim.requests.at(-1)!;
      assert.equal(sent.method, 'GET');
      assert.equal(sent.path, pathOf(op));
      const basic = /^Basic /.test(String(sent.headers?.['authorization']));
      assert.equal(basic, OPERATIONS[op].seedForm === 'basic', `${op}: ${String(sent.headers?.['authorization'])}`);

      const described = client().describeRequest({ operation: op, ...paramsFor(op) } as never);
      assert.equal(described.method, 'GET');
      assert.equal(described.url, sim.url + pathOf(op));
      assert.equal(described.route.template, OPERATIONS[op].route);
      assert.deepEqual(described.sensitiveHeaders, OPERATIONS[op].seedForm === 'basic' ? ['Authorization'] : []);

      // Forced to the signed form, the simulator verifies the signature over the same path.
      await client('signed').read(op, paramsFor(op) as never);
      assert.equal(sim.requests.at(-1)!.headers?.['authorization'], 'CLOUD-V1');
    });

    void it(`${op}: an answer one byte over the entry's cap is refused, one at the cap gets past it`, async () => {
      const cap = OPERATIONS[op].maxBytes;
      const kindAt = async (sizeBytes: number): Promise<string> => {
        sim.addFault({ kind: 'oversized', sizeBytes, times: 1 });
        try {
          await client().read(op, paramsFor(op) as never);
          return 'value';
        } catch (e) {
          assert.ok(isVoiceSmsError(e), String(e));
          return e.kind;
        }
      };
      assert.equal(await kindAt(cap + 1), 'http');
      // At the cap the answer is read whole; a month view padded to 1 MiB then holds more tags than the parser takes.
      assert.notEqual(await kindAt(cap), 'http');
    });
  }
});
