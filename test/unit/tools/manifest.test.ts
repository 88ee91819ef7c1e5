// package.json's languageModelTools and their package.nls.json titles are the specs' chat door: a drift in a
// name, a title, a description, an input schema or a limit between them and src/tools/specs fails here, naming
// the field (the MCP door registers the specs themselves). `npm run tools:manifest` rewrites both from the specs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { MAX_SEGMENTS, maxBodyUnits } from '../../../src/core/sms/segments.js';
import { CHAT_DOOR, MCP_DOOR, TOOL_SPECS } from '../../../src/tools/index.js';
import { chatManifestEntry, chatNlsEntries, isChatNlsKey } from '../../../src/tools/manifest.js';

const root = join(__dirname, '..', '..', '..');

interface Entry {
  name: string;
  [field: string]: unknown;
}

function manifest(): { tools: Entry[]; settings: Record<string, { maximum?: number; default?: number }> } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    contributes: { languageModelTools: Entry[]; configuration: { properties: Record<string, { maximum?: number }> }[] };
  };
  const settings = Object.assign({}, ...pkg.contributes.configuration.map((g) => g.properties)) as Record<string, { maximum?: number }>;
  return { tools: pkg.contributes.languageModelTools, settings };
}

function nls(): Record<string, string> {
  return JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
}

void describe('tool specs and package.json languageModelTools', () => {
  void it('contributes exactly the specs, in their order, with the names the product ships', () => {
    assert.deepEqual(
      manifest().tools.map((t) => t.name),
      TOOL_SPECS.map((s) => s.chatName),
      'package.json languageModelTools differ from src/tools/specs: run npm run tools:manifest',
    );
    // The shipped names, written out here on purpose: a spec renamed by mistake must fail.
    assert.deepEqual(
      TOOL_SPECS.map((s) => s.chatName),
      [
        'voiceSms_getMonthView',
        'voiceSms_getTrend',
        'voiceSms_getDayActivities',
        'voiceSms_getBalance',
        'voiceSms_listInstances',
        'voiceSms_getAccountOverview',
        'voiceSms_sendTestSms',
      ],
    );
    assert.deepEqual(
      TOOL_SPECS.map((s) => s.mcpName),
      ['get_month_view', 'get_trend', 'get_day_activities', 'get_balance', 'list_instances', 'get_account_overview', 'send_test_sms'],
    );
  });

  for (const spec of TOOL_SPECS) {
    void it(`${spec.chatName}: every field of its entry and its titles equal the spec`, () => {
      const entry = manifest().tools.find((t) => t.name === spec.chatName);
      assert.ok(entry, `${spec.chatName} is contributed`);
      const want = chatManifestEntry(spec) as unknown as Record<string, unknown>;
      for (const field of new Set([...Object.keys(want), ...Object.keys(entry)]))
        assert.deepEqual(
          entry[field],
          want[field],
          `package.json ${spec.chatName}.${field} differs from its spec (npm run tools:manifest)`,
        );
      for (const [key, text] of Object.entries(chatNlsEntries(spec)))
        assert.equal(nls()[key], text, `package.nls.json ${key} differs from the spec's chat face (npm run tools:manifest)`);
    });
  }

  void it('package.nls.json holds titles for the specs and no others', () => {
    const want = TOOL_SPECS.flatMap((s) => Object.keys(chatNlsEntries(s))).sort();
    assert.deepEqual(Object.keys(nls()).filter(isChatNlsKey).sort(), want);
  });

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
