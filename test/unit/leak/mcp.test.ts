// Property, MCP surface: the built server (dist/mcp.js) over stdio, driven by the protocol SDK's own client,
// signed in with a drawn secret against the simulator, which echoes that secret in every answer shape
// (echoes.ts) spelled by the platform's encoders (spellings.ts). No spelling may appear in any tool
// result (text and structured content) — the read tools, get_account_overview, and send_test_sms (sending
// allowed, the confirmation accepted; its prompt is searched too) — nor on the server's stderr. One server per
// secret, so few runs. A red run prints its seed: replay it with
//   LEAK_SEED=<seed> LEAK_PATH=<path> node --import tsx --test test/unit/leak/mcp.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS, start } from '../../../src/simulator/index.js';
import { buildServer, connect, type Connected } from '../mcp/harness.js';
import { echoes, type Operation } from './echoes.js';
import { replayable } from './replay.js';
import { dottedSecretArb, leaksIn, secretArb, spellings } from './spellings.js';

const ACCESS_KEY_ID = 'AKIDLEAKMCP4X9';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const SENDER = DEMO_SENDER_IDS[0] ?? 'VSTK-TEST';
const RUNS = Number(process.env['FC_MCP_RUNS'] ?? 3);
const now = new Date();
const MONTH = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
const DAY = `${MONTH}${String(now.getUTCDate()).padStart(2, '0')}`;

/** The tool calls that reach each operation. */
const CALLS: Record<Operation, Array<{ name: string; arguments: Record<string, unknown> }>> = {
  balance: [{ name: 'get_balance', arguments: {} }],
  activities: [{ name: 'get_day_activities', arguments: { instanceId: INSTANCE, dateId: DAY } }],
  calls: [
    { name: 'get_month_view', arguments: { instanceId: INSTANCE, monthId: MONTH } },
    { name: 'get_trend', arguments: { instanceId: INSTANCE, months: 2 } },
    { name: 'get_account_overview', arguments: { monthId: MONTH } },
  ],
  sms: [{ name: 'send_test_sms', arguments: { from: SENDER, to: '+4915123456789', body: 'leak suite' } }],
};

let built: Awaited<ReturnType<typeof buildServer>>;

async function leaksOf(secret: string, chosen: number, names?: readonly string[]): Promise<string[]> {
  const forms = spellings(secret, ACCESS_KEY_ID);
  const all = [...forms.values()];
  const sim = await start({ credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: secret }, controlEndpoint: false });
  let server: Connected | undefined;
  const found: string[] = [];
  try {
    server = await connect(
      built.mcpJs,
      {
        VOICESMS_BASE_URL: sim.url,
        VOICESMS_ACCESS_KEY_ID: ACCESS_KEY_ID,
        VOICESMS_SECRET_ACCESS_KEY: secret,
        VOICESMS_ACCOUNT_ID: DEMO_ACCOUNT,
        VOICESMS_VOICE_INSTANCES: INSTANCE,
        VOICESMS_SENDER_IDS: SENDER,
        VOICESMS_DEFAULT_REGION: 'DE',
      },
      // Sending allowed and every prompt accepted, so send_test_sms reaches the service and its answer.
      { args: ['--allow-send', '--max-sends-per-hour', '100'], answer: () => ({ action: 'accept' as const, content: { send: true } }) },
    );
    for (const echo of echoes(all[chosen % all.length] ?? secret, all, secret, names)) {
      for (const call of CALLS[echo.operation]) {
        sim.addFault(echo.fault);
        try {
          const r = (await server.client.callTool(call)) as CallToolResult;
          const texts = (r.content ?? []).map((p) => (p.type === 'text' ? p.text : JSON.stringify(p)));
          const structured = JSON.stringify(r.structuredContent ?? {});
          for (const [where, t] of [
            ['text', texts.join('\n')],
            ['structured content', structured],
            ['structured strings', strings(r.structuredContent)],
          ] as const) {
            for (const name of leaksIn(String(t), forms)) found.push(`${echo.shape} → ${call.name} / ${where}: ${name}`);
          }
        } finally {
          sim.clearFaults();
        }
      }
    }
    // Every send was asked and reached the service (else its answers were never searched).
    const sends = sim.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/message/sms')).length;
    assert.ok(sends >= 2 && server.elicitations.length === sends, `send_test_sms reached the service ${sends} times`);
    for (const name of leaksIn(server.stderr(), forms)) found.push(`stderr: ${name}`);
    const prompts = server.elicitations.map((e) => e.message).join('\n');
    for (const name of leaksIn(prompts, forms)) found.push(`send_test_sms confirmation: ${name}`);
  } finally {
    await server?.close().catch(() => undefined);
    await sim.close();
  }
  return found;
}

/** Every string and key of structured content as it stands (JSON doubles backslashes). */
function strings(v: unknown): string {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === 'string') out.push(x);
    else if (x !== null && typeof x === 'object') {
      for (const [k, y] of Object.entries(x)) {
        out.push(k);
        walk(y);
      }
    }
  };
  walk(v);
  return out.join('\n');
}

function report(secret: string, found: string[]): string {
  // Every tool result part (or stderr, or the confirmation) that showed a spelling, so a red run says where to look.
  const where = new Set(found.map((f) => f.slice(f.includes(' → ') ? f.indexOf(' → ') + 3 : 0, f.lastIndexOf(': '))));
  return `secret ${JSON.stringify(secret)} leaked in ${found.length} places, e.g.\n  ${[...new Set(found)].slice(0, 30).join('\n  ')}\n  where: ${[...where].sort().join('; ')}`;
}

void describe('leak suite: no spelling of a credential in any MCP tool result or on stderr (property, stdio)', () => {
  before(async () => {
    built = await buildServer();
  });
  after(() => built?.dispose());

  void it("the issue's cases: a '~' secret through URLSearchParams, a dotted secret in element names, a 4-character secret in a word", async () => {
    const found: string[] = [];
    for (const [secret, names, chosen] of [
      ['k9~T*x(1)!', undefined, 4],
      ['alpha9.beta9.gamma9x', ['alpha9', 'beta9', 'gamma9x'], 0],
      ['k3Y9', undefined, 0],
    ] as const) {
      const f = await leaksOf(secret, chosen, names);
      if (f.length > 0) found.push(report(secret, f));
    }
    assert.ok(found.length === 0, found.join('\n'));
  });

  void it('any secret, any spelling, every tool', async () => {
    await replayable(
      'test/unit/leak/mcp.test.ts',
      fc.asyncProperty(
        fc.oneof(
          secretArb(),
          dottedSecretArb.map((p) => p.join('.')),
        ),
        fc.nat(),
        async (secret, chosen) => {
          fc.pre(new Set(secret).size >= 3);
          const parts = secret.split('.');
          const names = parts.every((p) => /^[A-Za-z_][\w-]*$/.test(p)) ? parts : undefined;
          const found = await leaksOf(secret, chosen, names);
          assert.ok(found.length === 0, report(secret, found));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
