// The core's user-facing messages are translatable: with a bundle configured, a real validation
// error from the phone-number code, a real network error from the client and a real "outcome
// unknown" send failure come out translated (placeholders filled); the English text is the bundle
// key and stays as written without a bundle. Runs in a child process, because @vscode/l10n's
// configuration is global and other unit tests expect English. Real loopback sockets only.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');

// A port that was just free (refused), and a server that drops every request once it arrived
// (a send whose outcome is unknown). Both messages are collected in English, then translated.
const SCRIPT = `
import { createServer } from 'node:http';
import { configureCoreL10n, createClient, normalizeE164 } from './src/core/index.js';
const listen = (s) => new Promise((done) => s.listen(0, '127.0.0.1', () => done(s.address().port)));
const spare = createServer();
const closedPort = await listen(spare);
await new Promise((done) => spare.close(done));
const dropping = createServer((req) => req.socket.destroy());
const dropPort = await listen(dropping);
const credentials = { accessKeyId: 'k', secretAccessKey: 's' };
const attempt = async () => {
  const out = {};
  try { normalizeE164('12', 'DE'); } catch (e) { out.phone = e.message; }
  const refused = createClient({ baseUrl: 'http://127.0.0.1:' + closedPort, credentials, retry: { attempts: 1 } });
  try { await refused.getBalance('ACC'); } catch (e) { out.refused = e.message; } finally { await refused.close(); }
  const sender = createClient({ baseUrl: 'http://127.0.0.1:' + dropPort, credentials });
  try { await sender.sendSms({ from: 'VSTK-TEST', to: '+4915123456789', body: 'hi' }); } catch (e) { out.send = e.message; } finally { await sender.close(); }
  return out;
};
const english = await attempt();
configureCoreL10n({
  'Invalid {0}: {1}': 'Ungültig {0}: {1}',
  'is too short for {0}': 'ist zu kurz für {0}',
  'Connection to {0} was refused. Check the host and port of the base URL and that the service is running.': 'Verbindung zu {0} abgelehnt.',
  'The connection to {0} was closed unexpectedly ({1}). A proxy, firewall or the service dropped it; try again.': 'Verbindung zu {0} getrennt ({1}); bitte erneut versuchen.',
  'The connection to {0} was closed unexpectedly ({1}). A proxy, firewall or the service dropped it.': 'Verbindung zu {0} getrennt ({1}).',
  '{0} The outcome of the SMS to {1} is unknown: it may have been sent. Check before resending, because resending could duplicate the message.': '{0} Ob die SMS an {1} ankam, ist unbekannt.',
});
const translated = await attempt();
dropping.closeAllConnections();
await new Promise((done) => dropping.close(done));
console.log(JSON.stringify({ closedPort, dropPort, english, translated }));
`;

interface Messages {
  phone?: string;
  refused?: string;
  send?: string;
}

void describe('core messages through @vscode/l10n', () => {
  void it('are English by default and translated once the host configures a bundle', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: root, timeout: 30_000 });
    const out = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { closedPort: number; dropPort: number; english: Messages; translated: Messages };
    const { english, translated, closedPort, dropPort } = out;

    assert.equal(english.phone, 'Invalid to: is too short for DE (+49)');
    assert.equal(
      english.refused,
      `Connection to 127.0.0.1:${closedPort} was refused. Check the host and port of the base URL and that the service is running.`,
    );
    // For a send, the transport's "try again" advice is left out: resending could duplicate the SMS.
    assert.match(
      english.send ?? '',
      new RegExp(
        `^The connection to 127\\.0\\.0\\.1:${dropPort} was closed unexpectedly \\(\\w+\\)\\. A proxy, firewall or the service dropped it\\. ` +
          'The outcome of the SMS to \\+49\\d+\\*+\\d+ is unknown: it may have been sent\\. Check before resending, because resending could duplicate the message\\.$',
      ),
    );

    assert.equal(translated.phone, 'Ungültig to: ist zu kurz für DE (+49)');
    assert.equal(translated.refused, `Verbindung zu 127.0.0.1:${closedPort} abgelehnt.`);
    // The advice-free variant is a message of its own, so it is dropped in any language.
    assert.match(translated.send ?? '', new RegExp(`^Verbindung zu 127\\.0\\.0\\.1:${dropPort} getrennt \\(\\w+\\)\\. Ob die SMS an \\+49\\d+\\*+\\d+ ankam, ist unbekannt\\.$`));
    assert.doesNotMatch(translated.send ?? '', /erneut/);
  });
});
