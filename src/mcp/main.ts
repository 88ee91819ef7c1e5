// `node dist/mcp.js [--allow-send] [--max-sends-per-hour N] [--demo]`: the Voice & SMS tools as a stdio MCP
// server for any agent. stdout carries only the protocol; everything for people goes to stderr (--help and
// --version print on stdout and exit 0). A wrong command line, and a base URL no request could use (none, or plain
// http:// to another host), stop the start (nothing else would tell the user); any other bad configuration or
// failed request does not: each tool then answers with the reason.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from '../core/index.js';
import { connectProblem, ENV, readFlags, readSettings, type McpSettings } from './config.js';
import type { Demo } from './demo.js';
import type { Connection, ServerContext } from './context.js';
import { core } from './core.js';
import { stateFolder } from './sendLog.js';
import { createServer, SERVER_NAME } from './server.js';
import { resolveCredentialReferences } from './envReferences.js';
import { fatalStartupProblem } from './startupCheck.js';
import { settingNames, type SettingNames } from './settingNames.js';
import { HELP_FLAGS, helpText, VERSION_FLAGS } from './usage.js';

declare const VOICESMS_MCP_VERSION: string | undefined;
// Set by esbuild.mjs from package.json; `npm run mcp` runs the source.
const version = typeof VOICESMS_MCP_VERSION === 'string' ? VOICESMS_MCP_VERSION : '0.0.0-dev';

/** How long after the agent's initialization the credentials are checked. */
const CHECK_DELAY_MS = 300;

/** False once stderr has failed (its reader is gone): a failed write must not become another line to write. */
let stderrOpen = true;
process.stderr.on('error', () => (stderrOpen = false));
function say(line: string): void {
  if (stderrOpen) process.stderr.write(`[${SERVER_NAME}] ${line}\n`);
}

/** Core log lines worth a person's attention; the core never logs a credential. */
const stderrLogger: Logger = { trace() {}, debug() {}, info() {}, warn: (m) => say(m), error: (m) => say(m) };

/** The client for the settings (this loads the core); a base URL or credential the core refuses is the problem. */
function connect(s: McpSettings, profile: string, env: NodeJS.ProcessEnv, names: SettingNames): Connection | { problem: string } {
  try {
    const client = core().connectClient(
      {
        baseUrl: s.baseUrl,
        credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
        auth: s.auth,
        ...(s.defaultRegion !== undefined ? { defaultRegion: s.defaultRegion } : {}),
        logger: stderrLogger,
        profileName: profile,
        // Errors name what this process reads (HTTPS_PROXY, VOICESMS_CA_FILE), not the editor's settings; run from
        // the bundle, the CA file is the form's field.
        advice: names.door === 'bundle' ? { caFile: names.name(ENV.caFile), where: names.where } : 'process',
      },
      // Proxy and extra CAs from the environment (HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS), as a CLI tool would.
      { proxySetting: '', noProxySetting: [], proxyStrictSSL: true, systemCertificates: true, caFile: s.caFile ?? '', env },
    );
    return { client, settings: s, profile, host: new URL(s.baseUrl).host };
  } catch (e) {
    return { problem: connectProblem(e, names) };
  }
}

/** One request at start so a wrong secret is reported at once, not at the first tool call. */
async function verify(c: Connection, names: SettingNames): Promise<void> {
  const target = { accountId: c.settings.accountId, instanceId: c.settings.instances[0] };
  if (!target.accountId && !target.instanceId) {
    say(
      `Started without ${names.name(ENV.accountId)} or ${names.name(ENV.voiceInstances)}: the credentials are checked at the first tool call.`,
    );
    return;
  }
  const probe = await core().probeConnection(c.client, target);
  if (probe.ok) say(`Connected to ${c.host} (${probe.operation}, ${probe.elapsedMs} ms).`);
  else say(`Cannot use the service at ${c.host}: ${probe.message}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // Asked by a person in a terminal, not an agent: printed on stdout, exit 0.
  if (argv.some((a) => HELP_FLAGS.includes(a))) {
    process.stdout.write(helpText(version));
    return;
  }
  if (argv.some((a) => VERSION_FLAGS.includes(a))) {
    process.stdout.write(`${version}\n`);
    return;
  }
  const parsed = readFlags(argv);
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
  // Run from the MCP Bundle, texts name the fields of its form instead of the VOICESMS_* variables.
  const names = settingNames(process.env);
  const fatal = demo ? undefined : fatalStartupProblem(process.env, names);
  if (fatal) {
    say(fatal);
    process.exitCode = 1;
    return;
  }
  const refs = resolveCredentialReferences(process.env);
  const read = demo
    ? { ok: true as const, settings: demo.settings }
    : refs.unresolved.length > 0
      ? { ok: false as const, problem: refs.unresolved.join(' ') }
      : readSettings(refs.env, names);
  const unnamed = names.door === 'bundle' ? 'Voice & SMS extension' : 'VOICESMS_* environment';
  const profile = demo?.profile ?? ((process.env[ENV.profile] ?? '').trim() || unnamed);
  const unusable = (problem: string): void => say(`${problem} Every tool answers with this error until it is fixed.`);
  if (!read.ok) unusable(read.problem);
  // Built on first use (the first tool call, or the check below once the protocol is up): loading the
  // core does not delay the agent's tool list.
  let connection: Connection | { problem: string } | undefined = read.ok ? undefined : { problem: read.problem };
  const connected = (): Connection | { problem: string } => {
    if (connection === undefined && read.ok) {
      connection = connect(read.settings, profile, process.env, names);
      if ('problem' in connection) unusable(connection.problem);
    }
    return connection!;
  };
  const ctx: ServerContext = {
    get connection() {
      return connected();
    },
    allowSend: flags.allowSend,
    names,
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
    // A request or a confirmation still on its way must not keep a server its agent has left: it ends regardless.
    setTimeout(() => process.exit(code), 5_000).unref();
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
    `Ready (sending ${flags.allowSend ? `enabled, each message confirmed by the user, at most ${flags.maxSendsPerHour} per hour and profile` : 'off'}).`,
  );
  if (read.ok) {
    // The credentials are checked once the agent has had its first answers (initialize, tools/list): requiring
    // the core blocks this thread for a moment, which the agent's start should not wait for.
    server.server.oninitialized = () => {
      setTimeout(() => {
        const c = connected();
        if (!('problem' in c))
          void verify(c, names).catch((e: unknown) => say(`Connection check failed: ${e instanceof Error ? e.message : String(e)}`));
      }, CHECK_DELAY_MS);
    };
  }
}

// A failure inside one request must not take the server down with the agent's other calls.
process.on('uncaughtException', (e) => say(`Unexpected error: ${e.message}`));
process.on('unhandledRejection', (e) => say(`Unexpected error: ${e instanceof Error ? e.message : String(e)}`));

void main();
