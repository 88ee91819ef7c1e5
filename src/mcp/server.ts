// The MCP door: the tools of src/tools/ (names, schemas, descriptions and limits from their specs), turned
// into the protocol's tools, and the resources and prompts built on them (resources.ts, prompts.ts), and the charts
// hosts draw for three of them (apps.ts). Without
// --allow-send the send tool is not listed at all; with it, the user is asked to confirm at most
// --max-sends-per-hour messages per profile and rolling hour, across restarts. Without a usable configuration every
// tool (and resource) answers with the same sentence that went to stderr at start, so the agent can relay it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider.js';
import { z } from 'zod';
import { MCP_DOOR, specOf, TOOL_SPECS } from '../tools/index.js';
import type { ToolSpec } from '../tools/spec.js';
import { appToolMeta, registerApps } from './apps.js';
import type { Connection, ServerContext } from './context.js';
import { checkedToolArgs, registeredInput } from './input.js';
import { serverInstructions } from './instructions.js';
import { matchingInstances, recentDays, recentMonths, type Offers } from './periods.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { guarded, settled, toolResult, type Settled } from './results.js';
import { SendLimit } from './sendLimit.js';
import { fileSendLog, sendLogFile } from './sendLog.js';
import { mcpToolContext } from './toolContext.js';

export const SERVER_NAME = 'voice-sms-toolkit';

export function createServer(ctx: ServerContext, version: string): McpServer {
  // Not listed at all without --allow-send: an agent cannot be talked into calling what it cannot see.
  const specs = TOOL_SPECS.filter((s) => s.key !== 'sendTestSms' || ctx.allowSend);
  // The SDK checks an elicitation's answer against its schema; @cfworker/json-schema does it without the 130 KB of
  // ajv and its formats that the default validator would bring into dist/mcp.js (esbuild.mjs mcpSlim leaves it out).
  const server = new McpServer(
    { name: SERVER_NAME, title: 'Voice & SMS Toolkit', version },
    { instructions: serverInstructions(specs), jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  // One count per profile and account, kept in its state file (so a restart does not reset it) and shared by every
  // server of the profile, whatever cap each was started with.
  const limits = new WeakMap<Connection, SendLimit>();
  const limitFor = (c: Connection): SendLimit => {
    let limit = limits.get(c);
    if (!limit) {
      const folder = ctx.sendStateFolder;
      const file = folder === undefined ? undefined : sendLogFile(folder, c.profile, c.settings.baseUrl, c.settings.accessKeyId);
      limit = new SendLimit(ctx.maxSendsPerHour, Date.now, file === undefined ? undefined : fileSendLog(file));
      limits.set(c, limit);
    }
    return limit;
  };

  // Each spec's input schema, built once: the door checks the arguments with it (input.ts).
  const inputs = new Map(specs.map((spec) => [spec, spec.input(z, MCP_DOOR)] as const));
  const inputOf = (spec: ToolSpec): z.ZodObject => inputs.get(spec) ?? spec.input(z, MCP_DOOR);

  /** A tool's run for `args`, settled: what the tool answers, and what a resource read through it answers. */
  const run = (spec: ToolSpec, args: Record<string, unknown>, signal: AbortSignal): Promise<Settled> => {
    const connection = ctx.connection;
    if ('problem' in connection) return Promise.resolve({ failed: { kind: 'notConfigured', message: connection.problem } });
    // Month and date ids in any accepted form become YYYYMM / YYYYMMDD; a wrong argument is refused with one sentence.
    return settled(() =>
      spec.run(
        mcpToolContext(connection, server.server, ctx.allowSend, limitFor(connection), ctx.names),
        checkedToolArgs(spec, inputOf(spec), args),
        signal,
      ),
    );
  };

  for (const spec of specs) {
    // The tools with a chart name their ui:// page (apps.ts); their results are the same with or without it.
    const meta = appToolMeta(spec.key);
    server.registerTool(
      spec.mcpName,
      {
        title: spec.title,
        description: spec.description(MCP_DOOR),
        // Lists the spec's schema but lets every call through: run() refuses a wrong argument in our words, where
        // the SDK would answer with its list of zod issues.
        inputSchema: registeredInput(inputOf(spec)),
        outputSchema: spec.output(z),
        annotations: spec.annotations,
        ...(meta ? { _meta: meta } : {}),
      },
      (args: Record<string, unknown>, extra: { signal: AbortSignal }): Promise<CallToolResult> =>
        guarded(async () => toolResult(await run(spec, args, extra.signal))),
    );
  }

  // Resources and prompts offer what the user may pick: the configured instances, the recent months and days.
  const offers: Offers = {
    instances: (typed) => matchingInstances('problem' in ctx.connection ? [] : ctx.connection.settings.instances, typed),
    months: (typed) => recentMonths(typed, Date.now()),
    days: (typed) => recentDays(typed, Date.now()),
  };
  registerResources(server, (key, args, signal) => run(specOf(key), args, signal), offers);
  registerPrompts(server, offers);
  registerApps(server);
  return server;
}
