// Where the hourly send cap keeps its count, so that restarting the server does not reset it: one small
// private file per profile (0600 in a 0700 folder) under $XDG_STATE_HOME/voice-sms-toolkit, else
// ~/.local/state/voice-sms-toolkit (Windows: %LOCALAPPDATA%\voice-sms-toolkit). The file holds only the times
// of the sends and prompts of the last hour; its name is a hash, so it says nothing about the account.
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';

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

/** A file can hold at most this many bytes per counted send (a 13-digit time and a comma) before it is refused. */
const BYTES_PER_TIME = 16;

/**
 * The count in a file. A file that is missing, too big or not what this server writes counts as empty and is
 * written anew; one that cannot be written makes save() throw.
 */
export function fileSendLog(file: string, maxTimes: number): SendLog {
  const folder = join(file, '..');
  const cap = 64 + maxTimes * BYTES_PER_TIME;
  return {
    load(): number[] {
      let text: string;
      try {
        const fd = openSync(file, 'r');
        try {
          const buf = Buffer.alloc(cap + 1);
          const n = readSync(fd, buf, 0, buf.length, 0);
          if (n > cap) return [];
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
    },
    save(times): void {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      // Ours alone, even when an older version or a umask made it wider.
      chmodSync(folder, 0o700);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ sends: times }), { mode: 0o600 });
      renameSync(tmp, file);
    },
  };
}
