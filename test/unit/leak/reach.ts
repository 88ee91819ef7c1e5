// The surfaces of the leak suite (surfaces.test.ts) that are built above the core in plain Node, each through the
// vscode-free builder the product itself uses: every tool spec's own text and structured data (the code both doors
// run; the chat door's texts as the chat tools show them, and the same outcome in the MCP door's result shape), the
// account overview panel's posted messages and its exports (CSV, JSON, Markdown), the trend panel's messages, the
// balance model behind the status bar and the Account view, and the Node and Python writers of Copy Request as
// Code. Nothing here masks: what a surface holds is handed to the checker as it stands.
import { z } from 'zod';
import type { VoiceSmsClient } from '../../../src/core/client.js';
import * as core from '../../../src/core/index.js';
import { BalanceModel } from '../../../src/host/balance/model.js';
import { OverviewController } from '../../../src/panels/overview/controller.js';
import type { PanelSources } from '../../../src/host/webviews/clientSources.js';
import { TrendController } from '../../../src/panels/trend/controller.js';
import { failure, okResult } from '../../../src/mcp/results.js';
import { formatNode } from '../../../src/shared/requestCode/node.js';
import { formatPython } from '../../../src/shared/requestCode/python.js';
import type { CodeSource } from '../../../src/shared/requestCode/plan.js';
import { EXPORT_FORMATS } from '../../../src/shared/export.js';
import { formatOverviewExport } from '../../../src/shared/overview/overviewExport.js';
import { flattenResult } from '../../../src/shared/flattenResult.js';
import type { OverviewRow } from '../../../src/shared/overview/overview.js';
import { CHAT_DOOR, MCP_DOOR, specOf } from '../../../src/tools/index.js';
import type { Door, ToolContext } from '../../../src/tools/spec.js';
import type { Operation } from './echoes.js';

export type Keep = (where: string, text: string) => void;

/** Every string and key of a value as it stands, then JSON (which doubles a backslash) too. */
export function strings(v: unknown): string {
  const out: string[] = [];
  const walk = (x: unknown, depth: number): void => {
    if (typeof x === 'string') out.push(x);
    else if (x !== null && typeof x === 'object' && depth < 40) {
      for (const [k, y] of Object.entries(x)) {
        out.push(k);
        walk(y, depth + 1);
      }
    }
  };
  walk(v, 0);
  return `${out.join('\n')}\n${JSON.stringify(v)}`;
}

export interface Wiring {
  client: VoiceSmsClient;
  /**
   * The months the tools and the overview read, each asked once per echo: in the editor both read through the month
   * cache, so a second reader of a month never asks again (and the suite stays in seconds).
   */
  months: Map<string, ReturnType<VoiceSmsClient['getMonthView']>>;
  instanceId: string;
  accountId: string;
  senderId: string;
  monthId: string;
  dateId: string;
}

/** One month through the wiring's cache, asked once per echo (its failure too: the echo does not change meanwhile). */
function month(
  w: Wiring,
  instanceId: string,
  monthId: string,
  signal: AbortSignal,
  priority?: 'high' | 'normal' | 'low',
): ReturnType<VoiceSmsClient['getMonthView']> {
  const key = `${instanceId}/${monthId}`;
  let p = w.months.get(key);
  if (!p) {
    p = w.client.getMonthView(instanceId, monthId, signal, priority ? { priority } : {});
    w.months.set(key, p);
  }
  return p;
}

/**
 * A door's ToolContext over the client, as both doors build theirs (src/mcp/toolContext.ts, src/host/chat/
 * chatContext.ts): facts of one profile, reads straight to the client, a send the user confirmed.
 */
function toolContext(w: Wiring, door: Door): ToolContext {
  return {
    door,
    core: () => core,
    facts: () =>
      Promise.resolve({
        profile: 'leak',
        host: 'voice.example',
        signedIn: true,
        demo: false,
        accountId: w.accountId,
        instances: [w.instanceId],
        senderIds: [w.senderId],
        sendingEnabled: true,
      }),
    getMonthView: (i, m, signal, priority) => month(w, i, m, signal, priority),
    getDayActivities: (i, d, signal) => w.client.getDayActivities(i, d, signal),
    async readBalance(signal) {
      const r = await w.client.getBalance(w.accountId, signal);
      return {
        profile: 'leak',
        accountId: w.accountId,
        ...(r.balance ? { balance: r.balance } : {}),
        rows: r.balance ? [] : flattenResult(r.result, '', [], 1000),
        at: Date.now(),
      };
    },
    confirmSend: () => Promise.resolve(true),
    send: (d) => w.client.sendSms({ from: d.from, to: d.to, body: d.body }),
    maxSegments: () => door.maxSegments,
  };
}

/** The tool calls that reach each operation, with their input. */
function toolCalls(w: Wiring): Record<Operation, Array<[key: string, input: Record<string, unknown>]>> {
  return {
    balance: [['getBalance', {}]],
    activities: [['getDayActivities', { instanceId: w.instanceId, dateId: w.dateId }]],
    calls: [
      ['getMonthView', { instanceId: w.instanceId, monthId: w.monthId }],
      ['getTrend', { instanceId: w.instanceId, months: 2, endMonthId: w.monthId }],
      ['getAccountOverview', { monthId: w.monthId }],
    ],
    sms: [['sendTestSms', { from: w.senderId, to: '+4915123456789', body: 'leak suite' }]],
  };
}

/**
 * Each tool that reaches `operation`, run by its spec in both doors: the chat tool's own text and data, and the MCP
 * door's result (text parts and structured content, or the error result a failure becomes).
 */
export async function toolSurfaces(w: Wiring, operation: Operation, keep: Keep): Promise<void> {
  for (const [key, raw] of toolCalls(w)[operation]) {
    const spec = specOf(key);
    for (const door of [CHAT_DOOR, MCP_DOOR]) {
      const name = door === CHAT_DOOR ? spec.chatName : spec.mcpName;
      const input = spec.input(z, door).parse(raw);
      try {
        const out = await spec.run(toolContext(w, door), input, new AbortController().signal);
        keep(`tool ${name}: text`, out.text);
        keep(`tool ${name}: data`, strings(out.data));
        if (door === MCP_DOOR) keep(`tool ${name}: MCP result`, strings(okResult(out.text, out.data)));
      } catch (e) {
        keep(`tool ${name}: error`, e instanceof Error ? `${e.message}\n${e.stack ?? ''}\n${strings({ ...e })}` : String(e));
        if (door === MCP_DOOR) keep(`tool ${name}: MCP error result`, strings(failure(e)));
      }
    }
  }
}

/**
 * The account overview panel over the client (the panel's months, two per instance at the overview's priority),
 * with no errorText hook: a failed row's sentence as the error carried it. Then its exports of the table the
 * panel holds, as Export Overview writes them.
 */
export async function overviewSurfaces(w: Wiring, keep: Keep): Promise<void> {
  const posted: unknown[] = [];
  const exported: Array<{ rows: readonly OverviewRow[] }> = [];
  const panel = new OverviewController(
    { monthId: w.monthId },
    { load: (i, m, signal, priority) => month(w, i, m, signal, priority) },
    (m) => (posted.push(m), true),
    { instances: () => Promise.resolve([w.instanceId]), onExport: (_m, rows) => void exported.push({ rows }) },
  );
  await panel.handle({ type: 'ready' });
  await panel.load();
  keep('overview panel messages', strings(posted));
  const rows = panel.table;
  panel.dispose();
  for (const format of EXPORT_FORMATS) {
    keep(`overview export ${format}`, formatOverviewExport(rows, format, { monthId: w.monthId }));
  }
}

/** The trend panel over the panel sources (its twelve months through the month views' source). */
export async function trendSurfaces(w: Wiring, sources: PanelSources, keep: Keep): Promise<void> {
  const posted: unknown[] = [];
  const panel = new TrendController({ instanceId: w.instanceId, monthId: w.monthId }, sources.monthViews, (m) => (posted.push(m), true));
  await panel.handle({ type: 'ready' });
  await panel.load();
  panel.dispose();
  keep('trend panel messages', strings(posted));
}

/** The balance model the status bar and the Account view render (its state, loaded or failed). */
export async function balanceModelSurface(w: Wiring, keep: Keep): Promise<void> {
  const memory = new Map<string, unknown>();
  const model = new BalanceModel(
    { active: () => Promise.resolve({ profile: { name: 'leak', accountId: w.accountId }, client: w.client }) },
    { get: <T>(k: string) => memory.get(k) as T | undefined, update: (k, v) => (memory.set(k, v), Promise.resolve()) },
  );
  const state = await model.reload();
  // The raw answer it keeps for Show Raw Answer is a raw answer surface of its own (checked as the client hands it).
  const { rawXml: _raw, ...shown } = state.loaded ?? {};
  keep('balance model (status bar, Account view)', strings({ ...state, loaded: shown }));
  keep('balance model readings', strings([...memory]));
}

/** The Node and Python programs Copy Request as Code writes for a request. */
export function snippetSurfaces(what: string, request: CodeSource, keep: Keep): void {
  keep(`Copy Request as Code, Node (${what})`, formatNode(request));
  keep(`Copy Request as Code, Python (${what})`, formatPython(request));
}
