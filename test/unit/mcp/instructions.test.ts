// The instructions follow the list of specs: a spec added or removed changes them, with no word written by hand.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { serverInstructions } from '../../../src/mcp/instructions.js';
import { TOOL_SPECS } from '../../../src/tools/index.js';
import type { ToolSpec } from '../../../src/tools/spec.js';

void it('names every spec by its MCP name, the account overview included', () => {
  const text = serverInstructions(TOOL_SPECS);
  for (const s of TOOL_SPECS) assert.ok(text.includes(s.mcpName), `${s.mcpName}: ${text}`);
  assert.match(text, /get_account_overview \(Account Overview\)/);
});

void it('a spec removed leaves the instructions, a spec added joins them', () => {
  const overview = TOOL_SPECS.find((s) => s.mcpName === 'get_account_overview')!;
  const without = serverInstructions(TOOL_SPECS.filter((s) => s !== overview));
  assert.ok(!without.includes('get_account_overview'), without);
  const added: ToolSpec = { ...overview, key: 'getYearView', mcpName: 'get_year_view', title: 'Voice & SMS: Year View' };
  const withAdded = serverInstructions([...TOOL_SPECS, added]);
  assert.match(withAdded, /get_year_view \(Year View\)/);
  assert.notEqual(withAdded, serverInstructions(TOOL_SPECS));
});

void it('speaks of sending only when the send tool is among the specs', () => {
  const reads = TOOL_SPECS.filter((s) => s.chat.sends !== true);
  assert.doesNotMatch(serverInstructions(reads), /send_test_sms|Send an SMS/);
  assert.match(serverInstructions(TOOL_SPECS), /Send an SMS only when the user explicitly asks/);
});
