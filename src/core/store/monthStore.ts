// Finished months kept on disk across windows. A month the service reports as over never changes, so a new
// window's trend or month view can answer from here without a request. One small file per month:
//   <dir>/<profile hash>-<scope hash>-<YYYYMM>.json
// so a write replaces one whole file (temp + rename, atomic against a crash or another window), a profile is
// cleared by its file-name prefix without reading anything, and the bound counts directory entries. The file
// holds no profile name, URL or account in clear: only a hash of the scope, checked on every read. Every
// string is run through the host's scrub before it is written, so no credential reaches the disk.
// A file that does not parse, has another format or version, or belongs to another scope is ignored (the
// log says so) and deleted; the month is asked of the service again and written anew.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { nodeCrypto } from '../nodeBuiltins.js';
import type { MonthViewResult } from '../client.js';
import { addMonths, daysInMonth } from '../model/month.js';

export const STORE_FORMAT = 'voiceSms.finishedMonth';
export const STORE_VERSION = 1;
export const DEFAULT_STORED_MONTHS_LIMIT = 5000;
/** Writes wait this long for more months, so a 12-month trend is one batch (default). */
export const DEFAULT_FLUSH_DELAY_MS = 750;
/**
 * The service's day may lag UTC by up to a day (its time zone is not stated): a month whose last day the
 * service reports as its current day is taken as finished only once UTC is a whole day past the month.
 */
const LAST_DAY_MARGIN_MS = 24 * 60 * 60 * 1000;

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
  /** Off: nothing is read or kept (clearing still works). Read at each call: a setting. */
  enabled?: () => boolean;
  /** Masks every known secret in a string (the log's redact). */
  scrub: (text: string) => string;
  log?: MonthStoreLog;
  flushDelayMs?: number;
  now?: () => number;
}

interface StoredFile {
  format: string;
  version: number;
  scope: string;
  monthId: string;
  storedAt: number;
  result: MonthViewResult;
}

const MONTH_ID = /^\d{6}$/;
const FILE_NAME = /^[0-9a-f]{16}-[0-9a-f]{16}-\d{6}\.json$/;

/**
 * True when the month's answer can no longer change: the service's current day lies after the month, or is its
 * last day while UTC is already a day past the month (the simulator reports a past month that way).
 */
export function isFinishedMonth(view: { monthId: string; currentDateId: string }, now: number): boolean {
  const { monthId, currentDateId } = view;
  if (!MONTH_ID.test(monthId) || !/^\d{8}$/.test(currentDateId)) return false;
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

/** The shape a month must have to be shown; anything else in a file is treated as corrupt. */
function looksLikeResult(r: unknown, monthId: string): r is MonthViewResult {
  if (typeof r !== 'object' || r === null) return false;
  const { view, envelope, rawXml, elapsedMs } = r as Partial<MonthViewResult>;
  return (
    typeof rawXml === 'string' &&
    typeof elapsedMs === 'number' &&
    typeof envelope === 'object' &&
    envelope !== null &&
    typeof envelope.status === 'object' &&
    typeof envelope.service === 'object' &&
    typeof view === 'object' &&
    view !== null &&
    view.monthId === monthId &&
    typeof view.currentDateId === 'string' &&
    Array.isArray(view.days) &&
    Array.isArray(view.missingDays) &&
    Array.isArray(view.warnings) &&
    typeof view.totals === 'object' &&
    view.totals !== null
  );
}

export class MonthStore {
  private readonly dir: string;
  private readonly scrub: (text: string) => string;
  private readonly log: MonthStoreLog | undefined;
  private readonly flushDelayMs: number;
  private readonly now: () => number;
  private readonly limitOf: () => number;
  private readonly enabled: () => boolean;
  /** Scrubbed months waiting for the next batch, by file name (read back before they reach the disk). */
  private readonly pending = new Map<string, string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Files on disk as far as this store knows (undefined until first counted): the bound is checked cheaply. */
  private count: number | undefined;
  /** Bumped by every clear: a batch taken before a clear must not write its months back. */
  private generation = 0;

  constructor(options: MonthStoreOptions) {
    this.dir = options.dir;
    this.scrub = options.scrub;
    this.log = options.log;
    this.flushDelayMs = options.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS;
    this.now = options.now ?? Date.now;
    const limit = options.limit ?? DEFAULT_STORED_MONTHS_LIMIT;
    this.limitOf = typeof limit === 'number' ? () => limit : limit;
    this.enabled = options.enabled ?? (() => true);
  }

  private get limit(): number {
    return Math.max(0, Math.floor(this.limitOf()));
  }

  /** The stored month, or undefined (not stored, unreadable, foreign: the latter two are logged and deleted). */
  async get(scope: MonthScope, monthId: string): Promise<MonthViewResult | undefined> {
    if (!this.enabled() || this.limit === 0 || !MONTH_ID.test(monthId)) return undefined;
    const name = fileName(scope, monthId);
    const waiting = this.pending.get(name);
    let text: string;
    if (waiting !== undefined) text = waiting;
    else {
      try {
        text = await fs.readFile(path.join(this.dir, name), 'utf8');
      } catch {
        return undefined;
      }
    }
    const why = this.check(text, scope, monthId);
    if (typeof why === 'string') {
      this.log?.warn(`Stored month ${monthId} (${name}) ignored and deleted: ${why}. It is asked of the service again.`);
      await fs.rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
      return undefined;
    }
    return why.result;
  }

  /**
   * Keeps `result` if its month is finished (else does nothing); written in the next batch, off the caller's
   * path. Returns whether it was taken.
   */
  put(scope: MonthScope, monthId: string, result: MonthViewResult): boolean {
    if (!this.enabled() || this.limit === 0 || !MONTH_ID.test(monthId) || result.view.monthId !== monthId) return false;
    if (!isFinishedMonth(result.view, this.now())) return false;
    const doc: StoredFile = {
      format: STORE_FORMAT,
      version: STORE_VERSION,
      scope: scopeHash(scope),
      monthId,
      storedAt: this.now(),
      // The envelope without its parsed <result> tree: the view holds its figures and rawXml the answer as sent.
      result: {
        view: result.view,
        envelope: { status: result.envelope.status, service: result.envelope.service, result: undefined },
        elapsedMs: result.elapsedMs,
        rawXml: result.rawXml,
      },
    };
    // Every string (figures' labels, warnings, envelope texts, the raw answer) through the same scrub as the log.
    const text = JSON.stringify(doc, (_key, value: unknown) => (typeof value === 'string' ? this.scrub(value) : value));
    this.pending.set(fileName(scope, monthId), text);
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

  private check(text: string, scope: MonthScope, monthId: string): StoredFile | string {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return 'not valid JSON';
    }
    if (typeof doc !== 'object' || doc === null) return 'not a stored month';
    const d = doc as Partial<StoredFile>;
    if (d.format !== STORE_FORMAT) return 'another format';
    if (d.version !== STORE_VERSION) return `format version ${String(d.version)}, expected ${STORE_VERSION}`;
    if (d.scope !== scopeHash(scope) || d.monthId !== monthId) return 'another profile, account or instance';
    if (!looksLikeResult(d.result, monthId)) return 'not a month view';
    return d as StoredFile;
  }

  private async write(batch: Map<string, string>, generation: number): Promise<void> {
    if (batch.size === 0) return;
    await fs.mkdir(this.dir, { recursive: true });
    for (const [name, text] of batch) {
      if (generation !== this.generation) return;
      const target = path.join(this.dir, name);
      const existed = await fs.stat(target).then(
        () => true,
        () => false,
      );
      // A unique temp name per write: two windows writing the same month never share one.
      const temp = path.join(this.dir, `${name}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`);
      try {
        await fs.writeFile(temp, text, 'utf8');
        await fs.rename(temp, target);
      } catch (e) {
        await fs.rm(temp, { force: true }).catch(() => undefined);
        throw e;
      }
      if (!existed && this.count !== undefined) this.count++;
    }
    await this.prune();
  }

  /** Drops the least recently stored months beyond the limit (file modification time is when it was stored). */
  private async prune(): Promise<void> {
    if (this.count === undefined) this.count = (await this.files()).length;
    if (this.count <= this.limit) return;
    const names = await this.files();
    const aged: { name: string; at: number }[] = [];
    for (const name of names) {
      const at = await fs.stat(path.join(this.dir, name)).then(
        (s) => s.mtimeMs,
        () => undefined,
      );
      if (at !== undefined) aged.push({ name, at });
    }
    aged.sort((a, b) => a.at - b.at || (a.name < b.name ? -1 : 1));
    const drop = aged.slice(0, Math.max(0, aged.length - this.limit));
    for (const { name } of drop) await fs.rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
    this.count = aged.length - drop.length;
  }

  private warn(what: string, e: unknown): void {
    // The message may name a path under the user's profile; it holds no secret (names are hashes).
    this.log?.warn(`Stored months: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
