// `node dist/mcp.js [--allow-send]`: the Voice & SMS tools as a stdio MCP server for any agent. stdout
// carries only the protocol; everything for people goes to stderr. Never exits on a bad configuration
// or a failed request: each tool then answers with the reason.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as core from '../core/index.js';
import { ENV, readFlags, readSettings } from './config.js';
import type { Connection, ServerContext } from './context.js';
import { createServer, SERVER_NAME } from './server.js';

declare const VOICESMS_MCP_VERSION: string | undefined;
// Set by esbuild.mjs from package.json; `npm run mcp` runs the source.
const version = typeof VOICESMS_MCP_VERSION === 'string' ? VOICESMS_MCP_VERSION : '0.0.0-dev';

function say(line: string): void {
  process.stderr.write(`[${SERVER_NAME}] ${line}\n`);
}

/** Core log lines worth a person's attention; the core never logs a credential. */
const stderrLogger: core.Logger = { trace() {}, debug() {}, info() {}, warn: (m) => say(m), error: (m) => say(m) };

function connect(env: NodeJS.ProcessEnv): Connection | { problem: string } {
  const read = readSettings(env);
  if (!read.ok) return { problem: read.problem };
  const s = read.settings;
  const profile = (env['VOICESMS_PROFILE'] ?? '').trim() || 'VOICESMS_* environment';
  try {
    const client = core.connectClient(
      { baseUrl: s.baseUrl, credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }, logger: stderrLogger, profileName: profile },
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
  const probe = await core.probeConnection(c.client, target);
  if (probe.ok) say(`Connected to ${c.host} (${probe.operation}, ${probe.elapsedMs} ms).`);
  else say(`Cannot use the service at ${c.host}: ${probe.message}`);
}

async function main(): Promise<void> {
  const flags = readFlags(process.argv.slice(2));
  if (flags.unknown > 0) say(`Ignored ${flags.unknown} unknown argument(s); configuration comes from VOICESMS_* environment variables only.`);
  const connection = connect(process.env);
  if ('problem' in connection) say(`${connection.problem} Every tool answers with this error until it is fixed.`);
  const ctx: ServerContext = { connection, allowSend: flags.allowSend };
  const server = createServer(ctx, version);
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    if (!('problem' in connection)) await connection.client.close().catch(() => undefined);
    process.exit(0);
  };
  // The client closing our stdin is how a stdio server is told to stop.
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await server.connect(transport);
  say(`Ready (sending ${flags.allowSend ? 'enabled, each message confirmed by the user' : 'off'}).`);
  if (!('problem' in connection)) void verify(connection).catch((e: unknown) => say(`Connection check failed: ${e instanceof Error ? e.message : String(e)}`));
}

// A failure inside one request must not take the server down with the agent's other calls.
process.on('uncaughtException', (e) => say(`Unexpected error: ${e.message}`));
process.on('unhandledRejection', (e) => say(`Unexpected error: ${e instanceof Error ? e.message : String(e)}`));

void main();
