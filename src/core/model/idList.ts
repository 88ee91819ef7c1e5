// Lists of voice instance ids as people bring them: pasted (commas, spaces, new lines) or a file (a text
// list, or a CSV whose first column holds the ids). Splitting and sorting the entries is pure, so the rules
// are unit-tested; whether an entry is an id is the validator's call (validateId), quoted word for word.
import * as l10n from '@vscode/l10n';
import { isVoiceSmsError } from '../errors.js';
import { idKey } from '../../shared/idRules.js';
import { validateId } from './ids.js';

/** One entry of a list as written (trimmed, quotes removed) and the line it starts on (1-based). */
export interface ListEntry {
  text: string;
  line: number;
}

/** Entries one list may hold: the tree is measured at 500 instances; beyond this is a file by mistake. */
export const MAX_LIST_ENTRIES = 1000;
/** Characters one list (a paste or a file) may hold. */
export const MAX_LIST_CHARS = 1024 * 1024;
/** Bytes of a list file read at most (whatever its size claims), as many as the characters: a larger file is refused whole. */
export const MAX_LIST_BYTES = 1024 * 1024;

const BOM = '\uFEFF';

/** Thrown for a list over the limits: nothing of it is used. */
export function checkListSize(chars: number): void {
  if (chars > MAX_LIST_CHARS) {
    throw new RangeError(l10n.t('The list is larger than {0} KiB; split it into smaller lists.', MAX_LIST_CHARS / 1024));
  }
}

/**
 * The text of a list file's bytes, or a RangeError saying why it is not one: over MAX_LIST_BYTES, not UTF-8, or
 * holding characters no text list has (NUL and the other C0 controls but tab, line breaks and form feed; DEL and
 * C1). A PNG or a ZIP fails here instead of becoming "valid" ids.
 */
export function decodeListFile(bytes: Uint8Array): string {
  checkListSize(bytes.length > MAX_LIST_BYTES ? MAX_LIST_CHARS + 1 : 0);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RangeError(l10n.t('The file is not UTF-8 text; choose a text or CSV file.'));
  }
  if (hasBinaryControl(text)) {
    throw new RangeError(l10n.t('The file holds binary data, not a text list; choose a text or CSV file.'));
  }
  return text;
}

/** NUL and the other C0 controls but tab, LF, FF and CR; DEL and the C1 controls. */
function hasBinaryControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** Throws for a list of more than MAX_LIST_ENTRIES entries: nothing of it is used. */
export function checkEntryCount(entries: readonly ListEntry[]): readonly ListEntry[] {
  if (entries.length > MAX_LIST_ENTRIES) {
    throw new RangeError(l10n.t('The list has {0} entries; at most {1} can be added at once.', entries.length, MAX_LIST_ENTRIES));
  }
  return entries;
}

/** `"VI-01"` and `'VI-01'` (a JSON array, a quoted column) stand for VI-01. */
function unquote(token: string): string {
  const first = token[0];
  if (token.length >= 2 && (first === '"' || first === "'") && token.endsWith(first)) return token.slice(1, -1);
  return token;
}

/** A pasted list: entries separated by commas, semicolons, white space or line breaks; `[ ]` around it ignored. */
export function splitPastedList(text: string): ListEntry[] {
  checkListSize(text.length);
  const body = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const entries: ListEntry[] = [];
  let line = 1;
  let start = -1;
  let startLine = 1;
  const flush = (end: number): void => {
    if (start < 0) return;
    const token = unquote(body.slice(start, end));
    if (token !== '') entries.push({ text: token, line: startLine });
    start = -1;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] ?? '';
    // \r\n counts as one line break; a lone \r (old Mac files) as one too.
    const newline = c === '\n' || (c === '\r' && body[i + 1] !== '\n');
    if (c === ',' || c === ';' || c === '[' || c === ']' || /\s/.test(c)) {
      flush(i);
      if (newline) line++;
      continue;
    }
    if (start < 0) {
      start = i;
      startLine = line;
    }
  }
  flush(body.length);
  return [...checkEntryCount(entries)];
}

/** The delimiter of a CSV file: the first of `,` `;` tab outside quotes on its first line (a comma if none). */
function delimiterOf(body: string): string {
  let quoted = false;
  for (const c of body) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) return c;
    else if (!quoted && (c === '\n' || c === '\r')) break;
  }
  return ',';
}

/**
 * The first field of every record of a CSV text (RFC 4180: `"` quotes a field, `""` is a quote inside one,
 * a quoted field may hold delimiters and line breaks; CRLF, LF or CR end a record; a UTF-8 BOM is skipped).
 * Blank records are skipped. Written here rather than taken from a CSV library: only the first column is
 * read, and a general parser would double the size of the command bundle for it.
 */
export function readCsvFirstColumn(text: string): ListEntry[] {
  checkListSize(text.length);
  const body = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const delimiter = delimiterOf(body);
  const entries: ListEntry[] = [];
  let line = 1;
  // The cell being read (of any column), whether it opened with a quote, and the first cell of the record.
  let cell = '';
  let cellQuoted = false;
  let quoted = false;
  let first: string | undefined;
  let recordLine = 1;
  const endCell = (): void => {
    first ??= cell;
    cell = '';
    cellQuoted = false;
  };
  const endRecord = (): void => {
    endCell();
    const value = (first ?? '').trim();
    if (value !== '') entries.push({ text: value, line: recordLine });
    first = undefined;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] ?? '';
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && body[i + 1] !== '\n')) line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && !cellQuoted && cell.trim() === '') {
      cell = '';
      quoted = true;
      cellQuoted = true;
    } else if (c === delimiter) {
      endCell();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += c;
    }
  }
  endRecord();
  return [...checkEntryCount(entries)];
}

/** True for a file name the CSV reader takes (first column); anything else is read as a pasted list. */
export function isCsvName(fileName: string): boolean {
  return /\.(?:csv|tsv)$/i.test(fileName);
}

/** What became of one entry. `notAdded`: a valid new id held back because the list also has invalid ones. */
type EntryOutcome = 'added' | 'notAdded' | 'alreadyListed' | 'repeated' | 'invalid' | 'header';

export interface EntryReport {
  /** The entry as written. */
  text: string;
  line: number;
  outcome: EntryOutcome;
  /** The id (trimmed) when the entry is one. */
  id?: string;
  /** Why an entry is invalid (the validator's sentence) or was taken as a column heading. */
  reason?: string;
}

/** What a list does to the profile: every entry with its outcome, and the ids by outcome. */
export interface InstanceListReport {
  entries: EntryReport[];
  /** Written to the profile by this call. */
  added: string[];
  /** Valid and new, but not written: the list has invalid entries and adding the valid ones was not chosen. */
  notAdded: string[];
  alreadyListed: string[];
  /** Ids given more than once (the first occurrence counts). */
  repeated: string[];
  invalid: { text: string; line: number; reason: string }[];
  /** A file's first row taken as a column heading. */
  header?: { text: string; line: number; reason: string };
}

/** Column headings a CSV export of instances plausibly starts with (compared without case, spaces, `_` and `-`). */
const HEADINGS = new Set([
  'id',
  'ids',
  'instance',
  'instances',
  'instanceid',
  'instanceids',
  'voiceinstance',
  'voiceinstances',
  'voiceinstanceid',
  'vvins',
]);

function idOrReason(text: string): { id: string } | { reason: string } {
  try {
    return { id: validateId('instanceId', text) };
  } catch (e) {
    if (!isVoiceSmsError(e, 'validation')) throw e;
    return { reason: e.message };
  }
}

/**
 * Sorts `entries` against the ids the profile has. With `firstIsHeader` (a CSV file), a first entry that is
 * not a valid id, or reads as a column heading, is reported as the heading and not counted as invalid.
 * Nothing is written here: new ids come back as `notAdded`; the caller marks what it wrote (markAdded).
 */
export function planInstanceList(
  entries: readonly ListEntry[],
  listed: readonly string[],
  options: { firstIsHeader?: boolean } = {},
): InstanceListReport {
  const report: InstanceListReport = { entries: [], added: [], notAdded: [], alreadyListed: [], repeated: [], invalid: [] };
  const have = new Set(listed);
  const seen = new Set<string>();
  // Ids by their NFKC form: a look-alike of a listed id (or of an earlier entry) is refused, naming it.
  const listedByKey = new Map<string, string>();
  for (const id of listed) if (!listedByKey.has(idKey(id))) listedByKey.set(idKey(id), id.trim());
  const seenByKey = new Map<string, ListEntry & { id: string }>();
  entries.forEach((entry, index) => {
    let checked = idOrReason(entry.text);
    if (index === 0 && options.firstIsHeader) {
      const heading =
        'reason' in checked
          ? checked.reason
          : HEADINGS.has(entry.text.toLowerCase().replace(/[\s_-]/g, ''))
            ? l10n.t('reads as a column heading')
            : undefined;
      if (heading !== undefined) {
        report.header = { text: entry.text, line: entry.line, reason: heading };
        report.entries.push({ ...entry, outcome: 'header', reason: heading });
        return;
      }
    }
    if ('id' in checked) {
      const key = idKey(checked.id);
      const listedAs = listedByKey.get(key);
      const earlier = seenByKey.get(key);
      if (listedAs !== undefined && listedAs !== checked.id) {
        checked = { reason: l10n.t('looks the same as {0}, which is already listed', listedAs) };
      } else if (listedAs === undefined && earlier !== undefined && earlier.id !== checked.id) {
        checked = { reason: l10n.t('looks the same as {0} (line {1})', earlier.id, earlier.line) };
      } else if (earlier === undefined) seenByKey.set(key, { ...entry, id: checked.id });
    }
    if ('reason' in checked) {
      report.invalid.push({ ...entry, reason: checked.reason });
      report.entries.push({ ...entry, outcome: 'invalid', reason: checked.reason });
      return;
    }
    const { id } = checked;
    const outcome: EntryOutcome = seen.has(id) ? 'repeated' : have.has(id) ? 'alreadyListed' : 'notAdded';
    seen.add(id);
    if (outcome === 'repeated') {
      if (!report.repeated.includes(id)) report.repeated.push(id);
    } else if (outcome === 'alreadyListed') report.alreadyListed.push(id);
    else report.notAdded.push(id);
    report.entries.push({ ...entry, outcome, id });
  });
  return report;
}

/** The report after `written` (the ids the settings write added) went in: they move from notAdded to added. */
export function markAdded(report: InstanceListReport, written: readonly string[]): InstanceListReport {
  const done = new Set(written);
  return {
    ...report,
    added: report.notAdded.filter((id) => done.has(id)),
    notAdded: report.notAdded.filter((id) => !done.has(id)),
    entries: report.entries.map((e) => (e.outcome === 'notAdded' && e.id !== undefined && done.has(e.id) ? { ...e, outcome: 'added' } : e)),
  };
}
