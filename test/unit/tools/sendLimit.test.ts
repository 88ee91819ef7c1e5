// The MCP door's hourly send cap over a rolling hour, on a clock the test moves.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { HOUR_MS, SendLimit } from '../../../src/mcp/sendLimit.js';
import { fileSendLog, MAX_LOG_BYTES, sendLogFile, stateFolder } from '../../../src/mcp/sendLog.js';
import { toolError } from '../../../src/tools/text/errorText.js';

void describe('SendLimit', () => {
  void it('refuses the send past the cap, names when the next is possible, and frees a slot an hour after its send', () => {
    let now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const limit = new SendLimit(2, () => now);
    limit.reserve();
    now += 10 * 60_000;
    limit.reserve();
    now += 5 * 60_000;
    const refusal = (() => {
      try {
        limit.reserve();
        return undefined;
      } catch (e) {
        return toolError(e);
      }
    })();
    assert.equal(refusal?.kind, 'sendLimit');
    assert.match(refusal?.message ?? '', /asked to confirm 2 messages from this server in the last hour/);
    assert.match(refusal?.message ?? '', /possible at 13:00:00 UTC, in 45 minutes/);
    now = Date.UTC(2026, 10, 26, 12, 0, 0) + HOUR_MS;
    assert.doesNotThrow(() => limit.reserve(), 'the first send is an hour old');
    assert.throws(() => limit.reserve());
  });

  void it('says "1 message" and "1 minute" for one, the plural otherwise', () => {
    const start = Date.UTC(2026, 10, 26, 12, 0, 0);
    let now = start;
    const limit = new SendLimit(1, () => now);
    limit.reserve();
    now = start + HOUR_MS - 30_000;
    const message = (() => {
      try {
        limit.reserve();
        return '';
      } catch (e) {
        return toolError(e).message;
      }
    })();
    assert.match(message, /asked to confirm 1 message from this server in the last hour/);
    assert.match(message, /possible at 13:00:00 UTC, in 1 minute\. /);
  });

  void it('a released slot (nothing sent) is free again at once', () => {
    const limit = new SendLimit(1, () => 0);
    limit.reserve().release();
    const slot = limit.reserve();
    assert.throws(() => limit.reserve());
    slot.release();
    slot.release();
    assert.doesNotThrow(() => limit.reserve());
  });
});

void describe('the send count on disk', () => {
  void it('lives under $XDG_STATE_HOME, else ~/.local/state (Windows: %LOCALAPPDATA%), one hashed file per profile and account', () => {
    assert.equal(stateFolder({ XDG_STATE_HOME: '/x/state' }, 'linux'), '/x/state/voice-sms-toolkit');
    assert.equal(stateFolder({ XDG_STATE_HOME: 'relative' }, 'linux'), `${homedir()}/.local/state/voice-sms-toolkit`);
    assert.equal(stateFolder({ LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, 'win32'), 'C:\\Users\\a\\AppData\\Local\\voice-sms-toolkit');
    const a = sendLogFile('/s', 'Work', 'https://api.example.test/', 'AK1');
    assert.match(a, /sends-[0-9a-f]{24}\.json$/);
    assert.notEqual(a, sendLogFile('/s', 'Home', 'https://api.example.test/', 'AK1'));
    assert.notEqual(a, sendLogFile('/s', 'Work', 'https://api.example.test/', 'AK2'));
  });

  void it('a file larger than any server writes, or not its own shape, counts as empty and is written anew; two limits on one file share the count', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vstk-sendlog-'));
    try {
      const file = join(dir, 'voice-sms-toolkit', 'sends-test.json');
      const now = Date.UTC(2026, 10, 27, 12);
      const first = new SendLimit(2, () => now, fileSendLog(file));
      first.reserve();
      const second = new SendLimit(2, () => now + 1, fileSendLog(file));
      second.reserve();
      assert.throws(() => first.reserve(), /asked to confirm 2 messages/);
      for (const junk of ['x'.repeat(200), '{"sends":"12"}', '<html>', `{"sends":[${now}]}`.padEnd(MAX_LOG_BYTES + 1)]) {
        writeFileSync(file, junk);
        assert.deepEqual(fileSendLog(file).load(), []);
      }
      // The bound is the file's, whoever reads it: the hour of the largest cap (999,999 times of 13 digits) fits.
      assert.ok(MAX_LOG_BYTES >= '{"sends":[]}'.length + 999_999 * `${now},`.length);
      writeFileSync(file, `{"sends":[${now}]}`.padEnd(MAX_LOG_BYTES));
      assert.deepEqual(fileSendLog(file).load(), [now]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("a FIFO in the file's place is not waited on: it counts as empty", { skip: process.platform === 'win32' }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'vstk-sendlog-'));
    try {
      const file = join(dir, 'sends-fifo.json');
      execFileSync('mkfifo', [file]);
      // Opened without O_NONBLOCK, this read would wait for a writer forever, with the server's thread.
      assert.deepEqual(fileSendLog(file).load(), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
