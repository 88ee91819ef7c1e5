// The server's resources: what a client may read and attach without a tool call, each read through the tool that
// answers the same question (its run, checks and masking, server.ts), as that tool's structured result in JSON. A read
// the tool would refuse fails with the tool's own sentence and kind (results.ts RequestRefusal).
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolKey } from '../tools/index.js';
import { monthForm, type Offers } from './periods.js';
import { RequestRefusal, type Settled } from './results.js';

const INSTANCES_URI = 'voicesms://instances';
const BALANCE_URI = 'voicesms://balance';
const MONTH_URI_TEMPLATE = 'voicesms://instances/{instanceId}/months/{monthId}';

const JSON_TYPE = 'application/json';

/** Runs the tool `key` with `args`, settled (server.ts: the tools' own path). */
type RunTool = (key: ToolKey, args: Record<string, unknown>, signal: AbortSignal) => Promise<Settled>;

/** The tool's structured result as the resource's one JSON text, or its refusal thrown. */
function contents(uri: URL, s: Settled): ReadResourceResult {
  if ('failed' in s) throw new RequestRefusal(s.failed.kind, s.failed.message);
  return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(s.ok.data) }] };
}

/** One variable of the address, percent-decoded; one that does not decode is refused. */
function variable(value: string | string[] | undefined, name: string): string {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new RequestRefusal('validation', `${name} in the address is not valid percent-encoding.`);
  }
}

export function registerResources(server: McpServer, run: RunTool, offers: Offers): void {
  server.registerResource(
    'instances',
    INSTANCES_URI,
    {
      title: 'Voice instances and sender IDs',
      description:
        'The profile this server is configured with: its name, the service host, the account, the voice instance IDs and the SMS sender IDs (what list_instances returns).',
      mimeType: JSON_TYPE,
    },
    async (uri, extra) => contents(uri, await run('listInstances', {}, extra.signal)),
  );

  server.registerResource(
    'balance',
    BALANCE_URI,
    {
      title: 'Account balance',
      description:
        'The balance of the configured account, the amount and the currency exactly as the service sent them (what get_balance returns).',
      mimeType: JSON_TYPE,
    },
    async (uri, extra) => contents(uri, await run('getBalance', {}, extra.signal)),
  );

  server.registerResource(
    'month',
    new ResourceTemplate(MONTH_URI_TEMPLATE, {
      // Not listed: an address per instance and month would be endless; completion offers the parts instead.
      list: undefined,
      complete: { instanceId: (typed) => offers.instances(typed), monthId: (typed) => offers.months(typed) },
    }),
    {
      title: 'Month view of a voice instance',
      description:
        'One voice instance for one month (monthId as YYYYMM or YYYY-MM): totals, the change against the previous month, flags and one row per day (what get_month_view returns).',
      mimeType: JSON_TYPE,
    },
    async (uri, variables, extra) => {
      const instanceId = variable(variables['instanceId'], 'instanceId');
      const month = monthForm('monthId', variable(variables['monthId'], 'monthId'));
      if ('problem' in month) throw new RequestRefusal('validation', month.problem);
      return contents(uri, await run('getMonthView', { instanceId, monthId: month.id }, extra.signal));
    },
  );
}
