// `node dist/mcp.js [--allow-send] [--max-sends-per-hour N] [--demo]`: the Voice & SMS tools as a stdio MCP
// server for any agent. stdout carries only the protocol; everything for people goes to stderr. A wrong
// command line stops the start (nothing else would tell the user); a bad configuration or a failed request
// never does: each tool then answers with the reason.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from '../core/index.js';
import { connectProblem, ENV, readFlags, readSettings, type McpSettings } from './config.js';
import type { Demo } from './demo.js';
import type { Connection, ServerContext } from './context.js';
import { core } from './core.js';
import { stateFolder } from './sendLog.js';
import { createServer, SERVER_NAME } from './server.js';

declare const VOICESMS_MCP_VERSION: string | undefined;
// Set by esbuild.mjs from package.json; `npm run mcp` runs the source.
const version = typeof VOICESMS_MCP_VERSION === 'string' ? VOICESMS_MCP_VERSION : '0.0.0-dev';

/** How long after the agent's initialization the credentials are checked. */
const CHECK_DELAY_MS = 300;

function say(line: string): void {
  process.stderr.write(`[${SERVER_NAME}] ${line}\n`);
}

/** Core log lines worth a person's attention; the core never logs a credential. */
const stderrLogger: Logger = { trace() {}, debug() {}, info() {}, warn: (m) => say(m), error: (m) => say(m) };

/** The client for the settings (this loads the core); a base URL or credential the core refuses is the problem. */
function connect(s: McpSettings, profile: string, env: NodeJS.ProcessEnv): Connection | { problem: string } {
  try {
    const client = core().connectClient(
      {
        baseUrl: s.baseUrl,
        credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
        auth: s.auth,
        ...(s.defaultRegion !== undefined ? { defaultRegion: s.defaultRegion } : {}),
        logger: stderrLogger,
        profileName: profile,
        // Errors name what this process reads (HTTPS_PROXY, VOICESMS_CA_FILE), not the editor's settings.
        advice: 'process',
      },
      // Proxy and extra CAs from the environment (HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS), as a CLI tool would.
      { proxySetting: '', noProxySetting: [], proxyStrictSSL: true, systemCertificates: true, caFile: s.caFile ?? '', env },
    );
    return { client, settings: s, profile, host: new URL(s.baseUrl).host };
  } catch (e) {
    return { problem: connectProblem(e) };
  }
}

/** One request at start so a wrong secret is reported at once, not at the first tool call. */
async function verify(c: Connection): Promise<void> {
  const target = { accountId: c.settings.accountId, instanceId: c.settings.instances[0] };
  if (!target.accountId && !target.instanceId) {
    say(`Started without ${ENV.accountId} or ${ENV.voiceInstances}: the credentials are checked at the first tool call.`);
    return;
  }
  const probe = await core().probeConnection(c.client, target);
  if (probe.ok) say(`Connected to ${c.host} (${probe.operation}, ${probe.elapsedMs} ms).`);
  else say(`Cannot use the service at ${c.host}: ${probe.message}`);
}

async function main(): Promise<void> {
  const parsed = readFlags(process.argv.slice(2));
  if (!parsed.ok) {
    // A mistyped flag would otherwise start a server that quietly does something else.
    say(parsed.problem);
    process.exitCode = 2;
    return;
  }
  const flags = parsed.flags;
  let demo: Demo | undefined;
  if (flags.demo) {
    try {
      demo = await (await import('./demo.js')).startDemo();
    } catch (e) {
      say(`The demo's simulator could not start: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
      return;
    }
    say(`Demo: the built-in simulator serves ${demo.url} with fresh credentials; no account is used and VOICESMS_* settings are ignored.`);
  }
  const read = demo ? { ok: true as const, settings: demo.settings } : readSettings(process.env);
  const profile = demo?.profile ?? ((process.env[ENV.profile] ?? '').trim() || 'VOICESMS_* environment');
  const unusable = (problem: string): void => say(`${problem} Every tool answers with this error until it is fixed.`);
  if (!read.ok) unusable(read.problem);
  // Built on first use (the first tool call, or the check below once the protocol is up): loading the
  // core does not delay the agent's tool list.
  let connection: Connection | { problem: string } | undefined = read.ok ? undefined : { problem: read.problem };
  const connected = (): Connection | { problem: string } => {
    if (connection === undefined && read.ok) {
      connection = connect(read.settings, profile, process.env);
      if ('problem' in connection) unusable(connection.problem);
    }
    return connection!;
  };
  const ctx: ServerContext = {
    get connection() {
      return connected();
    },
    allowSend: flags.allowSend,
    maxSendsPerHour: flags.maxSendsPerHour,
    // The demo's simulator sends nothing anywhere: its count stays in the process.
    ...(demo ? {} : { sendStateFolder: stateFolder(process.env) }),
  };
  const server = createServer(ctx, version);
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async (code = 0): Promise<void> => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    if (connection && !('problem' in connection)) await connection.client.close().catch(() => undefined);
    await demo?.close().catch(() => undefined);
    process.exit(code);
  };
  // The SDK's stdio transport gives up on a line longer than its buffer (10 MiB): it stops reading and
  // closes, and the process would live on deaf. Nothing after such a line can be framed reliably, so the
  // server says why on stderr and exits; the client sees the exit at once instead of waiting on a reply.
  let overflow = false;
  transport.onerror = (e) => {
    if (/^ReadBuffer exceeded maximum size/.test(e.message)) overflow = true;
    // A line that is not JSON-RPC is skipped by the transport; its text is never repeated (it may hold anything).
    else if (e.name === 'SyntaxError' || e.name === 'ZodError') say('Ignored a message from the client that is not valid JSON-RPC.');
    else say(`Standard input failed: ${e.message}`);
  };
  transport.onclose = () => {
    if (closing) return;
    say(
      overflow
        ? 'A message from the client was larger than the 10 MiB a stdio line may hold; the server stops, because it cannot find the start of the next message. Restart it, and keep tool inputs small.'
        : 'The connection to the client closed; the server stops.',
    );
    void shutdown(overflow ? 1 : 0);
  };
  // The client closing our stdin is how a stdio server is told to stop.
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await server.connect(transport);
  say(
    `Ready (sending ${flags.allowSend ? `enabled, each message confirmed by the user, at most ${flags.maxSendsPerHour} per hour` : 'off'}).`,
  );
  if (read.ok) {
    // The credentials are checked once the agent has had its first answers (initialize, tools/list): requiring
    // the core blocks this thread for a moment, which the agent's start should not wait for.
    server.server.oninitialized = () => {
      setTimeout(() => {
        const c = connected();
        if (!('problem' in c))
          void verify(c).catch((e: unknown) => say(`Connection check failed: ${e instanceof Error ? e.message : String(e)}`));
      }, CHECK_DELAY_MS);
    };
  }
}

// A failure inside one request must not take the server down with the agent's other calls.
process.on('uncaughtException', (e) => say(`Unexpected error: ${e.message}`));
process.on('unhandledRejection', (e) => say(`Unexpected error: ${e instanceof Error ? e.message : String(e)}`));

void main();
