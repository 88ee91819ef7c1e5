// contributes.languageModelTools: exactly the tools the product ships (written out below: the contract),
// each complete enough for chat (# reference, descriptions, an object schema whose required fields
// exist), its titles in package.nls.json and what the model reads in literal English.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MAX_SEGMENTS, maxBodyUnits } from '../../../src/core/sms/segments.js';

const root = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { languageModelTools?: Tool[] } };
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

interface Tool {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  userDescription: string;
  modelDescription: string;
  icon: string;
  inputSchema: { type: string; properties: Record<string, { type: string; description?: string }>; required?: string[] };
}

const tools = pkg.contributes.languageModelTools ?? [];

/** The shipped chat tool names, written out on purpose (an independent expectation, not the specs). */
const CHAT_TOOLS = {
  getMonthView: 'voiceSms_getMonthView',
  getTrend: 'voiceSms_getTrend',
  getDayActivities: 'voiceSms_getDayActivities',
  getBalance: 'voiceSms_getBalance',
  listInstances: 'voiceSms_listInstances',
  getAccountOverview: 'voiceSms_getAccountOverview',
  sendTestSms: 'voiceSms_sendTestSms',
} as const;
const text = (v: string): string => {
  const m = /^%(.+)%$/.exec(v);
  return m?.[1] ? (nls[m[1]] ?? '') : v;
};

void describe('manifest: chat tools', () => {
  void it('contributes exactly the tools the product ships', () => {
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.values(CHAT_TOOLS).sort());
  });

  void it('gives each a reference name, localised descriptions and an object schema', () => {
    const refs = new Set<string>();
    for (const t of tools) {
      assert.match(t.toolReferenceName, /^[A-Za-z][\w]*$/, t.name);
      assert.ok(!refs.has(t.toolReferenceName), `duplicate reference ${t.toolReferenceName}`);
      refs.add(t.toolReferenceName);
      assert.equal(t.canBeReferencedInPrompt, true, t.name);
      for (const k of ['displayName', 'userDescription'] as const) {
        assert.match(t[k], /^%tool\.\w+\.\w+%$/, `${t.name}.${k} comes from package.nls.json`);
        assert.ok(text(t[k]).length > 10, `${t.name}.${k}`);
      }
      // What the model reads is literal English: a translation must not change how a tool is used.
      assert.doesNotMatch(t.modelDescription, /%/, `${t.name}.modelDescription is literal`);
      assert.ok(t.modelDescription.length > 60, `${t.name}.modelDescription`);
      for (const [k, p] of Object.entries(t.inputSchema.properties))
        assert.doesNotMatch(p.description ?? '', /^%/, `${t.name}.${k} is literal`);
      assert.match(t.icon, /^\$\([\w-]+\)$/, t.name);
      assert.equal(t.inputSchema.type, 'object', t.name);
      for (const r of t.inputSchema.required ?? []) assert.ok(r in t.inputSchema.properties, `${t.name}: ${r}`);
      for (const [k, p] of Object.entries(t.inputSchema.properties))
        assert.ok(p.description && text(p.description).length > 5, `${t.name}.${k}`);
    }
  });

  void it('takes the inputs the product ships', () => {
    const props = (name: string): string[] => Object.keys(tools.find((t) => t.name === name)?.inputSchema.properties ?? {}).sort();
    assert.deepEqual(props(CHAT_TOOLS.getMonthView), ['instanceId', 'monthId']);
    assert.deepEqual(props(CHAT_TOOLS.getTrend), ['endMonthId', 'instanceId', 'months']);
    assert.deepEqual(props(CHAT_TOOLS.getDayActivities), ['dateId', 'instanceId']);
    assert.deepEqual(props(CHAT_TOOLS.getBalance), []);
    assert.deepEqual(props(CHAT_TOOLS.listInstances), []);
    assert.deepEqual(props(CHAT_TOOLS.sendTestSms), ['body', 'from', 'to']);
    const schema = (name: string, prop: string): Record<string, unknown> =>
      tools.find((t) => t.name === name)?.inputSchema.properties[prop] ?? {};
    // Checked by the editor before invoke: an id with a slash, a date in another shape, a body no SMS can carry.
    const instancePattern = new RegExp(String(schema(CHAT_TOOLS.getMonthView, 'instanceId')['pattern']));
    assert.ok(
      instancePattern.test('VI-123') &&
        !instancePattern.test('VI/1') &&
        !instancePattern.test('..') &&
        !instancePattern.test('x'.repeat(129)),
    );
    // A date as a string in either spelling, or its digits as a number (src/tools/args.ts).
    const [dateText, dateNumber] = (schema(CHAT_TOOLS.getDayActivities, 'dateId')['anyOf'] ?? []) as Array<Record<string, unknown>>;
    const datePattern = new RegExp(String(dateText?.['pattern']));
    assert.deepEqual(
      ['20241003', '2024-10-03', '2024-1003', '20241303', '20241032', '2024103'].map((d) => datePattern.test(d)),
      [true, true, false, false, false, false],
    );
    assert.deepEqual([dateNumber?.['type'], dateNumber?.['minimum'], dateNumber?.['maximum']], ['integer', 10000101, 99991231]);
    assert.equal(schema(CHAT_TOOLS.sendTestSms, 'body')['maxLength'], maxBodyUnits(MAX_SEGMENTS));
    const send = tools.find((t) => t.name === CHAT_TOOLS.sendTestSms)?.modelDescription ?? '';
    assert.match(send, /only when the user explicitly asks to send an SMS now/);
    for (const [name, others] of [
      [CHAT_TOOLS.getMonthView, [CHAT_TOOLS.getTrend, CHAT_TOOLS.getDayActivities]],
      [CHAT_TOOLS.getTrend, [CHAT_TOOLS.getMonthView]],
      [CHAT_TOOLS.getDayActivities, [CHAT_TOOLS.getMonthView]],
    ] as const) {
      const d = tools.find((t) => t.name === name)?.modelDescription ?? '';
      for (const o of others) assert.ok(d.includes(o), `${name} says when ${o} fits better`);
    }
    const months = tools.find((t) => t.name === CHAT_TOOLS.getTrend)?.inputSchema.properties['months'] as unknown as {
      default: number;
      maximum: number;
    };
    assert.deepEqual([months.default, months.maximum], [12, 24]);
  });
});
