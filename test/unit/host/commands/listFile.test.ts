// A list file is read up to its cap whatever its size claims, only from a regular file, and only when it is text:
// a FIFO with no writer and /dev/zero are refused at once (not read until memory runs out), a file over the cap is
// refused whole, and a PNG never becomes ids.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodeListFile, MAX_LIST_BYTES, splitPastedList } from '../../../../src/core/model/idList.js';
import { readListFileBytes } from '../../../../src/host/commands/listFile.js';

void describe('list files for Add Voice Instance', () => {
  let dir: string;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-listfile-'));
  });
  after(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  void it('reads a text file whole, and at most one byte past the cap of a larger one', async () => {
    const small = path.join(dir, 'ids.txt');
    await fs.writeFile(small, 'VI-1\nVI-2\n');
    assert.equal(decodeListFile(await readListFileBytes(small)), 'VI-1\nVI-2\n');
    const big = path.join(dir, 'big.txt');
    await fs.writeFile(big, 'x'.repeat(MAX_LIST_BYTES * 3));
    const bytes = await readListFileBytes(big);
    assert.equal(bytes.length, MAX_LIST_BYTES + 1);
    assert.throws(() => decodeListFile(bytes), /larger than 1024 KiB/);
  });

  void it('refuses a FIFO without waiting for a writer, and a device such as /dev/zero', async () => {
    if (process.platform === 'win32') return;
    const fifo = path.join(dir, 'ids.fifo');
    execFileSync('mkfifo', [fifo]);
    const t0 = performance.now();
    await assert.rejects(readListFileBytes(fifo), /not a regular file/);
    assert.ok(performance.now() - t0 < 2000, 'refused at once');
    await assert.rejects(readListFileBytes('/dev/zero'), /not a regular file/);
  });

  void it('a PNG is not a list: refused, where it used to become "valid" ids', () => {
    const png = readFileSync(path.join(__dirname, '../../../../media/icon.png'));
    // What the reader did before: decoded with replacement characters and split like a paste.
    const before = splitPastedList(new TextDecoder('utf-8').decode(png)).length;
    assert.ok(before > 10, `the old path made ${before} entries of it`);
    assert.throws(() => decodeListFile(png), /not UTF-8 text/);
  });

  void it('refuses UTF-8 that holds NUL or other controls, and takes tabs, CRLF, a BOM and non-ASCII ids', () => {
    assert.throws(() => decodeListFile(new TextEncoder().encode('VI-1\u0000VI-2')), /binary data/);
    assert.throws(() => decodeListFile(new TextEncoder().encode('VI-1\u001bVI-2')), /binary data/);
    assert.equal(decodeListFile(new TextEncoder().encode('\uFEFFVI-1\tcaf\u00e9\r\n')), 'VI-1\tcaf\u00e9\r\n', 'the BOM is dropped');
  });
});
