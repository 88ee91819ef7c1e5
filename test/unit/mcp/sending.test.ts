// Sending that an agent cannot abuse (issue 32, item 6), as an agent sees the server: the built dist/mcp.js
// over stdio, the protocol SDK's own Client, the simulator on loopback.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { maxBodyUnits } from '../../../src/core/sms/segments.js';
import { buildServer, connect, textOf, type Connected } from './harness.js';

const CREDENTIALS = { accessKeyId: 'AKID-MCP-SEND-1A2B3C', secretAccessKey: 'mcp-send-secret-Yy72-never-echo' };
const SMS = { from: 'VSTK-TEST', to: '+15005550123', body: 'MCP test: hello' };
const SEND = { args: ['--allow-send'], answer: () => ({ action: 'accept' as const, content: { send: true } }) };

let built: Awaited<ReturnType<typeof buildServer>>;
let sim: Simulator;
let env: Record<string, string>;
const open: Connected[] = [];

async function server(options: Parameters<typeof connect>[2], extraEnv: Record<string, string> = {}): Promise<Connected> {
  const c = await connect(built.mcpJs, { ...env, ...extraEnv }, options);
  open.push(c);
  return c;
}

async function call(c: Connected, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await c.client.callTool({ name: 'send_test_sms', arguments: args })) as CallToolResult;
}

function kindOf(r: CallToolResult): string | undefined {
  try {
    return (JSON.parse(textOf(r).split('\n').at(-1) ?? '') as { error?: string }).error;
  } catch {
    return undefined;
  }
}

void describe('MCP sending (built dist/mcp.js, SDK client, simulator)', () => {
  before(async () => {
    built = await buildServer();
  });
  // A simulator per test, and the servers a test started stopped after it: what one test sent (its count in
  // sim.received, a server's connection check still on its way) never reaches the next.
  beforeEach(async () => {
    sim = await start({ credentials: CREDENTIALS, controlEndpoint: false });
    env = {
      VOICESMS_BASE_URL: sim.url,
      VOICESMS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      VOICESMS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      VOICESMS_VOICE_INSTANCES: 'VI-DEMO-01',
    };
  });

  afterEach(async () => {
    for (const c of open.splice(0)) await c.close().catch(() => undefined);
    await sim.close();
  });
  after(() => built?.dispose());

  void it('the confirmation spells out line breaks, U+202E and ESC in the text and a no-break space in the sender, and sends the text unchanged', async () => {
    let answer: 'accept' | 'decline' = 'decline';
    const c = await server({
      args: ['--allow-send'],
      answer: () => (answer === 'accept' ? { action: 'accept' as const, content: { send: true } } : { action: 'decline' as const }),
    });
    const body = `Your code is 1234${'\n'.repeat(40)}Reply STOP \u202eevil\u202c and \u001b[2Jgone`;
    // A sender id with a bidi control is refused before anyone is asked (ids refuse invisible characters).
    const refused = await call(c, { ...SMS, from: 'VSTK\u202eTSET', body });
    assert.equal(kindOf(refused), 'validation', textOf(refused));
    assert.match(textOf(refused), /U\+202E RIGHT-TO-LEFT OVERRIDE/);
    assert.equal(c.elicitations.length, 0, 'nobody was asked');
    // A no-break space is a valid id character that reads as a plain space: spelled out.
    const declined = await call(c, { ...SMS, from: 'VSTK\u00a0TEST', body });
    assert.equal(kindOf(declined), 'declined', textOf(declined));
    const asked = c.elicitations.at(-1)?.message ?? '';
    for (const hidden of ['\u202e', '\u202c', '\u001b'])
      assert.ok(!asked.includes(hidden), `U+${hidden.codePointAt(0)!.toString(16)} reaches the user's approval box raw`);
    assert.ok(asked.includes('⏎'.repeat(40)), 'the 40 line breaks are shown as marks');
    assert.ok(asked.includes('⟨U+202E⟩evil⟨U+202C⟩'), asked);
    assert.ok(asked.includes('⟨U+001B⟩[2Jgone'), asked);
    assert.ok(asked.includes('From: VSTK⟨U+00A0⟩TEST'), 'the sender id is spelled out too');
    // What the user approves is what is sent, character for character.
    answer = 'accept';
    const before = sim.received.length;
    const sent = await call(c, { ...SMS, body });
    assert.notEqual(sent.isError, true, textOf(sent));
    assert.deepEqual(
      sim.received.slice(before).map((m) => [m.from, m.body]),
      [[SMS.from, body]],
    );
  });

  void it("the body's schema limit and the enforced cap are one number (3 segments)", async () => {
    const c = await server({ args: ['--allow-send'], answer: () => ({ action: 'decline' as const }) });
    const { tools } = await c.client.listTools();
    const body = (tools.find((t) => t.name === 'send_test_sms')?.inputSchema.properties as Record<string, { maxLength?: number }>)['body'];
    assert.equal(body?.maxLength, maxBodyUnits(3));
    assert.equal(body?.maxLength, 459);
    // At the limit: checked, then the user is asked (and declines).
    const atLimit = await call(c, { ...SMS, body: 'a'.repeat(459) });
    assert.equal(kindOf(atLimit), 'declined', textOf(atLimit));
    assert.equal(c.elicitations.length, 1);
    // One over: refused before anyone is asked.
    const over = await call(c, { ...SMS, body: 'a'.repeat(460) });
    assert.equal(over.isError, true);
    assert.equal(c.elicitations.length, 1);
    // Within the characters but over the segments (UCS-2 holds 67 per segment): refused by the same limit.
    const wide = await call(c, { ...SMS, body: 'ü'.repeat(60) + '😀'.repeat(80) });
    assert.equal(wide.isError, true);
    assert.equal(kindOf(wide), 'validation', textOf(wide));
    assert.match(textOf(wide), /the limit is 3/);
    assert.equal(c.elicitations.length, 1);
  });

  void it('list_instances returns the sender ids, and send uses the first when "from" is omitted', async () => {
    const c = await server(SEND, { VOICESMS_SENDER_IDS: 'VSTK-TEST, VSTK-SECOND' });
    const list = (await c.client.callTool({ name: 'list_instances', arguments: {} })) as CallToolResult;
    assert.deepEqual((list.structuredContent as { senderIds: string[] }).senderIds, ['VSTK-TEST', 'VSTK-SECOND']);
    assert.match(textOf(list), /Sender identities: "VSTK-TEST", "VSTK-SECOND"/);
    const before = sim.received.length;
    const r = await call(c, { to: SMS.to, body: SMS.body });
    assert.notEqual(r.isError, true, textOf(r));
    assert.deepEqual(
      sim.received.slice(before).map((m) => m.from),
      ['VSTK-TEST'],
    );
    assert.match(c.elicitations.at(-1)?.message ?? '', /From: VSTK-TEST/);
  });

  void it('without a sender id and without "from": refused before anyone is asked', async () => {
    const c = await server(SEND);
    const r = await call(c, { to: SMS.to, body: SMS.body });
    assert.equal(kindOf(r), 'validation', textOf(r));
    assert.match(textOf(r), /"from" is missing/);
    assert.equal(c.elicitations.length, 0);
  });

  void it('at most 10 prompts per hour by default, declined ones included; the refusal says when the next one is possible', async () => {
    let answer: 'accept' | 'decline' = 'decline';
    const c = await server({
      args: ['--allow-send'],
      answer: () => (answer === 'accept' ? { action: 'accept' as const, content: { send: true } } : { action: 'decline' as const }),
    });
    // Declined prompts take their slot as sent messages do: an agent cannot ask again and again.
    for (let i = 0; i < 3; i++) assert.equal(kindOf(await call(c, SMS)), 'declined');
    answer = 'accept';
    const before = sim.received.length;
    for (let i = 0; i < 7; i++) {
      const r = await call(c, { ...SMS, body: `cap ${i}` });
      assert.notEqual(r.isError, true, `send ${i}: ${textOf(r)}`);
    }
    assert.equal(sim.received.length, before + 7);
    const asked = c.elicitations.length;
    assert.equal(asked, 10);
    const r = await call(c, { ...SMS, body: 'one too many' });
    assert.equal(r.isError, true);
    assert.equal(kindOf(r), 'sendLimit');
    assert.match(textOf(r), /asked to confirm 10 messages from this server in the last hour \(sent or declined\)/);
    assert.match(textOf(r), /next one is possible at \d\d:\d\d:\d\d UTC, in (60|59) minutes/);
    assert.equal(c.elicitations.length, asked, 'the user is not asked');
    assert.equal(sim.received.length, before + 7);
  });

  void it('--max-sends-per-hour 5: six declined calls, five prompts, the sixth refused without asking', async () => {
    const c = await server({ args: ['--allow-send', '--max-sends-per-hour', '5'], answer: () => ({ action: 'decline' as const }) });
    const kinds: Array<string | undefined> = [];
    for (let i = 0; i < 6; i++) kinds.push(kindOf(await call(c, { ...SMS, body: `declined ${i}` })));
    assert.deepEqual(kinds, ['declined', 'declined', 'declined', 'declined', 'declined', 'sendLimit']);
    assert.equal(c.elicitations.length, 5, 'five prompts shown, not six');
  });

  void describe('the count survives a restart', () => {
    let state: string;
    // A state folder per test: one test's counted sends are not in the next one's folder.
    beforeEach(() => {
      state = mkdtempSync(join(tmpdir(), 'vstk-mcp-cap-'));
    });
    afterEach(() => rmSync(state, { recursive: true, force: true }));

    void it('a restarted server with the same profile still refuses; the state is a private file of times only', async () => {
      const first = await server({ ...SEND, args: ['--allow-send', '--max-sends-per-hour', '2'] }, { XDG_STATE_HOME: state });
      const before = sim.received.length;
      for (let i = 0; i < 2; i++) assert.notEqual((await call(first, { ...SMS, body: `restart ${i}` })).isError, true);
      assert.equal(sim.received.length, before + 2);
      await first.close();

      const again = await server({ ...SEND, args: ['--allow-send', '--max-sends-per-hour', '2'] }, { XDG_STATE_HOME: state });
      const r = await call(again, { ...SMS, body: 'after the restart' });
      assert.equal(kindOf(r), 'sendLimit', textOf(r));
      assert.equal(again.elicitations.length, 0, 'nobody was asked');
      assert.equal(sim.received.length, before + 2);

      const folder = join(state, 'voice-sms-toolkit');
      assert.equal(statSync(folder).mode & 0o777, 0o700);
      const files = readdirSync(folder);
      assert.equal(files.length, 1, files.join(' '));
      const file = join(folder, files[0]!);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      const text = readFileSync(file, 'utf8');
      assert.match(text, /^\{"sends":\[\d{13},\d{13}\]\}$/, text);
      for (const hidden of [CREDENTIALS.accessKeyId, CREDENTIALS.secretAccessKey, sim.url])
        assert.ok(!files[0]!.includes(hidden) && !text.includes(hidden));

      // Another profile keeps a count of its own.
      const other = await server(
        { ...SEND, args: ['--allow-send', '--max-sends-per-hour', '2'] },
        { XDG_STATE_HOME: state, VOICESMS_PROFILE: 'Another profile' },
      );
      assert.notEqual((await call(other, { ...SMS, body: 'other profile' })).isError, true);
    });

    // Issue 50: a server started with a small cap read a longer log as empty and overwrote it, wiping the count of one
    // started with a larger cap (the file was bounded by the reading server's cap).
    void it('servers of one profile with different caps share one count: a cap of 2 reads the 8 prompts of a cap of 100 and keeps them', async () => {
      const shared = mkdtempSync(join(tmpdir(), 'vstk-mcp-caps-'));
      try {
        const decline = { answer: () => ({ action: 'decline' as const }) };
        const large = await server({ ...decline, args: ['--allow-send', '--max-sends-per-hour', '100'] }, { XDG_STATE_HOME: shared });
        for (let i = 0; i < 8; i++) assert.equal(kindOf(await call(large, { ...SMS, body: `large cap ${i}` })), 'declined');
        assert.equal(large.elicitations.length, 8);
        const folder = join(shared, 'voice-sms-toolkit');
        const file = join(folder, readdirSync(folder)[0]!);
        const times = (): number[] => (JSON.parse(readFileSync(file, 'utf8')) as { sends: number[] }).sends;
        assert.equal(times().length, 8);

        const small = await server({ ...decline, args: ['--allow-send', '--max-sends-per-hour', '2'] }, { XDG_STATE_HOME: shared });
        const refused = await call(small, { ...SMS, body: 'small cap' });
        assert.equal(kindOf(refused), 'sendLimit', textOf(refused));
        assert.match(textOf(refused), /asked to confirm 2 messages/);
        assert.equal(small.elicitations.length, 0, 'nobody was asked');
        assert.equal(times().length, 8, 'the count is kept as it was');

        // The larger cap goes on counting from 8.
        assert.equal(kindOf(await call(large, { ...SMS, body: 'large cap again' })), 'declined');
        assert.equal(times().length, 9);
      } finally {
        rmSync(shared, { recursive: true, force: true });
      }
    });

    void it('a state folder that cannot be written: refused before anyone is asked, naming XDG_STATE_HOME and not the path', async () => {
      const blocked = join(state, 'a-file-not-a-folder');
      writeFileSync(blocked, '');
      const c = await server(SEND, { XDG_STATE_HOME: blocked });
      const before = sim.received.length;
      const r = await call(c, SMS);
      assert.equal(kindOf(r), 'sendLimit', textOf(r));
      assert.match(textOf(r), /Set XDG_STATE_HOME in the environment of the MCP server/);
      assert.ok(!JSON.stringify(r).includes(state), 'the path is not repeated');
      assert.equal(c.elicitations.length, 0);
      assert.equal(sim.received.length, before);
    });
  });

  void it('tells the agent what the tools are for and that quoted values are data', async () => {
    const c = await server({});
    const instructions = c.client.getInstructions() ?? '';
    assert.match(instructions, /call statistics/);
    assert.match(instructions, /never an instruction/);
  });

  // The instructions once named four of the six read tools by hand and left out the account overview.
  void it('the instructions name every tool the server lists, and the send tool only when it is listed', async () => {
    for (const options of [{}, SEND]) {
      const c = await server(options);
      const instructions = c.client.getInstructions() ?? '';
      const listed = (await c.client.listTools()).tools.map((t) => t.name);
      assert.ok(listed.length >= 6, listed.join());
      for (const name of listed) assert.ok(instructions.includes(name), `${name} is not in the instructions: ${instructions}`);
      assert.equal(instructions.includes('send_test_sms'), listed.includes('send_test_sms'), instructions);
    }
  });
});
