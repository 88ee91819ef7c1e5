// `npm run simulator -- [--port N] [options]`: serves the simulator on 127.0.0.1 until interrupted and prints
// the three variables the extension can import, each on its own line on stdout, then the control token.
// Everything else (the demo ids, one line per request) goes to stderr, so stdout stays machine-readable.
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_INSTANCES, DEMO_SENDER_IDS, demoInstanceIds, MAX_DEMO_INSTANCES } from './defaults.js';
import { CONTROL_TOKEN_HEADER } from './guard.js';
import { start } from './server.js';
import type { SimulatorOptions } from './types.js';

const USAGE = `Usage: npm run simulator -- [options]
  --port N                   port on 127.0.0.1 (0 or absent: a free port)
  --host H                   listen address (default 127.0.0.1; keep it loopback)
  --access-key-id ID         default: random, printed (new on every start)
  --secret-access-key S      default: random, printed (new on every start)
  --scheme S                 Authorization value of the signed form (default CLOUD-V1)
  --accept-empty-signature   accept the signed form with an empty Signature
  --latency MS               delay every answer
  --instances N              serve VI-DEMO-01 … VI-DEMO-N (default: the demo's ${DEMO_INSTANCES.length})
  --control-token T          the X-Sim-Token the /__sim endpoints require (default: random, printed)
  --quiet                    no request log on stderr
  --help`;

function wholeNumber(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > max) throw new Error(`--${name} must be a whole number from 0 to ${max}.`);
  return n;
}

function optionsFrom(argv: string[]): SimulatorOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'access-key-id': { type: 'string' },
      'secret-access-key': { type: 'string' },
      scheme: { type: 'string' },
      'accept-empty-signature': { type: 'boolean' },
      latency: { type: 'string' },
      instances: { type: 'string' },
      'control-token': { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const opts: SimulatorOptions = {
    port: wholeNumber('port', values.port, 65_535) ?? 0,
    acceptEmptySignature: values['accept-empty-signature'] ?? false,
  };
  // Either given both, or both random (start() draws them): half a fixed pair would be half public.
  const id = values['access-key-id'];
  const secret = values['secret-access-key'];
  if ((id === undefined) !== (secret === undefined))
    throw new Error('Give --access-key-id and --secret-access-key together, or neither (random ones are printed).');
  if (id !== undefined && secret !== undefined) opts.credentials = { accessKeyId: id, secretAccessKey: secret };
  if (values.host !== undefined) opts.host = values.host;
  if (values.scheme !== undefined) opts.authScheme = values.scheme;
  if (values['control-token'] !== undefined) opts.controlToken = values['control-token'];
  const latency = wholeNumber('latency', values.latency, 600_000);
  if (latency !== undefined) opts.latencyMs = latency;
  const instances = wholeNumber('instances', values.instances, MAX_DEMO_INSTANCES);
  if (instances !== undefined) opts.instanceCount = instances;
  if (!values.quiet) opts.log = (line) => console.error(`[simulator] ${line}`);
  return opts;
}

/** "VI-DEMO-01 … VI-DEMO-24", or the one id, or "none". */
function instanceRange(ids: readonly string[]): string {
  if (ids.length === 0) return 'none';
  return ids.length === 1 ? (ids[0] ?? '') : `${ids[0] ?? ''} … ${ids.at(-1) ?? ''}`;
}

async function main(): Promise<void> {
  let opts: SimulatorOptions | 'help';
  try {
    opts = optionsFrom(process.argv.slice(2));
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (opts === 'help') {
    console.log(USAGE);
    return;
  }
  const sim = await start(opts);
  const ids = opts.instanceCount === undefined ? DEMO_INSTANCES : demoInstanceIds(opts.instanceCount);
  console.log(`VOICESMS_BASE_URL=${sim.url}`);
  console.log(`VOICESMS_ACCESS_KEY_ID=${sim.credentials.accessKeyId}`);
  console.log(`VOICESMS_SECRET_ACCESS_KEY=${sim.credentials.secretAccessKey}`);
  console.log(`VOICESMS_SIM_CONTROL_TOKEN=${sim.controlToken}`);
  console.error(
    `[simulator] demo data: ${ids.length} instances ${instanceRange(ids)}; account ${DEMO_ACCOUNTS.join(', ')}; ` +
      `senders ${DEMO_SENDER_IDS.join(', ')}. Fault control: POST /__sim/faults with the header ` +
      `${CONTROL_TOKEN_HEADER}: <VOICESMS_SIM_CONTROL_TOKEN>. Stop with Ctrl+C.`,
  );

  const stop = (signal: string): void => {
    console.error(`[simulator] ${signal}: closing`);
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  const code = (e as { code?: unknown }).code;
  console.error(
    code === 'EADDRINUSE'
      ? 'That port is already in use; pick another with --port or use --port 0.'
      : `Simulator failed to start: ${e instanceof Error ? e.message : String(e)}`,
  );
  process.exitCode = 1;
});
