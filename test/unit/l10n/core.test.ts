// The core's user-facing messages are translatable: with a bundle configured, a real validation
// error from the phone-number code and a real network error from the client come out translated
// (placeholders filled); the English text is the bundle key. Runs in a child process, because
// @vscode/l10n's configuration is global and other unit tests expect English.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');

const SCRIPT = `
import { configureCoreL10n, createClient, normalizeE164 } from './src/core/index.js';
const english = [];
const attempt = async () => {
  const out = [];
  try { normalizeE164('12', 'DE'); } catch (e) { out.push(e.message); }
  const c = createClient({ baseUrl: 'http://127.0.0.1:9', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, retry: { attempts: 1 } });
  try { await c.getBalance('ACC'); } catch (e) { out.push(e.message); } finally { await c.close(); }
  return out;
};
english.push(...await attempt());
configureCoreL10n({
  'Invalid {0}: {1}': 'Ungültig {0}: {1}',
  'is too short for {0}': 'ist zu kurz für {0}',
  'Connection to {0} was refused. Check the host and port of the base URL and that the service is running.': 'Verbindung zu {0} abgelehnt.',
});
console.log(JSON.stringify({ english, translated: await attempt() }));
`;

void describe('core messages through @vscode/l10n', () => {
  void it('are English by default and translated once the host configures a bundle', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: root, timeout: 30_000 });
    const { english, translated } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { english: string[]; translated: string[] };
    assert.equal(english.length, 2, stdout);
    assert.match(english[0] ?? '', /^Invalid to: is too short for DE \(\+49\)$/);
    assert.match(english[1] ?? '', /^Connection to 127\.0\.0\.1:9 was refused\./);
    assert.deepEqual(translated, ['Ungültig to: ist zu kurz für DE (+49)', 'Verbindung zu 127.0.0.1:9 abgelehnt.']);
  });
});
