// How chat tool results quote what the service (or any other party) controls: as inert plain text.
// A language model reads these results and may repeat them in a rendered reply, so a value must not
// turn into markdown, HTML, a link or a command link there, nor smuggle line breaks or bidi controls
// that make it read as part of our own text. Numbers are never passed through here: they go out as
// the service sent them. vscode-free, unit-tested in plain Node.
import * as l10n from '@vscode/l10n';
import type { MonthTotals } from '../../shared/monthModel.js';
import type { ComparedDates } from '../../shared/comparison.js';
import { redact } from '../../shared/redact.js';
import { breakSchemes, inertLine } from '../../shared/untrustedText.js';

/** C0/C1 controls and the bidi embedding/override/isolate characters (key paths keep their brackets, so not inertLine). */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Characters that start code, links, images or HTML; escaped with a backslash, which markdown shows
 * as the character itself. Emphasis characters stay: at worst they make a value bold, and masked
 * numbers (+4915******89) stay readable.
 */
const MARKUP = /[\\`[\]<>]/g;

/** Default longest value kept, in characters. */
const MAX_VALUE_CHARS = 200;

/** `value` as one inert line: invisible characters dropped, whitespace collapsed, markup escaped, cut at `max` with "…". */
export function inert(value: string, max = MAX_VALUE_CHARS): string {
  // The editor-wide neutraliser first (schemes, link joins, tags, codicons), then markdown escapes.
  return inertLine(value, max).replace(MARKUP, (c) => `\\${c}`);
}

/** A key path built from the service's element names: our own `.` and `[i]` kept, schemes defused, one line. */
export function inertKey(key: string, max = 120): string {
  let s = key.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  if (s.length > max) s = `${s.slice(0, max)}…`;
  return breakSchemes(s).replace(/[\\`<>]/g, (c) => `\\${c}`);
}

/** A service value in double quotes, inert, with phone numbers and anything secret-looking masked. */
export function quoted(value: string, max = MAX_VALUE_CHARS): string {
  return `"${inert(redact(value), max).replace(/"/g, '\\"')}"`;
}

/** A list of ids (user-configured or validated) for a sentence: "VI-1", "VI-2". */
export function quotedList(values: readonly string[]): string {
  return values.map((v) => quoted(v, 80)).join(', ');
}

/** 20241003 -> 2024-10-03; 202410 -> 2024-10. */
export function isoId(id: string): string {
  return id.length === 8 ? `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)}` : `${id.slice(0, 4)}-${id.slice(4, 6)}`;
}

/** A count with its noun, singular for one ("1 day", "3 days"); each form is a whole l10n string. */
export function counted(n: number, one: string, other: string): string {
  return n === 1 ? one : other;
}

/** The counted nouns of a month's figures: call legs, unique calls, minutes, days. */
export function totalsPhrases(t: MonthTotals): { callLegs: string; unique: string; minutes: string; days: string } {
  return {
    callLegs: counted(t.callLegs, l10n.t('1 call leg'), l10n.t('{0} call legs', t.callLegs)),
    unique: counted(t.callsUnique, l10n.t('1 unique call'), l10n.t('{0} unique calls', t.callsUnique)),
    minutes: counted(t.durationMin, l10n.t('1 minute'), l10n.t('{0} minutes', t.durationMin)),
    days: counted(t.days, l10n.t('1 day'), l10n.t('{0} days', t.days)),
  };
}

/** A month's figures in the words of the tools' sentences, in their order: call legs, inbound, outbound, unique calls, minutes, days. */
export function totalsWords(t: MonthTotals): [string, number, number, string, string, string] {
  const w = totalsPhrases(t);
  return [w.callLegs, t.callLegsIn, t.callLegsOut, w.unique, w.minutes, w.days];
}

/**
 * One item's line in a tool's list (a month of the trend, an instance of the overview): its sentence when its
 * figures loaded, else why they did not.
 */
export function itemLine<F>(label: string, figures: F | undefined, sentence: (figures: F) => string, error: string | undefined): string {
  return figures ? sentence(figures) : l10n.t('{0}: not loaded ({1})', label, error ?? '');
}

/** "+12 (+8.5%)", "-3 (-20%)", "0 (0%)", "+5 (new)": plain ASCII, no locale grouping, for a model. */
export function change(current: number, previous: number): string {
  const diff = current - previous;
  const sign = diff > 0 ? '+' : '';
  if (previous === 0) return diff === 0 ? '0 (0%)' : `${sign}${diff} (new)`;
  const pct = Math.round(((current - previous) / previous) * 1000) / 10;
  return `${sign}${diff} (${pct > 0 ? '+' : ''}${pct}%)`;
}

/**
 * What a change compares, for a sentence: "2026-11-01 to 2026-11-27 with 2026-10-01 to 2026-10-27" while the month
 * is not finished, "2026-10 with 2026-09 (whole months)" once it is.
 */
export function comparedText(d: ComparedDates): string {
  if (d.wholeMonths) return l10n.t('{0} with {1} (whole months)', d.from.slice(0, 7), d.previousFrom.slice(0, 7));
  return l10n.t({
    message: '{0} to {1} with {2} to {3}',
    args: [d.from, d.to, d.previousFrom, d.previousTo],
    comment: ['The days a change compares: the month so far with the same days of the month before'],
  });
}
