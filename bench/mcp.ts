// The MCP server's rows: how long an agent waits from spawning dist/mcp.js to the tool list, and what
// the protocol adds to a month-view call (the same core work done in this process vs through stdio by
// the built server; target <= 1.2x plus one stdio round trip, measured as a call that makes no request).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createClient } from '../src/core/client.js';
import { monthToolResult } from '../src/tools/text/monthText.js';
import { compareMonths } from '../src/shared/comparison.js';
import { asyncMsSideBySide, median } from './measure.js';

type Row = (name: string, a: number, b: number, unit: string, note: string, ratio?: number) => void;

async function spawnServer(mcpJs: string, env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [mcpJs],
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stderr: 'ignore',
    }),
  );
  return client;
}

/**
 * The simulator in a process of its own (npm run simulator), so that neither side of the comparison shares
 * its thread with the service: in-process, building every month answer competed with the direct side only.
 */
async function simulatorProcess(root: string): Promise<{ env: Record<string, string>; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/simulator/cli.ts'), '--port', '0', '--quiet'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const env: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout })) {
    const m = /^(VOICESMS_[A-Z_]+)=(.*)$/.exec(line);
    if (m) env[m[1]!] = m[2]!;
    if (env['VOICESMS_BASE_URL'] && env['VOICESMS_ACCESS_KEY_ID'] && env['VOICESMS_SECRET_ACCESS_KEY']) break;
  }
  delete env['VOICESMS_SIM_CONTROL_TOKEN'];
  return { env, child };
}

export async function mcpRows(root: string, row: Row, bareStartMs: number, smoke: boolean): Promise<void> {
  const mcpJs = join(root, 'dist', 'mcp.js');
  const { env, child } = await simulatorProcess(root);
  const credentials = { accessKeyId: env['VOICESMS_ACCESS_KEY_ID']!, secretAccessKey: env['VOICESMS_SECRET_ACCESS_KEY']! };
  try {
    // 1. Spawn -> initialize -> tools/list answered, vs a bare Node process start.
    const starts: number[] = [];
    for (let i = 0; i < (smoke ? 2 : 7); i++) {
      const t = performance.now();
      const c = await spawnServer(mcpJs, env);
      await c.listTools();
      starts.push(performance.now() - t);
      await c.close();
    }
    row(
      'MCP: bare Node start vs server start -> tools/list',
      bareStartMs,
      median(starts),
      'ms',
      'spawn, initialize, tools/list answered (dist/mcp.js + dist/core.js)',
    );

    // 2. A month-view call through the protocol vs the same core work in this process.
    const core = createClient({ baseUrl: env['VOICESMS_BASE_URL']!, credentials });
    const mcp = await spawnServer(mcpJs, env);
    try {
      const direct = async (): Promise<unknown> => {
        const previous = core.getMonthView('VI-DEMO-01', '202312').then(
          (r) => r.view,
          () => undefined,
        );
        const r = await core.getMonthView('VI-DEMO-01', '202401');
        const before = await previous;
        return monthToolResult('VI-DEMO-01', r.view, before ? compareMonths(r.view, before) : undefined, before?.days);
      };
      const protocol = (): Promise<unknown> =>
        mcp.callTool({ name: 'get_month_view', arguments: { instanceId: 'VI-DEMO-01', monthId: '202401' } });
      const roundTrip = (): Promise<unknown> => mcp.callTool({ name: 'list_instances', arguments: {} });
      const rounds = smoke ? 2 : 15;
      const perRound = smoke ? 5 : 30;
      const ms = await asyncMsSideBySide({ direct, protocol }, rounds, perRound);
      const trip = (await asyncMsSideBySide({ roundTrip }, rounds, perRound)).roundTrip!;
      const limit = 1.2 * ms.direct! + trip;
      row(
        'MCP: month view core direct vs tool call',
        ms.direct!,
        ms.protocol!,
        'ms',
        `target <= 1.2x + stdio round trip (${trip.toFixed(2)} ms) = ${limit.toFixed(2)} ms: ${ms.protocol! <= limit ? 'met' : 'NOT met'}; simulator in its own process; ratio: median of the rounds' own`,
        ms.ratio,
      );

      // 3. The month as a resource (voicesms://instances/{id}/months/{month}) vs the same month as the tool: one core,
      // two doors; the resource answers JSON only, the tool its text and structured result.
      const resource = (): Promise<unknown> => mcp.readResource({ uri: 'voicesms://instances/VI-DEMO-01/months/202401' });
      const doors = await asyncMsSideBySide({ protocol, resource }, rounds, perRound);
      row(
        'MCP: get_month_view vs resources/read of the month',
        doors.protocol!,
        doors.resource!,
        'ms',
        'both through stdio to the built server, the same month; the resource skips the text',
        doors.ratio,
      );
    } finally {
      await mcp.close();
      await core.close();
    }
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}
