// The MCP server as an agent sees it: the built dist/mcp.js spawned over stdio, driven by the protocol
// SDK's own Client (which also validates every structured result against the tool's output schema),
// against the simulator on loopback. Figures are compared with the same core calls made directly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import { flattenResult } from '../../../src/shared/flattenResult.js';
import { TOOL_SPECS } from '../../../src/tools/index.js';
import { loadOverview } from '../../../src/tools/overview/overviewLoader.js';
import { inert } from '../../../src/tools/text/dataText.js';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { buildServer, connect, everything, root, textOf, type Connected } from './harness.js';
import { resetSimulator } from '../support/simulator.js';

const CREDENTIALS = { accessKeyId: 'AKID-MCP-TEST-7F3A9C', secretAccessKey: 'mcp-secret-Zx81qq0-never-echo' };
const BASIC = Buffer.from(`${CREDENTIALS.accessKeyId}:${CREDENTIALS.secretAccessKey}`).toString('base64');
/** Every spec's MCP name; the server must list exactly these. */
const TOOLS = TOOL_SPECS.map((s) => s.mcpName);
/** MCP tool → chat tool whose inputs it takes (package.json languageModelTools). */
const CHAT_TWIN: Record<string, string> = Object.fromEntries(TOOL_SPECS.map((s) => [s.mcpName, s.chatName]));

const now = new Date();
const MONTH = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
const DAY = `${MONTH}${String(now.getUTCDate()).padStart(2, '0')}`;
/** One valid call of each read tool. */
const READ_CALLS: Array<{ name: string; arguments: Record<string, unknown> }> = [
  { name: 'get_month_view', arguments: { instanceId: 'VI-DEMO-01', monthId: MONTH } },
  { name: 'get_trend', arguments: { instanceId: 'VI-DEMO-01', months: 2 } },
  { name: 'get_day_activities', arguments: { instanceId: 'VI-DEMO-01', dateId: DAY } },
  { name: 'get_balance', arguments: {} },
  { name: 'list_instances', arguments: {} },
  { name: 'get_account_overview', arguments: {} },
];
/** A new read tool needs its valid call here: the suites below iterate READ_CALLS. */
void it('READ_CALLS has one call of every read tool of the specs', () => {
  const reads = TOOL_SPECS.filter((s) => s.annotations.readOnlyHint).map((s) => s.mcpName);
  assert.deepEqual(READ_CALLS.map((c) => c.name).sort(), reads.sort());
});
const SMS = { from: 'VSTK-TEST', to: '+15005550123', body: 'MCP test: hello from the agent' };

let built: Awaited<ReturnType<typeof buildServer>>;
let sim: Simulator;
let core: VoiceSmsClient;
let env: Record<string, string>;
const open: Connected[] = [];

async function call(c: Connected, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await c.client.callTool({ name, arguments: args })) as CallToolResult;
}

function kindOf(r: CallToolResult): string | undefined {
  const last = textOf(r).split('\n').at(-1) ?? '';
  try {
    return (JSON.parse(last) as { error?: string }).error;
  } catch {
    return undefined;
  }
}

/** stderr and stdout are separate pipes: what the server wrote first may arrive second. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

function assertNoCredential(where: string, value: unknown): void {
  const text = everything(value);
  for (const secret of [CREDENTIALS.secretAccessKey, CREDENTIALS.accessKeyId, BASIC]) {
    assert.ok(!text.includes(secret), `${where} contains a credential: ${text.slice(0, 400)}`);
  }
}

async function server(
  extraEnv: Record<string, string> = {},
  options: Parameters<typeof connect>[2] = {},
  baseEnv = env,
): Promise<Connected> {
  const c = await connect(built.mcpJs, { ...baseEnv, ...extraEnv }, options);
  open.push(c);
  return c;
}

void describe('MCP server over stdio (built dist/mcp.js, SDK client, simulator)', () => {
  let plain: Connected;

  before(async () => {
    built = await buildServer();
    sim = await start({ credentials: CREDENTIALS, controlEndpoint: false });
    core = createClient({ baseUrl: sim.url, credentials: CREDENTIALS });
    env = {
      VOICESMS_BASE_URL: sim.url,
      VOICESMS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      VOICESMS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      VOICESMS_ACCOUNT_ID: 'ACC-DEMO',
      VOICESMS_VOICE_INSTANCES: 'VI-DEMO-01, VI-DEMO-02',
    };
    // An elicitation-capable client: sending must still be refused without --allow-send.
    plain = await server({}, { answer: () => ({ action: 'accept', content: { send: true } }) });
    // Its connection check (a balance read once it has started) is done before any test plants a fault.
    await until(() => /Connected to|Cannot use the service/.test(plain.stderr()));
  });
  // The simulator and `plain` are shared (a server per test would start two dozen processes): the servers a test
  // started are stopped with their pending checks, and what reached the simulator is answered, before the next.
  afterEach(async () => {
    for (const c of open.splice(1)) await c.close().catch(() => undefined);
    await resetSimulator(sim);
  });

  after(async () => {
    for (const c of open) await c.close().catch(() => undefined);
    await core?.close();
    await sim?.close();
    built?.dispose();
  });

  void it('lists the five read tools without --allow-send, each with an input and an output schema and its annotations', async () => {
    const { tools } = await plain.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS.filter((t) => t !== 'send_test_sms').sort());
    for (const t of tools) {
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.equal(t.outputSchema?.type, 'object', `${t.name} has an output schema`);
      assert.ok((t.description ?? '').length > 20, `${t.name} is described`);
      assert.equal(t.annotations?.readOnlyHint, true, `${t.name} is read-only`);
    }
  });

  void it('lists the send tool with --allow-send, destructive and open-world', async () => {
    const c = await server({}, { args: ['--allow-send'] });
    const { tools } = await c.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
    const send = tools.find((t) => t.name === 'send_test_sms');
    assert.equal(send?.annotations?.destructiveHint, true);
    assert.equal(send?.annotations?.openWorldHint, true);
    assert.equal(send?.annotations?.readOnlyHint, false);
  });

  void it("takes the chat tools' inputs (names, required, patterns, bounds)", async () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      contributes: {
        languageModelTools: Array<{
          name: string;
          inputSchema: { properties: Record<string, Record<string, unknown>>; required?: string[] };
        }>;
      };
    };
    const { tools } = await (await server({}, { args: ['--allow-send'] })).client.listTools();
    for (const t of tools) {
      const twin = manifest.contributes.languageModelTools.find((c) => c.name === CHAT_TWIN[t.name]);
      assert.ok(twin, t.name);
      const mine = t.inputSchema as {
        properties?: Record<string, Record<string, unknown>>;
        required?: string[];
        additionalProperties?: unknown;
      };
      assert.deepEqual(Object.keys(mine.properties ?? {}).sort(), Object.keys(twin.inputSchema.properties).sort(), `${t.name} properties`);
      assert.deepEqual(
        [...(mine.required ?? [])].filter((r) => r !== 'months').sort(),
        [...(twin.inputSchema.required ?? [])].sort(),
        `${t.name} required`,
      );
      assert.equal(mine.additionalProperties, false, `${t.name} refuses unknown inputs`);
      for (const [key, spec] of Object.entries(twin.inputSchema.properties)) {
        // The body's length is each door's own segment limit (test/unit/mcp/sending.test.ts checks the MCP one).
        for (const facet of ['type', 'pattern', 'anyOf', 'minimum', 'maximum', 'minLength', 'default']) {
          if (spec[facet] !== undefined) assert.deepEqual(mine.properties?.[key]?.[facet], spec[facet], `${t.name}.${key}.${facet}`);
        }
      }
    }
  });

  void it('get_month_view answers with the figures of the same core call', async () => {
    const r = await call(plain, 'get_month_view', { instanceId: 'VI-DEMO-01', monthId: MONTH });
    assert.notEqual(r.isError, true, textOf(r));
    const direct = await core.getMonthView('VI-DEMO-01', MONTH);
    const data = r.structuredContent as { totals: unknown; rows: Array<[string, number | null]>; previous?: { totals: unknown } };
    assert.deepEqual(data.totals, direct.view.totals);
    for (const d of direct.view.days) {
      const row = data.rows.find((x) => x[0].replaceAll('-', '') === d.dateId);
      assert.equal(row?.[1], d.callLegs, d.dateId);
    }
    const previousMonth = MONTH.endsWith('01') ? `${Number(MONTH.slice(0, 4)) - 1}12` : String(Number(MONTH) - 1);
    // The current month is not finished: the month before over the same days, 1 … today (counted here from its days).
    const before = (await core.getMonthView('VI-DEMO-01', previousMonth)).view.days.filter(
      (d) => Number(d.dateId.slice(6)) <= now.getUTCDate(),
    );
    const sum = (k: 'callLegs' | 'durationMin'): number => before.reduce((n, d) => n + d[k], 0);
    const previous = data.previous?.totals as { callLegs: number; durationMin: number; days: number } | undefined;
    assert.deepEqual([previous?.callLegs, previous?.durationMin, previous?.days], [sum('callLegs'), sum('durationMin'), before.length]);
    assert.match(textOf(r), new RegExp(`${direct.view.totals.callLegs} call legs`));
  });

  void it("get_trend answers with each month's core totals, oldest first", async () => {
    const r = await call(plain, 'get_trend', { instanceId: 'VI-DEMO-02', months: 3, endMonthId: MONTH });
    assert.notEqual(r.isError, true, textOf(r));
    const months = (r.structuredContent as { months: Array<{ month: string; totals?: unknown }> }).months;
    assert.equal(months.length, 3);
    for (const m of months) {
      assert.deepEqual(m.totals, (await core.getMonthView('VI-DEMO-02', m.month.replace('-', ''))).view.totals, m.month);
    }
    assert.equal(months.at(-1)?.month, `${MONTH.slice(0, 4)}-${MONTH.slice(4)}`);
  });

  void it('get_account_overview answers with the figures of the same loader over the core client', async () => {
    const r = await call(plain, 'get_account_overview', { monthId: MONTH });
    assert.notEqual(r.isError, true, textOf(r));
    const direct = await loadOverview(
      { load: (i, m, s, priority) => core.getMonthView(i, m, s, { priority }) },
      ['VI-DEMO-01', 'VI-DEMO-02'],
      MONTH,
      { signal: new AbortController().signal },
    );
    const data = r.structuredContent as {
      rows: Array<{ instanceId: string; figures?: unknown; changePct?: unknown }>;
      totals: Record<string, unknown>;
    };
    assert.deepEqual(
      data.rows.map((x) => [x.instanceId, x.figures, x.changePct]),
      direct.rows.map((x) => [x.instanceId, x.figures, x.changePct]),
    );
    assert.equal(data.totals['callLegs'], direct.totals.callLegs);
    assert.match(textOf(r), new RegExp(`Total: ${direct.totals.callLegs} call legs`));
  });

  void it('get_day_activities answers with every value of the core answer', async () => {
    const r = await call(plain, 'get_day_activities', { instanceId: 'VI-DEMO-01', dateId: DAY });
    assert.notEqual(r.isError, true, textOf(r));
    const direct = await core.getDayActivities('VI-DEMO-01', DAY);
    const data = r.structuredContent as { total: number; shown: number; values: unknown[] };
    assert.equal(data.total, flattenResult(direct.result, '', [], 100_000).length);
    assert.equal(data.values.length, data.shown);
  });

  void it("get_balance answers with the core's amount and currency", async () => {
    const r = await call(plain, 'get_balance');
    assert.notEqual(r.isError, true, textOf(r));
    const direct = await core.getBalance('ACC-DEMO');
    assert.ok(direct.balance);
    assert.deepEqual(
      { amount: (r.structuredContent as { amount?: string }).amount, currency: (r.structuredContent as { currency?: string }).currency },
      { amount: direct.balance.amount, currency: direct.balance.currency },
    );
  });

  void it('list_instances answers with the configured instances, sending off', async () => {
    const r = await call(plain, 'list_instances');
    assert.notEqual(r.isError, true, textOf(r));
    assert.deepEqual(r.structuredContent, {
      profile: 'VOICESMS_* environment',
      host: new URL(sim.url).host,
      signedIn: true,
      demo: false,
      accountId: 'ACC-DEMO',
      instances: ['VI-DEMO-01', 'VI-DEMO-02'],
      senderIds: [],
      sendingEnabled: false,
    });
  });

  void it('an unknown instance is an error result with the sentence the extension shows', async () => {
    const r = await call(plain, 'get_month_view', { instanceId: 'VI-NOPE', monthId: MONTH });
    assert.equal(r.isError, true);
    const direct = (await core.getMonthView('VI-NOPE', MONTH).catch((e: unknown) => e)) as Error & { kind: string };
    assert.equal(textOf(r).split('\n')[0], inert(direct.message, 600));
    assert.equal(kindOf(r), direct.kind);
  });

  void it('an input outside the schema is an error result, and the server keeps answering', async () => {
    const r = await call(plain, 'get_month_view', { instanceId: 'VI-DEMO-01', monthId: '202413' });
    assert.equal(r.isError, true);
    assert.equal((await call(plain, 'list_instances')).isError, undefined);
  });

  void it('a hostile service that echoes the credentials: no credential in any result', async () => {
    const echo = `${CREDENTIALS.secretAccessKey} ${CREDENTIALS.accessKeyId} Basic ${BASIC}`;
    const faults = [
      { kind: 'hostile' as const, serviceMessage: echo },
      { kind: 'envelopeError' as const, serviceMessage: echo },
      { kind: 'status' as const, status: 400, serviceMessage: echo },
    ];
    const leaks: string[] = [];
    for (const fault of faults) {
      for (const c of READ_CALLS) {
        sim.addFault(fault);
        try {
          const where = `${fault.kind} → ${c.name}`;
          try {
            assertNoCredential(where, await call(plain, c.name, c.arguments));
          } catch (e) {
            leaks.push(e instanceof Error ? e.message.slice(0, 300) : where);
          }
        } finally {
          sim.clearFaults();
        }
      }
    }
    assert.deepEqual(leaks, []);
  });

  void it('send_test_sms without --allow-send is not there to call, and sends nothing', async () => {
    const before = sim.received.length;
    const r = await call(plain, 'send_test_sms', SMS).catch((e: unknown) => ({
      isError: true,
      content: [{ type: 'text', text: String(e) }],
    }));
    assert.equal(r.isError, true);
    assert.match(textOf(r), /send_test_sms/);
    assert.equal(plain.elicitations.length, 0, 'the user is not even asked');
    assert.equal(sim.received.length, before);
  });

  void describe('with --allow-send', () => {
    void it('an elicitation-capable client: sent exactly once after "send", with every fact shown first', async () => {
      const c = await server(
        { VOICESMS_PROFILE: 'Work' },
        { args: ['--allow-send'], answer: () => ({ action: 'accept', content: { send: true } }) },
      );
      const before = sim.received.length;
      const r = await call(c, 'send_test_sms', SMS);
      assert.notEqual(r.isError, true, textOf(r));
      assert.equal(sim.received.length, before + 1);
      assert.deepEqual(
        sim.received.slice(before).map((m) => [m.from, m.to, m.body]),
        [[SMS.from, SMS.to, SMS.body]],
      );
      assert.equal(c.elicitations.length, 1);
      const asked = c.elicitations[0]!.message;
      for (const fact of [SMS.from, SMS.to, SMS.body, 'Work', new URL(sim.url).host])
        assert.ok(asked.includes(fact), `the confirmation shows ${fact}`);
      const data = r.structuredContent as { status: string; messageId: string | null; to: string };
      assert.equal(data.status, 'sent');
      assert.equal(data.messageId, sim.received.at(-1)?.messageId);
      assert.ok(!data.to.includes(SMS.to.slice(3)), 'the number is masked in the result');
    });

    void it('an elicitation-capable client: nothing sent after a decline, a cancel or an unchecked box', async () => {
      const answers = [
        { action: 'decline' as const },
        { action: 'cancel' as const },
        { action: 'accept' as const, content: { send: false } },
      ];
      let next = 0;
      const c = await server({}, { args: ['--allow-send'], answer: () => answers[next]! });
      for (; next < answers.length; next++) {
        const before = sim.received.length;
        const r = await call(c, 'send_test_sms', SMS);
        assert.equal(r.isError, true, JSON.stringify(answers[next]));
        assert.equal(kindOf(r), 'declined');
        assert.equal(c.elicitations.length, next + 1);
        assert.equal(sim.received.length, before, JSON.stringify(answers[next]));
      }
    });

    void it('after "send": a refusal says "Not sent", a lost answer "outcome unknown", and neither is retried', async () => {
      const c = await server({}, { args: ['--allow-send'], answer: () => ({ action: 'accept', content: { send: true } }) });
      let before = sim.received.length;
      const refused = await call(c, 'send_test_sms', { ...SMS, from: 'NOT-A-SENDER' });
      assert.equal(refused.isError, true);
      assert.match(textOf(refused), /^Not sent: /);
      assert.equal(sim.received.length, before);

      sim.addFault({ kind: 'resetAfterReceive', match: { operation: 'sms' }, times: 1 });
      before = sim.received.length;
      const lost = await call(c, 'send_test_sms', SMS);
      sim.clearFaults();
      assert.equal(lost.isError, true);
      assert.equal(kindOf(lost), 'outcomeUnknown', textOf(lost));
      assert.match(textOf(lost), /must not be sent again without asking the user/);
      assert.equal(sim.received.length, before + 1, 'the service got it once: no retry');
    });

    void it('a client without elicitation: refused with the reason, nothing sent', async () => {
      const c = await server({}, { args: ['--allow-send'] });
      const before = sim.received.length;
      const r = await call(c, 'send_test_sms', SMS);
      assert.equal(r.isError, true);
      assert.equal(kindOf(r), 'noElicitation');
      assert.equal(sim.received.length, before);
    });

    void it('a refused input is an error result before anyone is asked', async () => {
      const c = await server({}, { args: ['--allow-send'], answer: () => ({ action: 'accept', content: { send: true } }) });
      const r = await call(c, 'send_test_sms', { ...SMS, to: '12' });
      assert.equal(r.isError, true);
      assert.equal(kindOf(r), 'validation');
      assert.equal(c.elicitations.length, 0);
    });
  });

  void describe('without usable credentials', () => {
    void it('a wrong secret: a startup error on stderr and an error result from every tool, no credential in either', async () => {
      const wrong = 'wrong-secret-Qp93-mcp-test';
      const c = await server({ VOICESMS_SECRET_ACCESS_KEY: wrong });
      for (const t of READ_CALLS.filter((x) => x.name !== 'list_instances')) {
        const r = await call(c, t.name, t.arguments);
        assert.equal(r.isError, true, t.name);
        assert.equal(kindOf(r), 'auth', `${t.name}: ${textOf(r)}`);
        assert.ok(!everything(r).includes(wrong), t.name);
      }
      await until(() => /Cannot use the service/.test(c.stderr()));
      assert.match(c.stderr(), /Cannot use the service at 127\.0\.0\.1:\d+: /);
      assert.ok(!c.stderr().includes(wrong));
    });

    void it('missing variables: a startup error naming them, and the same error from every tool', async () => {
      const c = await server({}, { args: ['--allow-send'] }, { VOICESMS_BASE_URL: sim.url });
      for (const name of TOOLS) {
        const r = await call(c, name, name === 'send_test_sms' ? SMS : READ_CALLS.find((x) => x.name === name)?.arguments);
        assert.equal(r.isError, true, name);
        assert.equal(kindOf(r), 'notConfigured', name);
        assert.match(textOf(r), /VOICESMS_ACCESS_KEY_ID, VOICESMS_SECRET_ACCESS_KEY/);
      }
      await until(() => /not configured/.test(c.stderr()));
      assert.match(c.stderr(), /not configured: set VOICESMS_ACCESS_KEY_ID, VOICESMS_SECRET_ACCESS_KEY/);
    });

    void it('a base URL the core refuses: its sentence, at start and from every tool', async () => {
      // (No base URL, or plain http:// to another host, stops the start instead: startupChecks.test.ts.)
      const c = await server({ VOICESMS_BASE_URL: `${sim.url}/?tenant=1` });
      const r = await call(c, 'get_balance');
      assert.equal(r.isError, true);
      assert.equal(kindOf(r), 'notConfigured');
      const sentence = textOf(r).split('\n')[0]!;
      await until(() => c.stderr().includes(sentence));
      assert.ok(c.stderr().includes(sentence), c.stderr());
    });
  });
});
