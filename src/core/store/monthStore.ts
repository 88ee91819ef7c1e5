// Finished months kept on disk across windows. A month the service reports as over never changes, so a new
// window's trend or month view can answer from here without a request. One small file per month:
//   <dir>/<profile hash>-<scope hash>-<YYYYMM>.json
// so a write replaces one whole file (temp + rename, atomic against a crash or another window), a profile is
// cleared by its file-name prefix without reading anything, and the bound counts directory entries and bytes —
// counted again from the folder at every batch, since other windows write to it too. The
// file holds no profile name, URL or account in clear: only a hash of the scope, checked on every read. What is
// kept is the answer as sent (run through the host's scrub first, so no credential reaches the disk), and a read
// passes it through the same door as a network answer (size cap, envelope, boundary, month parse): a file is
// never trusted more than the service. A file that is not a regular file (a link, a FIFO), is too large, does not
// parse, has another format or version, belongs to another scope, or holds a month that was not finished when
// stored is ignored (the log says so) and deleted; the month is asked of the service again and written anew.
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { nodeCrypto } from '../nodeBuiltins.js';
import { readCapped } from '../readCapped.js';
import { OFF_THREAD_CHARS } from '../answerThread/reader.js';
import { AnswerBoundary, type SecretMask } from '../boundary.js';
import type { MonthViewResult } from '../client.js';
import { interpretMonthView } from '../api/monthView.js';
import { interpretResponse } from '../api/response.js';
import { addMonths, daysInMonth, monthIdOf } from '../model/month.js';
import { doubtedServiceDay, doubtInWords, MAX_SERVICE_DAY_SKEW_DAYS } from '../../shared/serviceDay.js';

const STORE_FORMAT = 'voiceSms.finishedMonth';
/** 2: the answer as sent, parsed again on every read (1 kept the parsed view, trusted as read). */
export const STORE_VERSION = 2;
export const DEFAULT_STORED_MONTHS_LIMIT = 5000;
/**
 * An answer this large (UTF-8 bytes) or larger is not stored, and a stored one is not read. Reading a stored month
 * back scrubs and parses it on the caller's thread, the extension host's: under this size that costs 20 ms at
 * worst, while a month padded to 1 MB held it 143-367 ms on every read. The size is the one from which the client
 * reads a network answer on the answer thread (answerThread/reader.ts). A real month view (31 days of five
 * counters) is about 10 KB, so only a padded answer is refused; it is asked of the service again when needed, and
 * that read happens off the host's thread.
 */
const MAX_STORED_ANSWER_BYTES = OFF_THREAD_CHARS;
/**
 * Bytes all stored months may take together (all profiles); the least recently stored go first beyond it. An
 * ordinary month (the demo's, 31 days) is 9-10 KB on disk, so 5,000 of them fit (about 45 MiB).
 */
const STORED_MONTHS_MAX_BYTES = 64 * 1024 * 1024;
/**
 * One file at most: the largest stored answer, which JSON escaping can at most double (XML allows no control
 * character but tab and line breaks), plus the few fields around it. A larger file is not read at all.
 */
const MAX_STORED_FILE_BYTES = 2 * MAX_STORED_ANSWER_BYTES + 4096;
/** Writes wait this long for more months, so a 12-month trend is one batch (default). */
const DEFAULT_FLUSH_DELAY_MS = 750;
/**
 * The service's day may lag UTC by up to a day (its time zone is not stated): a month whose last day the
 * service reports as its current day is taken as finished only once UTC is a whole day past the month.
 */
const LAST_DAY_MARGIN_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Another store's temp file younger than this may be a write under way (in another window): a clear leaves it.
 * Older ones are what an interrupted write left behind, and go at the next clear or batch.
 */
const STALE_TEMP_MS = 10 * 60 * 1000;
/**
 * Stored files are opened without following a link and without waiting: a FIFO put in the folder would otherwise
 * hold one of libuv's four threads until a writer came, and four of them every file read and DNS lookup of the
 * host. (Windows has neither flag, nor FIFOs in a folder.)
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Whose month: a stored month answers only the same profile, base URL, account and instance. */
export interface MonthScope {
  profile: string;
  baseUrl: string;
  account: string;
  instanceId: string;
}

export interface MonthStoreLog {
  info?(message: string): void;
  warn(message: string): void;
}

export interface MonthStoreOptions {
  dir: string;
  /** Month files kept at most (read at each batch: a setting); the least recently stored go first; 0 keeps none. */
  limit?: number | (() => number);
  /** Bytes kept at most, all files together (default STORED_MONTHS_MAX_BYTES); the least recently stored go first. */
  maxBytes?: number;
  /** Off: nothing is read or kept (clearing still works). Read at each call: a setting. */
  enabled?: () => boolean;
  /** Masks every known secret in a string (the log's redact). */
  scrub: (text: string) => string;
  /** The known secrets as the client's answer boundary takes them (the host's, with `holds`); default: `scrub`. */
  knownSecrets?: SecretMask;
  log?: MonthStoreLog;
  flushDelayMs?: number;
  now?: () => number;
}

/** On disk: the answer as sent and what the request cannot give back (when, how long it took). */
interface StoredFile {
  format: string;
  version: number;
  scope: string;
  monthId: string;
  storedAt: number;
  elapsedMs: number;
  rawXml: string;
}

/** A month taken, waiting for its batch (serialised and scrubbed there, off the caller's path). */
interface Pending {
  scope: MonthScope;
  monthId: string;
  storedAt: number;
  result: MonthViewResult;
}

const MONTH_ID = /^\d{6}$/;
const DATE_ID = /^\d{8}$/;
const FILE_NAME = /^[0-9a-f]{16}-[0-9a-f]{16}-\d{6}\.json$/;

/**
 * True when the month's answer can no longer change: the service's current day lies after the month, or is its
 * last day while UTC is already a day past the month (the simulator reports a past month that way).
 */
export function isFinishedMonth(view: { monthId: string; currentDateId: string }, now: number): boolean {
  const { monthId, currentDateId } = view;
  if (!MONTH_ID.test(monthId) || !DATE_ID.test(currentDateId)) return false;
  try {
    return finishedBy(monthId, currentDateId, now);
  } catch {
    return false; // a month 00 or 13: never stored
  }
}

function finishedBy(monthId: string, currentDateId: string, now: number): boolean {
  const lastDay = `${monthId}${String(daysInMonth(monthId)).padStart(2, '0')}`;
  if (currentDateId > lastDay) return true;
  if (currentDateId !== lastDay) return false;
  const next = addMonths(monthId, 1);
  const nextStart = Date.UTC(Number(next.slice(0, 4)), Number(next.slice(4, 6)) - 1, 1);
  return now >= nextStart + LAST_DAY_MARGIN_MS;
}

/**
 * Why a month may not be kept as finished at `now`, or undefined when it may: the service must report it as over,
 * its current day must be believed (shared/serviceDay.ts: within MAX_SERVICE_DAY_SKEW_DAYS of this computer's
 * clock), and the month must lie before this computer's (UTC) month — whatever the service says, the current month
 * is never stored.
 */
function notFinishedReason(view: { monthId: string; currentDateId: string }, now: number): string | undefined {
  const doubted = doubtedServiceDay(view, now);
  if (doubted !== undefined) return doubtInWords(doubted);
  if (!(view.monthId < monthIdOf(new Date(now)))) return "the month is not over by this computer's clock";
  if (!isFinishedMonth(view, now)) return 'the service does not report the month as finished';
  return undefined;
}

function hash(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('hex');
}

export function profilePrefix(profile: string): string {
  return hash(`profile\0${profile}`).slice(0, 16);
}

function scopeHash(scope: MonthScope): string {
  return hash(JSON.stringify([scope.profile, scope.baseUrl, scope.account, scope.instanceId]));
}

function fileName(scope: MonthScope, monthId: string): string {
  return `${profilePrefix(scope.profile)}-${scopeHash(scope).slice(0, 16)}-${monthId}.json`;
}

/** `text`'s size in UTF-8 without encoding it. */
function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * At most `max` + 1 bytes of a stored file (a file growing while read is not read whole); a string: why it is
 * refused unread (a link, a FIFO or anything else not a regular file, or larger than `max`); undefined: no such
 * file, or it cannot be opened now.
 */
async function readStoredFile(file: string, max: number): Promise<Buffer | string | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, OPEN_FLAGS);
  } catch (e) {
    // O_NOFOLLOW refuses a symbolic link as ELOOP (Linux, macOS) or EMLINK (FreeBSD).
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ELOOP' || code === 'EMLINK' ? 'a symbolic link' : undefined;
  }
  try {
    const s = await handle.stat();
    if (!s.isFile()) return 'not a regular file';
    if (s.size > max) return `larger than ${max} bytes`;
    return await readCapped(handle, max);
  } finally {
    await handle.close();
  }
}

function errorCode(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

export class MonthStore {
  private readonly dir: string;
  private readonly scrub: (text: string) => string;
  private readonly boundary: AnswerBoundary;
  private readonly log: MonthStoreLog | undefined;
  private readonly flushDelayMs: number;
  private readonly now: () => number;
  private readonly limitOf: () => number;
  private readonly maxBytes: number;
  private readonly enabled: () => boolean;
  /** Months waiting for the next batch, by file name (read back before they reach the disk). */
  private readonly pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Bumped by every clear: a batch taken before a clear must not write its months back. */
  private generation = 0;
  /** In this store's temp names: a clear tells its own temp files from another window's. */
  private readonly tag = `${process.pid}-${nodeCrypto().randomBytes(4).toString('hex')}`;
  /** Temp files this store is writing now: a clear in this window leaves them to their write. */
  private readonly writing = new Set<string>();
  /** Service days already logged as not believed, and months too large to keep (one line each, not one per read). */
  private readonly doubted = new Set<string>();
  private readonly oversized = new Set<string>();

  constructor(options: MonthStoreOptions) {
    this.dir = options.dir;
    this.scrub = options.scrub;
    // No credentials of its own: a stored answer is masked with every secret the host knows, as a network one is.
    this.boundary = new AnswerBoundary({ accessKeyId: '', secretAccessKey: '' }, options.knownSecrets ?? { apply: options.scrub });
    this.log = options.log;
    this.flushDelayMs = options.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS;
    this.now = options.now ?? Date.now;
    const limit = options.limit ?? DEFAULT_STORED_MONTHS_LIMIT;
    this.limitOf = typeof limit === 'number' ? () => limit : limit;
    this.maxBytes = options.maxBytes ?? STORED_MONTHS_MAX_BYTES;
    this.enabled = options.enabled ?? (() => true);
  }

  private get limit(): number {
    return Math.max(0, Math.floor(this.limitOf()));
  }

  /** The stored month, or undefined (not stored, or unreadable, foreign, unbelievable: those are logged and deleted). */
  async get(scope: MonthScope, monthId: string): Promise<MonthViewResult | undefined> {
    if (!this.enabled() || this.limit === 0 || !MONTH_ID.test(monthId)) return undefined;
    const name = fileName(scope, monthId);
    const waiting = this.pending.get(name);
    // Taken from the network a moment ago: it passed the client's checks already.
    if (waiting !== undefined) return waiting.result;
    const bytes = await readStoredFile(path.join(this.dir, name), MAX_STORED_FILE_BYTES);
    if (bytes === undefined) return undefined;
    const why = typeof bytes === 'string' ? bytes : this.check(bytes, scope, monthId);
    if (typeof why === 'string') {
      this.log?.warn(`Stored month ${monthId} (${name}) ignored and deleted: ${why}. It is asked of the service again.`);
      await fs.rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
      return undefined;
    }
    return why;
  }

  /**
   * Keeps `result` if its month is finished (else does nothing); serialised, scrubbed and written in the next
   * batch, off the caller's path. Returns whether it was taken.
   */
  put(scope: MonthScope, monthId: string, result: MonthViewResult): boolean {
    if (!this.enabled() || this.limit === 0 || !MONTH_ID.test(monthId) || result.view.monthId !== monthId) return false;
    const now = this.now();
    const doubted = doubtedServiceDay(result.view, now);
    if (doubted !== undefined) {
      // Logged once per day claimed, not once per month of a trend.
      this.once(this.doubted, result.view.currentDateId, `Month ${monthId} not stored: ${doubtInWords(doubted)}.`);
      return false;
    }
    if (notFinishedReason(result.view, now) !== undefined) return false;
    // Length first: a padded answer is not measured byte by byte on the caller's path.
    if (result.rawXml.length >= MAX_STORED_ANSWER_BYTES || utf8Bytes(result.rawXml) >= MAX_STORED_ANSWER_BYTES) {
      this.once(
        this.oversized,
        fileName(scope, monthId),
        `Month ${monthId} not stored: its answer is ${Math.round(utf8Bytes(result.rawXml) / 1024)} KiB, a stored month is under ${MAX_STORED_ANSWER_BYTES / 1024} KiB (reading it back would hold the editor). It is asked of the service when needed.`,
      );
      return false;
    }
    this.pending.set(fileName(scope, monthId), { scope, monthId, storedAt: now, result });
    this.schedule();
    return true;
  }

  /** Writes what is pending now; resolves when it and any earlier batch are on disk. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = new Map(this.pending);
    this.pending.clear();
    const generation = this.generation;
    this.flushing = this.flushing.then(() => this.write(batch, generation)).catch((e: unknown) => this.warn('writing', e));
    return this.flushing;
  }

  /** Deletes every stored month of `profile` (pending ones too). */
  async clearProfile(profile: string): Promise<number> {
    const prefix = `${profilePrefix(profile)}-`;
    for (const name of [...this.pending.keys()]) if (name.startsWith(prefix)) this.pending.delete(name);
    const removed = await this.remove((name) => name.startsWith(prefix));
    if (removed > 0) this.log?.info?.(`Stored months of profile "${profile}" deleted (${removed}).`);
    return removed;
  }

  /** Deletes every stored month of every profile. */
  async clearAll(): Promise<number> {
    this.pending.clear();
    const removed = await this.remove(() => true);
    this.log?.info?.(`Stored months deleted (${removed}).`);
    return removed;
  }

  /** Every stored month file's name (the bench and tests count them). */
  async files(): Promise<string[]> {
    try {
      return (await fs.readdir(this.dir)).filter((n) => FILE_NAME.test(n));
    } catch {
      return [];
    }
  }

  /** Writes what is pending and stops the timer. */
  async dispose(): Promise<void> {
    await this.flush();
  }

  private once(logged: Set<string>, key: string, line: string): void {
    if (logged.has(key)) return;
    if (logged.size < 100) logged.add(key);
    this.log?.warn(line);
  }

  private async remove(which: (name: string) => boolean): Promise<number> {
    this.generation++;
    // A batch under way finishes first, so none of its files is written after the clear.
    await this.flushing;
    let removed = 0;
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      if (!which(name)) continue;
      if (FILE_NAME.test(name)) {
        await fs.rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
        removed++;
      } else if (name.endsWith('.tmp')) {
        // Temp files of an interrupted write go too; not one being written (here or in another window).
        await this.removeTemp(name, Date.now());
      }
    }
    return removed;
  }

  /** Deletes temp file `name` unless a write may still be under way: this store's own, or another's younger than STALE_TEMP_MS. */
  private async removeTemp(name: string, now: number): Promise<void> {
    if (this.writing.has(name)) return;
    const file = path.join(this.dir, name);
    if (!name.includes(`.${this.tag}.`)) {
      const s = await fs.lstat(file).catch(() => undefined);
      if (!s || now - s.mtimeMs < STALE_TEMP_MS) return;
    }
    await fs.rm(file, { force: true }).catch(() => undefined);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.flushDelayMs);
    // A pending batch never keeps a process (a test, the MCP server) alive.
    this.timer.unref?.();
  }

  /** The month a file holds, through the same checks as a network answer, or why it is not one. */
  private check(bytes: Buffer, scope: MonthScope, monthId: string): MonthViewResult | string {
    if (bytes.length > MAX_STORED_FILE_BYTES) return `larger than ${MAX_STORED_FILE_BYTES} bytes`;
    let doc: unknown;
    try {
      doc = JSON.parse(bytes.toString('utf8'));
    } catch {
      return 'not valid JSON';
    }
    if (typeof doc !== 'object' || doc === null) return 'not a stored month';
    const d = doc as Partial<StoredFile>;
    if (d.format !== STORE_FORMAT) return 'another format';
    if (d.version !== STORE_VERSION) return `format version ${String(d.version)}, expected ${STORE_VERSION}`;
    if (d.scope !== scopeHash(scope) || d.monthId !== monthId) return 'another profile, account or instance';
    const { storedAt, elapsedMs, rawXml } = d;
    if (typeof storedAt !== 'number' || !Number.isFinite(storedAt) || storedAt > this.now() + MAX_SERVICE_DAY_SKEW_DAYS * DAY_MS) {
      return 'no believable time of storing';
    }
    if (typeof elapsedMs !== 'number' || !Number.isFinite(elapsedMs) || elapsedMs < 0) return 'no request time';
    if (typeof rawXml !== 'string') return 'no answer';
    if (utf8Bytes(rawXml) >= MAX_STORED_ANSWER_BYTES) return `an answer of ${MAX_STORED_ANSWER_BYTES} bytes or more`;
    let result: MonthViewResult;
    try {
      // The client's own steps for an answer: envelope and status, the boundary's scrub and caps, the month parse.
      // The file's answer is searched once, as a whole, as a network answer is (the parsed values are pieces of it).
      const clean = this.boundary.response({ status: 200, statusText: 'OK', headers: {}, body: rawXml, bytes: utf8Bytes(rawXml) }, []);
      const envelope = interpretResponse(clean, {
        clean: (env, from) => this.boundary.envelope(env, from),
        host: 'stored month',
        method: 'GET',
        path: monthId,
      });
      result = { view: interpretMonthView(envelope, monthId), envelope, elapsedMs, rawXml: clean.body };
    } catch (e) {
      return `not a month view answer (${e instanceof Error ? e.message : String(e)})`;
    }
    // Finished when it was stored, by the rules a new answer meets now.
    const why = notFinishedReason(result.view, storedAt);
    return why === undefined ? result : `not finished when stored: ${why}`;
  }

  /** The file a pending month becomes: every string through the same scrub as the log. */
  private serialise(p: Pending): { text: string; answerBytes: number } {
    const rawXml = this.scrub(p.result.rawXml);
    const doc: StoredFile = {
      format: STORE_FORMAT,
      version: STORE_VERSION,
      scope: scopeHash(p.scope),
      monthId: p.monthId,
      storedAt: p.storedAt,
      elapsedMs: p.result.elapsedMs,
      rawXml,
    };
    return { text: JSON.stringify(doc), answerBytes: utf8Bytes(rawXml) };
  }

  private async write(batch: Map<string, Pending>, generation: number): Promise<void> {
    if (batch.size === 0) return;
    // Private to the user: the folder 0700 (also one made by an earlier version), each file 0600.
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await fs.chmod(this.dir, 0o700).catch(() => undefined);
    for (const [name, pending] of batch) {
      if (generation !== this.generation) return;
      const { text, answerBytes } = this.serialise(pending);
      // Never read back: not written.
      if (answerBytes >= MAX_STORED_ANSWER_BYTES || utf8Bytes(text) > MAX_STORED_FILE_BYTES) continue;
      // A unique temp name per write: two windows writing the same month never share one.
      const tempName = `${name}.${this.tag}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`;
      const temp = path.join(this.dir, tempName);
      this.writing.add(tempName);
      try {
        await fs.writeFile(temp, text, { encoding: 'utf8', mode: 0o600 });
        await fs.rename(temp, path.join(this.dir, name));
      } catch (e) {
        await fs.rm(temp, { force: true }).catch(() => undefined);
        // Its temp file deleted by a clear (another window's, of an earlier version): that month is left out.
        if (errorCode(e) !== 'ENOENT') throw e;
      } finally {
        this.writing.delete(tempName);
      }
    }
    await this.prune();
  }

  /**
   * Drops the least recently stored months beyond the limit in entries or in bytes (file modification time is
   * when it was stored). Counted from the folder at every batch: other windows add to it and drop from it, so a
   * count kept here would drift (several windows, each under the cap, together over it). Temp files an interrupted
   * write left behind go too.
   */
  private async prune(): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    // File times are the system's clock, whatever `now` this store was given.
    const now = Date.now();
    const aged: { name: string; at: number; size: number }[] = [];
    for (const name of names) {
      if (name.endsWith('.tmp')) {
        await this.removeTemp(name, now);
        continue;
      }
      if (!FILE_NAME.test(name)) continue;
      const s = await fs.lstat(path.join(this.dir, name)).catch(() => undefined);
      if (s?.isFile()) aged.push({ name, at: s.mtimeMs, size: s.size });
    }
    let count = aged.length;
    let bytes = aged.reduce((sum, f) => sum + f.size, 0);
    if (count <= this.limit && bytes <= this.maxBytes) return;
    aged.sort((a, b) => a.at - b.at || (a.name < b.name ? -1 : 1));
    for (const f of aged) {
      if (count <= this.limit && bytes <= this.maxBytes) break;
      await fs.rm(path.join(this.dir, f.name), { force: true }).catch(() => undefined);
      count--;
      bytes -= f.size;
    }
  }

  private warn(what: string, e: unknown): void {
    // The message may name a path under the user's profile; it holds no secret (names are hashes).
    this.log?.warn(`Stored months: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
