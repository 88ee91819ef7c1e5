// Property: whatever a credential looks like and however an echo spells it, no surface reachable in plain
// Node shows it. Secrets are drawn from all printable ASCII and a Unicode sample (4–64 characters), spelled
// by the platform's own encoders (spellings.ts, independent of the product's list), sent back by the
// simulator in every answer shape (echoes.ts), and looked for in: the core client's results and errors
// (message, stack, details), the raw answers (as the client hands them over and as Show Raw Answer shows
// them), the flattened rows the chat tools, MCP tools and the Account view build from a result, the month
// view exports (CSV, JSON, Markdown), the finished-months store's file and what it reads back, the messages the
// month view, activities, trend and account overview panels post, the overview's exports, every tool's own text and
// data in both doors (reach.ts), the balance model behind the status bar and the Account view, the copied cURL and
// the Node and Python programs of every operation, and every line of the redacting logger. The checker masks
// nothing: each surface is searched as the product hands it over, for spellings derived here (spellings.ts).
// The MCP server's own surfaces are in mcp.test.ts; the editor-only ones in test/integration/credentialEcho.test.ts.
// A red property run prints its seed and path: replay it with
//   LEAK_SEED=<seed> LEAK_PATH=<path> node --import tsx --test test/unit/leak/surfaces.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createClient, type MonthViewResult, type VoiceSmsClient } from '../../../src/core/client.js';
import { MonthStore, type MonthScope } from '../../../src/core/store/monthStore.js';
import { RedactingLogger } from '../../../src/host/platform/redactingLogger.js';
import { ActivitiesController } from '../../../src/panels/activities/controller.js';
import { createPanelSources } from '../../../src/host/webviews/clientSources.js';
import { MonthViewController } from '../../../src/panels/monthView/controller.js';
import { formatCurl } from '../../../src/shared/requestCode/curl.js';
import { EXPORT_FORMATS, formatMonthExport } from '../../../src/shared/export.js';
import { flattenResult } from '../../../src/shared/flattenResult.js';
import { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS, start, type Simulator } from '../../../src/simulator/index.js';
import { echoes, type Echo } from './echoes.js';
import { balanceModelSurface, overviewSurfaces, snippetSurfaces, strings, toolSurfaces, trendSurfaces, type Wiring } from './reach.js';
import { replayable } from './replay.js';
import { dottedSecretArb, leaksIn, secretArb, spellings } from './spellings.js';

const ACCESS_KEY_ID = 'AKIDLEAKSUITE7Q2';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const NOW = Date.UTC(2024, 5, 15, 12);
const MONTH = '202406';
const DAY = '20240614';
const SCOPE: MonthScope = { profile: 'leak', baseUrl: 'https://voice.example', account: DEMO_ACCOUNT, instanceId: INSTANCE };
/** Property runs: bounded so the unit suite stays in seconds; FC_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env['FC_RUNS'] ?? 8);

/** What one echo left on every surface, by surface name. */
type Seen = Array<{ where: string; text: string }>;

/** Every string and key of a value, its JSON (reach.ts strings) and its inspect form too (which doubles a backslash). */
function text(v: unknown): string {
  return `${strings(v)}\n${inspect(v, { depth: 12, breakLength: Infinity })}`;
}

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.message}\n${e.stack ?? ''}\n${text({ ...e, cause: e.cause })}` : String(e);
}

async function surfacesOf(sim: Simulator, secret: string, echo: Echo): Promise<Seen> {
  const seen: Seen = [];
  const logLines: string[] = [];
  const sink = (line: string): void => void logLines.push(line);
  const log = new RedactingLogger({ trace: sink, debug: sink, info: sink, warn: sink, error: sink });
  // As the host does at sign-in and activation: the log knows every stored profile's credentials.
  log.addCredentials(ACCESS_KEY_ID, secret);
  const client: VoiceSmsClient = createClient({
    baseUrl: sim.url,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: secret },
    retry: { attempts: 1 },
    logger: log,
    knownSecrets: log.knownSecrets,
    now: () => NOW,
  });
  const keep = (where: string, t: string): void => void seen.push({ where, text: t });
  // The error as thrown is what every notification, panel and tool words (the checker masks nothing of it).
  const failed = (where: string, e: unknown): void => {
    keep(`${where}: error`, errorText(e));
    log.error(e instanceof Error ? e : String(e));
  };
  const wiring: Wiring = {
    client,
    months: new Map(),
    instanceId: INSTANCE,
    accountId: DEMO_ACCOUNT,
    senderId: DEMO_SENDER_IDS[0] ?? 'VSTK-TEST',
    monthId: MONTH,
    dateId: DAY,
  };
  const rows = (where: string, result: unknown): void => {
    const flat = flattenResult(result);
    keep(`${where}: flattened rows`, flat.map((r) => `${r.key} = ${r.value}`).join('\n'));
    keep(`${where}: flattened keys`, flat.map((r) => r.key).join('\n'));
  };
  sim.addFault(echo.fault);
  try {
    switch (echo.operation) {
      case 'balance': {
        try {
          const r = await client.getBalance(DEMO_ACCOUNT);
          keep('balance result', text(r));
          keep('balance raw answer', r.rawXml);
          rows('balance', r.result);
        } catch (e) {
          failed('balance', e);
        }
        await balanceModelSurface(wiring, keep);
        break;
      }
      case 'activities': {
        try {
          const r = await client.getDayActivities(INSTANCE, DAY);
          keep('activities result', text(r));
          keep('activities raw answer', r.rawXml);
          rows('activities', r.result);
        } catch (e) {
          failed('activities', e);
        }
        const sources = createPanelSources(
          { active: () => Promise.resolve({ client }) },
          { warn: (m) => log.warn(m), redact: (t) => log.redact(t) },
        );
        const posted: unknown[] = [];
        const panel = new ActivitiesController({ instanceId: INSTANCE, dateId: DAY }, sources.activities, (m) => (posted.push(m), true));
        await panel.handle({ type: 'ready' });
        await panel.load();
        panel.dispose();
        keep('activities panel messages', text(posted));
        break;
      }
      case 'calls': {
        try {
          const r = await client.getMonthView(INSTANCE, MONTH);
          keep('month view result', text(r));
          keep('month view raw answer', r.rawXml);
          for (const format of EXPORT_FORMATS) keep(`export ${format}`, formatMonthExport(r.view, format, { instanceId: INSTANCE }));
          await storedMonth(r, log, keep);
        } catch (e) {
          failed('month view', e);
        }
        const sources = createPanelSources(
          { active: () => Promise.resolve({ client }) },
          { warn: (m) => log.warn(m), redact: (t) => log.redact(t) },
        );
        const posted: unknown[] = [];
        const panel = new MonthViewController({ instanceId: INSTANCE, monthId: MONTH }, sources.monthViews, (m) => (posted.push(m), true));
        await panel.handle({ type: 'ready' });
        await panel.load();
        keep('month view panel raw answer', panel.rawAnswer ?? '');
        panel.dispose();
        keep('month view panel messages', text(posted));
        await trendSurfaces(wiring, sources, keep);
        await overviewSurfaces(wiring, keep);
        break;
      }
      case 'sms': {
        try {
          const r = await client.sendSms({ from: DEMO_SENDER_IDS[0] ?? 'VSTK-TEST', to: '+4915123456789', body: 'leak suite' });
          keep('SMS result', text(r));
          keep('SMS raw answer', r.rawXml ?? '');
        } catch (e) {
          failed('SMS', e);
        }
        break;
      }
    }
    await toolSurfaces(wiring, echo.operation, keep);
    for (const call of [
      { operation: 'balance', accountId: DEMO_ACCOUNT },
      { operation: 'calls', instanceId: INSTANCE, monthId: MONTH },
      { operation: 'activities', instanceId: INSTANCE, dateId: DAY },
      { operation: 'sms', input: { from: 'VSTK-TEST', to: '+4915123456789', body: 'x' } },
    ] as const) {
      const described = client.describeRequest(call);
      keep(`copied cURL (${call.operation})`, formatCurl(described));
      snippetSurfaces(call.operation, described, keep);
    }
  } finally {
    sim.clearFaults();
    await client.close();
  }
  keep('log lines', logLines.join('\n'));
  return seen;
}

/**
 * The month as the finished-months store writes it (the file's bytes) and reads it back, wired as the host wires it
 * (create.ts: the log's redact and known secrets). The answer is filed as June's last day a month later, so the
 * store keeps it; the echo in it is untouched.
 */
async function storedMonth(r: MonthViewResult, log: RedactingLogger, keep: (where: string, t: string) => void): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-leak-store-'));
  try {
    const rawXml = r.rawXml.replace(/<currentDateID>\d{8}</, '<currentDateID>20240630<');
    const finished: MonthViewResult = { ...r, rawXml, view: { ...r.view, currentDateId: '20240630' } };
    const store = new MonthStore({ dir, scrub: (t) => log.redact(t), knownSecrets: log.knownSecrets, now: () => Date.UTC(2024, 6, 15) });
    assert.ok(store.put(SCOPE, MONTH, finished), 'the store takes the month');
    await store.flush();
    for (const f of await store.files()) keep('stored month file', await fs.readFile(path.join(dir, f), 'utf8'));
    keep('stored month read back', text(await store.get(SCOPE, MONTH)));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Every surface of every shape for one secret; the spellings found, as "shape / surface: spelling". */
async function leaksOf(secret: string, chosen: number, names?: readonly string[]): Promise<string[]> {
  const forms = spellings(secret, ACCESS_KEY_ID);
  const all = [...forms.values()];
  const sim = await start({ credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: secret }, now: () => NOW, controlEndpoint: false });
  const found: string[] = [];
  try {
    for (const echo of echoes(all[chosen % all.length] ?? secret, all, secret, names)) {
      for (const s of await surfacesOf(sim, secret, echo)) {
        for (const name of leaksIn(s.text, forms)) found.push(`${echo.shape} / ${s.where}: ${name}`);
      }
    }
  } finally {
    await sim.close();
  }
  return found;
}

/** One line per spelling that got through: where, how often. */
function report(secret: string, found: string[]): string {
  const bySpelling = new Map<string, Set<string>>();
  for (const f of found) {
    const at = f.lastIndexOf(': ');
    const name = f.slice(at + 2);
    bySpelling.set(name, (bySpelling.get(name) ?? new Set()).add(f.slice(0, at)));
  }
  const lines = [...bySpelling].map(([name, where]) => `${name}: ${where.size} surface(s), e.g. ${[...where][0]}`);
  // Every surface that showed a spelling, by its own name (after "shape / "), so a red run says where to look.
  const surfaces = new Set(found.map((f) => f.slice(f.indexOf(' / ') + 3, f.lastIndexOf(': '))));
  return `secret ${JSON.stringify(secret)} leaked in ${found.length} places:\n  ${lines.join('\n  ')}\n  surfaces: ${[...surfaces].sort().join('; ')}`;
}

// Each echo drives every surface (seconds on a busy machine): the properties get minutes, not the default minute.
void describe('leak suite: no spelling of a credential reaches any plain-Node surface (property)', () => {
  void it('the echoes do carry the spellings (this suite can fail)', async () => {
    const secret = 'ab~cd*e f!';
    const forms = spellings(secret, ACCESS_KEY_ID);
    const all = [...forms.values()];
    const [echo] = echoes(all[1] ?? '', all, secret);
    const sim = await start({
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: secret },
      now: () => NOW,
      controlEndpoint: false,
    });
    try {
      sim.addFault(echo!.fault);
      // Asked without the product's client, the answer holds every spelling (the raw references decoded aside).
      const res = await fetch(`${sim.url}/v1/account/${DEMO_ACCOUNT}/balance`, {
        headers: {
          Authorization: `Basic ${Buffer.from(`${ACCESS_KEY_ID}:${secret}`).toString('base64')}`,
          AccessKeyId: ACCESS_KEY_ID,
          Timestamp: String(NOW),
          Signature: '',
        },
      });
      const raw = await res.text();
      assert.equal(res.status, 200, raw.slice(0, 300));
      const missing = [...forms].filter(([name, s]) => !leaksIn(raw, new Map([[name, s]])).length).map(([name]) => name);
      assert.deepEqual(missing, [], 'spellings the echo did not carry');
    } finally {
      await sim.close();
    }
  });

  void it(
    'the issue\'s cases: a "~" and "*" secret, a dotted secret in element names, a 4-character secret inside a word',
    { timeout: 240_000 },
    async () => {
      const cases: Array<[string, string[] | undefined]> = [
        ['k9~T*x(1)!', undefined],
        ['alpha9.beta9.gamma9x', ['alpha9', 'beta9', 'gamma9x']],
        ['k3Y9', undefined],
        ['Ünï©ødé-ﬁ~1', undefined],
      ];
      const found: string[] = [];
      for (const [secret, names] of cases) {
        const f = await leaksOf(secret, 4, names);
        if (f.length > 0) found.push(report(secret, f));
      }
      assert.ok(found.length === 0, found.join('\n'));
    },
  );

  // Issue 50: spellings that passed the mask through getBalance into rawXml and the parsed values — base64 of the
  // secret inside longer data (at byte offsets 1 and 2, in a JSON object), a secret holding `/` and `+` in base64url's
  // alphabet, U+0301 between its letters, `\x2f`, `&sol;` and quoted-printable `=2F`. Each is an element of every
  // answer shape; two of them are also the status message and the service's fields.
  void it("issue 50's spellings: every answer shape, every surface", { timeout: 240_000 }, async () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
    const forms = spellings(secret, ACCESS_KEY_ID);
    const names = [...forms.keys()];
    const issue = [
      'base64 of "x" + the secret (offset 1)',
      'base64 of "xy" + the secret (offset 2)',
      'base64 of {"secret":"…"}',
      "in base64url's alphabet (a secret holding + or /)",
      'U+0301 COMBINING ACUTE ACCENT between characters',
      '\\xhh escapes',
      'HTML named references',
      'quoted-printable, every byte',
    ];
    for (const name of issue) assert.ok(forms.has(name), `spellings.ts writes no "${name}"`);
    const found: string[] = [];
    for (const chosen of [issue[0]!, issue[7]!]) found.push(...(await leaksOf(secret, names.indexOf(chosen))));
    assert.ok(found.length === 0, report(secret, found));
  });

  void it('any secret, any spelling, every answer shape, every surface', { timeout: 240_000 }, async () => {
    await replayable(
      'test/unit/leak/surfaces.test.ts',
      fc.asyncProperty(secretArb(), fc.nat(), async (secret, chosen) => {
        const found = await leaksOf(secret, chosen);
        assert.ok(found.length === 0, report(secret, found));
      }),
      { numRuns: RUNS },
    );
  });

  void it('a dotted secret whose parts come back as element names never comes back joined', { timeout: 240_000 }, async () => {
    await replayable(
      'test/unit/leak/surfaces.test.ts',
      fc.asyncProperty(dottedSecretArb, fc.nat(), async (parts, chosen) => {
        const secret = parts.join('.');
        fc.pre(new Set(secret).size >= 3);
        const found = await leaksOf(secret, chosen, parts);
        assert.ok(found.length === 0, report(secret, found));
      }),
      { numRuns: Math.max(4, Math.floor(RUNS / 2)) },
    );
  });
});
