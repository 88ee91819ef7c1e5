// Bench row: the account overview of 200 instances (two months each) at 50 ms per answer, against the ideal the
// scheduler's limit allows: requests ÷ limit × latency. The loader queues everything at once; the ratio shows
// what the queue and the client cost on top of the wire's waves. The simulator runs in its own process, as a
// real service would: in this one its answers' CPU time would be counted as the extension's.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { createClient } from '../src/core/client.js';
import { DEFAULT_MAX_CONCURRENT_REQUESTS } from '../src/core/http/scheduler.js';
import { addMonths, monthIdOf } from '../src/core/model/month.js';
import { demoInstanceIds } from '../src/simulator/defaults.js';
import { loadOverview } from '../src/tools/overview/overviewLoader.js';
import { projectBin } from '../scripts/editor/paths.js';

export const OVERVIEW_ROW = 'overview: 200 instances @50 ms vs ideal';

type Row = (name: string, a: number, b: number, unit: string, note: string, ratio?: number) => void;

/** The simulator CLI in a child process; resolves with its URL and credentials once it printed them. */
export async function simulatorProcess(root: string, args: string[]) {
  const child = spawn(join(projectBin, 'tsx'), [join(root, 'src/simulator/cli.ts'), '--port', '0', '--quiet', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const vars: Record<string, string> = {};
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const m = /^(VOICESMS_[A-Z_]+)=(\S+)$/.exec(line);
    if (m) vars[m[1]!] = m[2]!;
    if (vars['VOICESMS_BASE_URL'] && vars['VOICESMS_ACCESS_KEY_ID'] && vars['VOICESMS_SECRET_ACCESS_KEY']) break;
  }
  return {
    url: vars['VOICESMS_BASE_URL']!,
    credentials: { accessKeyId: vars['VOICESMS_ACCESS_KEY_ID']!, secretAccessKey: vars['VOICESMS_SECRET_ACCESS_KEY']! },
    close: () => void child.kill(),
  };
}

export async function overviewRow(root: string, row: Row, smoke = false): Promise<void> {
  // bench:smoke checks the row runs: 40 instances are enough for that.
  const instances = smoke ? 40 : 200;
  const latencyMs = 50;
  const sim = await simulatorProcess(root, ['--latency', String(latencyMs), '--instances', String(instances)]);
  const client = createClient({ baseUrl: sim.url, credentials: sim.credentials });
  try {
    const ids = demoInstanceIds(instances);
    const month = addMonths(monthIdOf(new Date()), -1);
    // A few requests first: the connections and the code paths are warm, as in a window that has shown views.
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => client.getMonthView(ids[n]!, addMonths(month, -6))));
    let requests = 0;
    let inFlight = 0;
    let peak = 0;
    const source = {
      load: async (i: string, m: string, s: AbortSignal, priority: 'low') => {
        requests++;
        return client.getMonthView(i, m, s, { priority });
      },
    };
    const t = performance.now();
    const result = await loadOverview(
      {
        load: async (i, m, s, p) => {
          peak = Math.max(peak, ++inFlight);
          try {
            return await source.load(i, m, s, p);
          } finally {
            inFlight--;
          }
        },
      },
      ids,
      month,
      { signal: new AbortController().signal },
    );
    const took = performance.now() - t;
    const limit = DEFAULT_MAX_CONCURRENT_REQUESTS;
    const ideal = (requests / limit) * latencyMs;
    row(
      OVERVIEW_ROW,
      ideal,
      took,
      'ms',
      `${smoke ? 'smoke: 40 instances only; ' : ''}target <= 1.3x; ${requests} requests, limit ${limit}, simulator in its own process; ${result.totals.instances} rows loaded`,
    );
  } finally {
    await client.close();
    sim.close();
  }
}
