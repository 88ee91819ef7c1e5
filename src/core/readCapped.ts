// Reads at most `max` + 1 bytes from an open file, whatever its size claims: a growing or special file (a FIFO,
// /dev/zero) is not read whole, and one byte more than the cap tells the caller the file is over it.
import type { FileHandle } from 'node:fs/promises';

export async function readCapped(handle: FileHandle, max: number): Promise<Buffer> {
  const buffer = Buffer.alloc(max + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
