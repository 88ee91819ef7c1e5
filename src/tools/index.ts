// Every tool, in the order both doors list them. A new tool is one more spec file here (and its test); the
// tool keys, the chat names and package.json's languageModelTools follow from this list.
import { accountOverviewTool } from './specs/accountOverview.js';
import { balanceTool } from './specs/balance.js';
import { dayActivitiesTool } from './specs/dayActivities.js';
import { listInstancesTool } from './specs/listInstances.js';
import { monthViewTool } from './specs/monthView.js';
import { sendTestSmsTool } from './specs/sendTestSms.js';
import { trendTool } from './specs/trend.js';
import type { Door, ToolSpec } from './spec.js';

const SPECS = [monthViewTool, trendTool, dayActivitiesTool, balanceTool, listInstancesTool, accountOverviewTool, sendTestSmsTool] as const;

export const TOOL_SPECS: readonly ToolSpec[] = SPECS;
/** A tool's key, as its spec names it. */
export type ToolKey = (typeof SPECS)[number]['key'];

export function specOf(key: string): ToolSpec {
  const spec = TOOL_SPECS.find((s) => s.key === key);
  if (!spec) throw new Error(`no tool ${key}`);
  return spec;
}

/** The editor's chat door: its names; its send tool's schema allows what voiceSms.sms.maxSegments may be set to. */
export const CHAT_DOOR: Door = {
  kind: 'chat',
  name: (key) => specOf(key).chatName,
  maxSegments: 10,
  regionSetting: 'voiceSms.sms.defaultRegion',
};

/** The MCP door: its names; an agent's test message is held to the extension's default segment limit. */
export const MCP_DOOR: Door = { kind: 'mcp', name: (key) => specOf(key).mcpName, maxSegments: 3, regionSetting: 'VOICESMS_DEFAULT_REGION' };
