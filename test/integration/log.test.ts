// The log channel must never show a secret: a probe line full of credentials and a phone number is
// written through the extension's own logger, then read back from the channel's log file.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { EXTENSION_ID, LOG_CHANNEL_NAME } from './contract.js';
import { channelFiles, readIfExists } from './logFile.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';

async function waitForLine(api: Partial<VoiceSmsTestApi>, marker: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let files: vscode.Uri[] = [];
  while (Date.now() < deadline) {
    files = await channelFiles(api);
    for (const f of files) {
      const line = (await readIfExists(f))?.split('\n').find((l) => l.includes(marker));
      if (line) return line;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `the probe line never reached the "${LOG_CHANNEL_NAME}" channel (looked in: ${files.map((f) => f.fsPath).join(', ') || 'no file found'})`,
  );
}

describe('log channel', () => {
  let api: Partial<VoiceSmsTestApi>;

  before(async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = ((await ext.activate()) ?? {}) as Partial<VoiceSmsTestApi>;
  });

  it('masks credentials, known secrets and phone numbers in what the channel shows', async () => {
    assert.equal(typeof api.log?.info, 'function', 'activate() must return { log } (the redacting logger) for tests');
    const secret = `Sk-${randomBytes(12).toString('hex')}`;
    const basic = Buffer.from(`DEMO-ACCESS-KEY:${secret}`).toString('base64');
    const signature = randomBytes(32).toString('base64');
    const phone = '+4915112345678';
    const marker = `redaction-probe-${randomBytes(4).toString('hex')}`;
    api.log!.addSecret?.(secret);
    api.log!.info(
      `${marker} Authorization: Basic ${basic} Signature: ${signature} secretAccessKey=${secret} to=${phone} body={"secret":"${secret}"}`,
    );

    const line = await waitForLine(api, marker);
    for (const [what, value] of [
      ['secret', secret],
      ['basic credentials', basic],
      ['signature', signature],
      ['full phone number', phone],
    ] as const) {
      assert.ok(!line.includes(value), `the ${what} reached the log: ${line}`);
    }
  });

  it('is opened by voiceSms.showLog', async () => {
    // Resolves only when the command exists and its handler does not throw.
    await vscode.commands.executeCommand('voiceSms.showLog');
  });
});
