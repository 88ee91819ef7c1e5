// package.json's languageModelTools are the specs' chat door: a drift in a name, a description, an input
// schema or a limit between package.json and src/tools/specs fails here (the MCP door registers the specs
// themselves). `npm run tools:manifest` rewrites the entries from the specs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { MAX_SEGMENTS, maxBodyUnits } from '../../../src/core/sms/segments.js';
import { CHAT_TOOLS } from '../../../src/shared/ids.js';
import { CHAT_DOOR, MCP_DOOR, TOOL_SPECS } from '../../../src/tools/index.js';
import { chatManifestEntry } from '../../../src/tools/manifest.js';

const root = join(__dirname, '..', '..', '..');

interface Entry {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
  when?: string;
}

function manifest(): { tools: Entry[]; settings: Record<string, { maximum?: number; default?: number }> } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    contributes: { languageModelTools: Entry[]; configuration: { properties: Record<string, { maximum?: number }> } };
  };
  return { tools: pkg.contributes.languageModelTools, settings: pkg.contributes.configuration.properties };
}

void describe('tool specs and package.json languageModelTools', () => {
  void it('has one spec per chat tool of ids.ts, with the MCP names of product.md', () => {
    assert.deepEqual(TOOL_SPECS.map((s) => s.chatName).sort(), Object.values(CHAT_TOOLS).sort());
    assert.deepEqual(
      TOOL_SPECS.map((s) => s.mcpName),
      ['get_month_view', 'get_trend', 'get_day_activities', 'get_balance', 'list_instances', 'get_account_overview', 'send_test_sms'],
    );
  });

  for (const spec of TOOL_SPECS) {
    void it(`${spec.chatName}: name, description, input schema and signed-in clause equal the spec`, () => {
      const entry = manifest().tools.find((t) => t.name === spec.chatName);
      assert.ok(entry, `${spec.chatName} is contributed`);
      const want = chatManifestEntry(spec);
      assert.equal(entry.modelDescription, want.modelDescription, `${spec.chatName}.modelDescription differs from its spec`);
      assert.deepEqual(entry.inputSchema, want.inputSchema, `${spec.chatName}.inputSchema differs from its spec`);
      assert.equal(entry.when, want.when, `${spec.chatName}.when`);
    });
  }

  void it('the send limits: one number per door, for the schema and the cap', () => {
    const send = TOOL_SPECS.find((s) => s.key === 'sendTestSms')!;
    // The chat door allows what voiceSms.sms.maxSegments may be set to (the setting narrows it at run time).
    assert.equal(CHAT_DOOR.maxSegments, MAX_SEGMENTS);
    assert.equal(manifest().settings['voiceSms.sms.maxSegments']?.maximum, CHAT_DOOR.maxSegments);
    // The MCP door holds an agent to the setting's default.
    assert.equal(manifest().settings['voiceSms.sms.maxSegments']?.default, MCP_DOOR.maxSegments);
    for (const door of [CHAT_DOOR, MCP_DOOR]) {
      const limits = send.limits(door);
      assert.equal(limits['maxChars'], maxBodyUnits(door.maxSegments), door.kind);
      const body = (send.input(z, door).shape as Record<string, { maxLength?: number | null }>)['body'];
      assert.equal(body?.maxLength, limits['maxChars'], `${door.kind}: the schema's body limit is the cap`);
    }
    const trend = TOOL_SPECS.find((s) => s.key === 'getTrend')!;
    assert.deepEqual(trend.limits(CHAT_DOOR), { defaultMonths: 12, maxMonths: 24 });
  });
});
