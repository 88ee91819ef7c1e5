// The bytes of a list file chosen for Add Voice Instance (Import from File…, or a program's `file` argument): at
// most the list's cap plus one byte, whatever the file's size claims — a FIFO, /dev/zero or a file still growing
// says 0 or too little — and only from a regular file (opened without waiting, so a FIFO with no writer cannot
// hang the command). No vscode: unit-tested in plain Node.
import { constants, promises as fs } from 'node:fs';
import * as l10n from '@vscode/l10n';
import { MAX_LIST_BYTES } from '../../core/model/idList.js';
import { readCapped } from '../../core/readCapped.js';

/** Up to MAX_LIST_BYTES + 1 bytes of `file` (one more than the cap: the caller then refuses it as too large). */
export async function readListFileBytes(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) throw new RangeError(l10n.t('The file is not a regular file; choose a text or CSV file.'));
    return await readCapped(handle, MAX_LIST_BYTES);
  } finally {
    await handle.close();
  }
}
