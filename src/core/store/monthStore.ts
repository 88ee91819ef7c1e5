// Finished months kept on disk across windows. A month the service reports as over never changes, so a new
// window's trend or month view can answer from here without a request. One small file per month:
//   <dir>/<profile hash>-<scope hash>-<YYYYMM>.json
// so a write replaces one whole file (temp + rename, atomic against a crash or another window), a profile is
// cleared by its file-name prefix without reading anything, and the bound counts directory entries and bytes. The
// file holds no profile name, URL or account in clear: only a hash of the scope, checked on every read. What is
// kept is the answer as sent (run through the host's scrub first, so no credential reaches the disk), and a read
// passes it through the same door as a network answer (size cap, envelope, boundary, month parse): a file is
// never trusted more than the service. A file that is too large, does not parse, has another format or version,
// belongs to another scope, or holds a month that was not finished when stored is ignored (the log says so) and
// deleted; the month is asked of the service again and written anew.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { nodeCrypto } from '../nodeBuiltins.js';
import { readCapped } from '../readCapped.js';
import { AnswerBoundary, type SecretMask } from '../boundary.js';
import { OPERATION_MAX_BYTES, type MonthViewResult } from '../client.js';
import { interpretMonthView } from '../api/monthView.js';
import { interpretResponse } from '../api/response.js';
import { addMonths, daysInMonth, monthIdOf } from '../model/month.js';

export const STORE_FORMAT = 'voiceSms.finishedMonth';
/** 2: the answer as sent, parsed again on every read (1 kept the parsed view, trusted as read). */
export const STORE_VERSION = 2;
export const DEFAULT_STORED_MONTHS_LIMIT = 5000;
/**
 * Bytes all stored months may take together (all profiles); the least recently stored go first beyond it. An
 * ordinary month (the demo's, 31 days) is 9-10 KB on disk, so 5,000 of them fit (about 45 MiB); a month at the
 * answer cap (1 MiB) takes up to 2 MiB, so at most 32 of those do.
 */
export const STORED_MONTHS_MAX_BYTES = 64 * 1024 * 1024;
/**
 * One file at most: the answer cap of a month view (OPERATION_MAX_BYTES.calls), which JSON escaping can at most
 * double (XML allows no control character but tab and line breaks), plus the few fields around it. A larger file
 * is not read at all.
 */
export const MAX_STORED_FILE_BYTES = 2 * OPERATION_MAX_BYTES.calls + 4096;
/** Writes wait this long for more months, so a 12-month trend is one batch (default). */
export const DEFAULT_FLUSH_DELAY_MS = 750;
/**
 * The service's day may lag UTC by up to a day (its time zone is not stated): a month whose last day the
 * service reports as its current day is taken as finished only once UTC is a whole day past the month.
 */
const LAST_DAY_MARGIN_MS = 24 * 60 * 60 * 1000;
/**
 * A service day further than this from this computer's clock is not believed (no time zone is more than a day
 * from UTC; a day more for a clock slightly off): a `currentDateID` of 20991231 must not make a month finished.
 */
export const MAX_SERVICE_DAY_SKEW_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

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
 * Whole days between the service's current day and this computer's (UTC) day at `now`; undefined when the
 * service's day is not a calendar date.
 */
export function serviceDaySkew(currentDateId: string, now: number): number | undefined {
  if (!DATE_ID.test(currentDateId)) return undefined;
  const y = Number(currentDateId.slice(0, 4));
  const m = Number(currentDateId.slice(4, 6));
  const d = Number(currentDateId.slice(6, 8));
  const at = Date.UTC(y, m - 1, d);
  const back = new Date(at);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return undefined;
  const today = new Date(now);
  return Math.round((at - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / DAY_MS);
}

/**
 * Why the service's current day is not believed at `now`: not a date; more than MAX_SERVICE_DAY_SKEW_DAYS ahead
 * of this computer's clock; or, in an answer for this computer's month or a later one (where it is today), as far
 * behind. A past month's answer may name an earlier day (the simulator names the month's last day).
 */
function doubtedDay(view: { monthId: string; currentDateId: string }, now: number): string | undefined {
  const skew = serviceDaySkew(view.currentDateId, now);
  if (skew === undefined) return `the service's current day ${view.currentDateId} is not a date`;
  const current = view.monthId >= monthIdOf(new Date(now));
  if (skew <= MAX_SERVICE_DAY_SKEW_DAYS && (!current || skew >= -MAX_SERVICE_DAY_SKEW_DAYS)) return undefined;
  const today = new Date(now).toISOString().slice(0, 10);
  return `the service's current day ${view.currentDateId} is ${Math.abs(skew)} days ${skew > 0 ? 'ahead of' : 'behind'} this computer's clock (${today} UTC), not believed`;
}

/**
 * Why a month may not be kept as finished at `now`, or undefined when it may: the service must report it as over,
 * its current day must be within MAX_SERVICE_DAY_SKEW_DAYS of this computer's clock, and the month must lie
 * before this computer's (UTC) month — whatever the service says, the current month is never stored.
 */
export function notFinishedReason(view: { monthId: string; currentDateId: string }, now: number): string | undefined {
  const doubted = doubtedDay(view, now);
  if (doubted !== undefined) return doubted;
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

/** At most `max` + 1 bytes of a file, whatever its size claims (a growing or special file is not read whole). */
async function readFileCapped(file: string, max: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    return await readCapped(handle, max);
  } finally {
    await handle.close();
  }
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
  /** Files and bytes on disk as far as this store knows (undefined until first counted): the bound is checked cheaply. */
  private count: number | undefined;
  private bytes = 0;
  /** Bumped by every clear: a batch taken before a clear must not write its months back. */
  private generation = 0;
  /** Service days already logged as not believed (one line each, not one per month of a trend). */
  private readonly doubted = new Set<string>();

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
    let bytes: Buffer;
    try {
      bytes = await readFileCapped(path.join(this.dir, name), MAX_STORED_FILE_BYTES);
    } catch {
      return undefined;
    }
    const why = this.check(bytes, scope, monthId);
    if (typeof why === 'string') {
      this.log?.warn(`Stored month ${monthId} (${name}) ignored and deleted: ${why}. It is asked of the service again.`);
      await fs.rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
      this.count = undefined;
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
    const doubted = doubtedDay(result.view, now);
    if (doubted !== undefined) {
      // Logged once per day claimed, not once per month of a trend.
      if (!this.doubted.has(result.view.currentDateId)) {
        if (this.doubted.size < 100) this.doubted.add(result.view.currentDateId);
        this.log?.warn(`Month ${monthId} not stored: ${doubted}.`);
      }
      return false;
    }
    if (notFinishedReason(result.view, now) !== undefined) return false;
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
      // Temp files of an interrupted write go too.
      if (!(FILE_NAME.test(name) || name.endsWith('.tmp')) || !which(name)) continue;
      await fs.rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
      if (FILE_NAME.test(name)) removed++;
    }
    this.count = undefined;
    return removed;
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
    if (utf8Bytes(rawXml) > OPERATION_MAX_BYTES.calls) return `an answer larger than ${OPERATION_MAX_BYTES.calls} bytes`;
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
  private serialise(p: Pending): string {
    const doc: StoredFile = {
      format: STORE_FORMAT,
      version: STORE_VERSION,
      scope: scopeHash(p.scope),
      monthId: p.monthId,
      storedAt: p.storedAt,
      elapsedMs: p.result.elapsedMs,
      rawXml: this.scrub(p.result.rawXml),
    };
    return JSON.stringify(doc);
  }

  private async write(batch: Map<string, Pending>, generation: number): Promise<void> {
    if (batch.size === 0) return;
    // Private to the user: the folder 0700 (also one made by an earlier version), each file 0600.
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await fs.chmod(this.dir, 0o700).catch(() => undefined);
    if (this.count === undefined) await this.measure();
    for (const [name, pending] of batch) {
      if (generation !== this.generation) return;
      const text = this.serialise(pending);
      const size = utf8Bytes(text);
      if (size > MAX_STORED_FILE_BYTES) continue; // never read back: not written
      const target = path.join(this.dir, name);
      const before = await fs.stat(target).then(
        (s) => s.size,
        () => undefined,
      );
      // A unique temp name per write: two windows writing the same month never share one.
      const temp = path.join(this.dir, `${name}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`);
      try {
        await fs.writeFile(temp, text, { encoding: 'utf8', mode: 0o600 });
        await fs.rename(temp, target);
      } catch (e) {
        await fs.rm(temp, { force: true }).catch(() => undefined);
        throw e;
      }
      if (this.count !== undefined) {
        if (before === undefined) this.count++;
        this.bytes += size - (before ?? 0);
      }
    }
    await this.prune();
  }

  /** Counts the files and their bytes (once per store, and after a clear). */
  private async measure(): Promise<{ name: string; at: number; size: number }[]> {
    const aged: { name: string; at: number; size: number }[] = [];
    for (const name of await this.files()) {
      const s = await fs.stat(path.join(this.dir, name)).catch(() => undefined);
      if (s) aged.push({ name, at: s.mtimeMs, size: s.size });
    }
    this.count = aged.length;
    this.bytes = aged.reduce((sum, f) => sum + f.size, 0);
    return aged;
  }

  /**
   * Drops the least recently stored months beyond the limit in entries or in bytes (file modification time is
   * when it was stored).
   */
  private async prune(): Promise<void> {
    if (this.count === undefined || (this.count <= this.limit && this.bytes <= this.maxBytes)) return;
    const aged = await this.measure();
    aged.sort((a, b) => a.at - b.at || (a.name < b.name ? -1 : 1));
    let count = aged.length;
    let bytes = this.bytes;
    for (const f of aged) {
      if (count <= this.limit && bytes <= this.maxBytes) break;
      await fs.rm(path.join(this.dir, f.name), { force: true }).catch(() => undefined);
      count--;
      bytes -= f.size;
    }
    this.count = count;
    this.bytes = bytes;
  }

  private warn(what: string, e: unknown): void {
    // The message may name a path under the user's profile; it holds no secret (names are hashes).
    this.log?.warn(`Stored months: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
