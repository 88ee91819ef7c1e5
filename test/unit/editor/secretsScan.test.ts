// The e2e runner's last step, the secrets scan, on a planted editor tree: it finds the secret, the basic
// credential, a Signature and a destination number wherever the editor may write them, and allows them
// only in SecretStorage rows and the extension's SMS records.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { credentialNeedles, scanForSecrets } from '../../../scripts/editor/secretsScan.js';

const SECRET = 'sk-planted-secret-0123456789';
const NEEDLES = [...credentialNeedles('AKID', SECRET), { label: 'destination number', value: '+4915123456789' }];
const root = mkdtempSync(join(tmpdir(), 'vstk-scan-test-'));
after(() => rmSync(root, { recursive: true, force: true }));

function stateDb(file: string, rows: [string, string][]): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)');
  const insert = db.prepare('INSERT INTO ItemTable (key, value) VALUES (?, ?)');
  for (const [k, v] of rows) insert.run(k, v);
  db.close();
}

void describe('secrets scan', () => {
  void it('allows SecretStorage and the SMS records, nothing else', () => {
    const clean = join(root, 'clean');
    stateDb(join(clean, 'user-data', 'User', 'globalStorage', 'state.vscdb'), [
      [`secret://{"extensionId":"vstk.voice-sms-toolkit","key":"profile"}`, SECRET],
      [
        'vstk.voice-sms-toolkit',
        JSON.stringify({
          'voiceSms.smsHistory.Demo': [{ to: '+4915123456789' }],
          'voiceSms.smsLastSent': { to: '+4915123456789' },
          other: 'fine',
        }),
      ],
    ]);
    writeFileSync(join(clean, 'user-data', 'export.csv'), 'instance,date\r\nVI-1,20240101\r\n');
    assert.deepEqual(scanForSecrets([clean], NEEDLES), []);
  });

  void it('finds each secret wherever else it was written', () => {
    const dirty = join(root, 'dirty');
    mkdirSync(join(dirty, 'logs'), { recursive: true });
    writeFileSync(join(dirty, 'logs', 'exthost.log'), `request failed, secret ${SECRET}\n`);
    writeFileSync(join(dirty, 'logs', 'output.log'), `Authorization: Basic ${Buffer.from(`AKID:${SECRET}`).toString('base64')}\n`);
    writeFileSync(join(dirty, 'clipboard.txt'), `-H 'Signature: ${'A'.repeat(43)}='\n`);
    stateDb(join(dirty, 'workspaceStorage', 'state.vscdb'), [
      ['vstk.voice-sms-toolkit', JSON.stringify({ 'voiceSms.lastExport': '+4915123456789' })],
    ]);
    const labels = scanForSecrets([dirty], NEEDLES)
      .map((f) => f.label)
      .sort();
    assert.deepEqual(labels, ['Signature', 'basic credential', 'destination number', 'secret access key']);
  });
});
