// In a translated editor the Send Test SMS step that reopens after a refused field is the field's
// own: it is decided from the error's structured field, never from the (translated) wording. Runs
// the real core checks in a child process with every message of l10n/bundle.l10n.json marked up,
// because @vscode/l10n's configuration is global and other unit tests expect English.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');

const SCRIPT = `
import { readFileSync } from 'node:fs';
import { analyzeBody, configureCoreL10n, normalizeE164 } from './src/core/index.js';
import { validateId } from './src/core/model/ids.js';
import { stepOfFailure } from './src/host/sms/smsField.js';
const english = JSON.parse(readFileSync('l10n/bundle.l10n.json', 'utf8'));
const marked = Object.fromEntries(Object.entries(english).map(([k, v]) => [k, '⟦' + (typeof v === 'string' ? v : v.message) + '⟧']));
configureCoreL10n(marked);
const out = [];
const check = (name, f, customFrom = false) => {
  try { f(); out.push({ name, message: 'accepted' }); } catch (e) { out.push({ name, message: e.message, step: stepOfFailure(e, { customFrom }) }); }
};
check('sender', () => validateId('from', ''));
check('typed sender', () => validateId('from', 'a/b'), true);
check('destination', () => normalizeE164('12', 'DE'));
check('body', () => analyzeBody('   '));
console.log(JSON.stringify(out));
`;

void describe('Send Test SMS in a translated editor', () => {
  void it('reopens the refused field’s own step, whatever the language of the message', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: root, timeout: 30_000 });
    const out = JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as { name: string; message: string; step?: string }[];
    const steps = Object.fromEntries(out.map((o) => [o.name, o.step]));
    // The messages really are translated: English patterns over them (/^Invalid to: /, /^Destination/) find nothing.
    for (const o of out) assert.match(o.message, /^⟦/, `${o.name}: ${o.message}`);
    assert.deepEqual(steps, { sender: 'from', 'typed sender': 'customFrom', destination: 'to', body: 'body' });
  });
});
