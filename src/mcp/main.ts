// `node dist/mcp.js [--allow-send]`: the Voice & SMS tools as a stdio MCP server for any agent. stdout
// carries only the protocol; everything for people goes to stderr. Never exits on a bad configuration
// or a failed request: each tool then answers with the reason.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from '../core/index.js';
import { ENV, readFlags, readSettings, type McpSettings } from './config.js';
import type { Connection, ServerContext } from './context.js';
import { core } from './core.js';
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
function connect(s: McpSettings, env: NodeJS.ProcessEnv): Connection | { problem: string } {
  const profile = (env['VOICESMS_PROFILE'] ?? '').trim() || 'VOICESMS_* environment';
  try {
    const client = core().connectClient(
      {
        baseUrl: s.baseUrl,
        credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
        logger: stderrLogger,
        profileName: profile,
      },
      // Proxy and extra CAs from the environment (HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS), as a CLI tool would.
      { proxySetting: '', noProxySetting: [], proxyStrictSSL: true, systemCertificates: true, caFile: '', env },
    );
    return { client, settings: s, profile, host: new URL(s.baseUrl).host };
  } catch (e) {
    return { problem: e instanceof Error ? e.message : String(e) };
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
  const flags = readFlags(process.argv.slice(2));
  if (flags.unknown > 0)
    say(`Ignored ${flags.unknown} unknown argument(s); configuration comes from VOICESMS_* environment variables only.`);
  const read = readSettings(process.env);
  const unusable = (problem: string): void => say(`${problem} Every tool answers with this error until it is fixed.`);
  if (!read.ok) unusable(read.problem);
  // Built on first use (the first tool call, or the check below once the protocol is up): loading the
  // core does not delay the agent's tool list.
  let connection: Connection | { problem: string } | undefined = read.ok ? undefined : { problem: read.problem };
  const connected = (): Connection | { problem: string } => {
    if (connection === undefined && read.ok) {
      connection = connect(read.settings, process.env);
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
  };
  const server = createServer(ctx, version);
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    if (connection && !('problem' in connection)) await connection.client.close().catch(() => undefined);
    process.exit(0);
  };
  // The client closing our stdin is how a stdio server is told to stop.
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await server.connect(transport);
  say(`Ready (sending ${flags.allowSend ? 'enabled, each message confirmed by the user' : 'off'}).`);
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
