// Where the hourly send cap keeps its count, so that restarting the server does not reset it: one small
// private file per profile (0600 in a 0700 folder) under $XDG_STATE_HOME/voice-sms-toolkit, else
// ~/.local/state/voice-sms-toolkit (Windows: %LOCALAPPDATA%\voice-sms-toolkit). The file holds only the times
// of the sends and prompts of the last hour; its name is a hash, so it says nothing about the account. Every server
// of the profile reads and keeps the same file, whatever its own --max-sends-per-hour: the cap is the profile's.
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, constants, fstatSync, mkdirSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import { MOST_SENDS_PER_HOUR } from './config.js';

export const STATE_HOME_VAR = 'XDG_STATE_HOME';
const FOLDER = 'voice-sms-toolkit';

/** The times (ms since the epoch) the cap counts, read and written whole. */
export interface SendLog {
  load(): number[];
  /** Throws when the times cannot be kept: the caller then refuses to send rather than forget the count. */
  save(times: readonly number[]): void;
}

/** Only this process: what --demo uses (its simulator sends nothing anywhere). */
export function memorySendLog(): SendLog {
  let kept: number[] = [];
  return {
    load: () => [...kept],
    save: (times) => {
      kept = [...times];
    },
  };
}

/** The folder of the state files, from the environment as the XDG Base Directory spec says. */
export function stateFolder(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): string {
  const paths = platform === 'win32' ? win32 : posix;
  const xdg = env[STATE_HOME_VAR]?.trim() ?? '';
  if (xdg !== '' && paths.isAbsolute(xdg)) return paths.join(xdg, FOLDER);
  const local = env['LOCALAPPDATA']?.trim() ?? '';
  if (platform === 'win32' && local !== '' && paths.isAbsolute(local)) return paths.join(local, FOLDER);
  return paths.join(homedir(), '.local', 'state', FOLDER);
}

/** One file per profile and account: the profile name, base URL and key id, hashed. */
export function sendLogFile(folder: string, profile: string, baseUrl: string, accessKeyId: string): string {
  const key = createHash('sha256').update([profile, baseUrl, accessKeyId].join('\n')).digest('hex').slice(0, 24);
  return join(folder, `sends-${key}.json`);
}

/** What one counted time takes in the file at most: 13 digits and a comma, with room to spare. */
const BYTES_PER_TIME = 16;
/**
 * The largest file any server of this version writes: every time of the last hour under the largest cap the flag
 * accepts. The bound is the file's, not the reading server's: servers of one profile started with different caps share
 * the file, and one with a small cap must read (and keep) what one with a large cap wrote.
 */
export const MAX_LOG_BYTES = 64 + MOST_SENDS_PER_HOUR * BYTES_PER_TIME;

/** The times in a file: [] when it is missing, larger than any server writes, or not what a server writes. */
function readTimes(file: string): number[] {
  let text: string;
  try {
    // Without waiting: a FIFO put in its place must not hold the server (Windows has no such flag, nor FIFOs).
    const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size > MAX_LOG_BYTES) return [];
      const size = stat.size;
      // One byte more than the file said it held: a file that grew past the bound meanwhile is seen to.
      const buf = Buffer.alloc(size + 1);
      let n = 0;
      for (let got = -1; got !== 0 && n < buf.length; n += got) got = readSync(fd, buf, n, buf.length - n, n);
      if (n > MAX_LOG_BYTES) return [];
      text = buf.subarray(0, n).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return [];
  }
  try {
    const parsed = JSON.parse(text) as { sends?: unknown };
    return Array.isArray(parsed.sends) ? parsed.sends.filter((t): t is number => Number.isSafeInteger(t) && t > 0) : [];
  } catch {
    return [];
  }
}

/**
 * The count in a file, whatever cap the server that wrote it had. A file that is missing, larger than any server
 * writes or not what a server writes counts as empty and is written anew; one that cannot be written makes save()
 * throw.
 */
export function fileSendLog(file: string): SendLog {
  const folder = join(file, '..');
  return {
    load: () => readTimes(file),
    save(times): void {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      // Ours alone, even when an older version or a umask made it wider.
      chmodSync(folder, 0o700);
      const tmp = `${file}.${process.pid}.tmp`;
      // The newest times only, should a caller hand more than any cap allows: the file stays within its bound.
      writeFileSync(tmp, JSON.stringify({ sends: times.slice(-MOST_SENDS_PER_HOUR) }), { mode: 0o600 });
      renameSync(tmp, file);
    },
  };
}
