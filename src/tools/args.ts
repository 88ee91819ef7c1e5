// Tool arguments as clients send them, turned into what every tool's run() takes. A month id comes as "202611",
// as the number 202611 or as "2026-11"; a date id as "20261128", 20261128 or "2026-11-28". Both doors call
// toolArgs() where the arguments enter (src/host/chat/tools.ts, src/mcp/server.ts), so a tool only ever sees
// YYYYMM and YYYYMMDD, and anything else is refused with one sentence naming the accepted forms. The patterns
// are also the ones the input schemas show (schemas.ts): anchored, fixed-length branches, nothing nested, so a
// client's validator runs them in linear time; [0-9] rather than \d, which some validators read as any script's
// digits. No vscode, no zod.
import * as l10n from '@vscode/l10n';
import { ToolRefusal } from './refusal.js';

/** A month as a string: YYYYMM or YYYY-MM, year 1000–9999, month 01–12. */
export const MONTH_ARG = /^[1-9][0-9]{3}-?(?:0[1-9]|1[0-2])$/;
/** A day as a string: YYYYMMDD or YYYY-MM-DD (dashes both present or both absent); the calendar is checked apart. */
export const DATE_ARG = /^[1-9][0-9]{3}(?:(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])|-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01]))$/;

/** The smallest and largest month and date ids as numbers (the years the core takes, 1000–9999). */
export const MONTH_NUMBER = { minimum: 100001, maximum: 999912 } as const;
export const DATE_NUMBER = { minimum: 10000101, maximum: 99991231 } as const;

export type PeriodKind = 'month' | 'date';

/** How a spec declares an argument that names a month or a day. */
export interface PeriodArg {
  kind: PeriodKind;
  /** Absent is allowed (the tool has a default); otherwise absent is refused like a wrong form. */
  optional?: true;
}

/**
 * The text of a month or date id as a client may send it: a string as it is (surrounding spaces dropped, as the
 * palette and the core drop them), a whole non-negative number as its digits; undefined for anything else
 * (fractions, negative numbers, numbers too large to be exact, booleans, objects).
 */
function digitsOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return undefined;
}

/** `value` as YYYYMM when it is "YYYYMM", the number YYYYMM or "YYYY-MM"; undefined otherwise. */
export function monthIdArg(value: unknown): string | undefined {
  const text = digitsOf(value);
  if (text === undefined || !MONTH_ARG.test(text)) return undefined;
  return text.slice(0, 4) + text.slice(-2);
}

/** `value` as YYYYMMDD when it is "YYYYMMDD", the number YYYYMMDD or "YYYY-MM-DD" naming a real calendar day. */
export function dateIdArg(value: unknown): string | undefined {
  const text = digitsOf(value);
  if (text === undefined || !DATE_ARG.test(text)) return undefined;
  const dashed = text.length === 10;
  const [year, month, day] = [text.slice(0, 4), text.slice(dashed ? 5 : 4, dashed ? 7 : 6), text.slice(-2)];
  // Day 0 of the next month is the last day of this one (UTC: no time zone moves it).
  if (Number(day) > new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate()) return undefined;
  return year + month + day;
}

/** The one sentence a wrong month or date id is refused with: the accepted forms, never the value or a pattern. */
export function periodArgProblem(field: string, kind: PeriodKind): string {
  return kind === 'month'
    ? l10n.t('{0} takes a month as "YYYYMM", the number YYYYMM or "YYYY-MM", for example "202611", 202611 or "2026-11".', field)
    : l10n.t(
        '{0} takes a calendar day as "YYYYMMDD", the number YYYYMMDD or "YYYY-MM-DD", for example "20261128", 20261128 or "2026-11-28".',
        field,
      );
}

/**
 * The arguments as the tool's run() takes them: every month or date id the spec declares (`periodArgs`) in its
 * canonical form, an optional one left out when absent; throws a ToolRefusal('validation') with one sentence for
 * any other value. Other arguments are passed on as they are.
 */
export function toolArgs(
  spec: { periodArgs?: Readonly<Record<string, PeriodArg>> },
  args: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  for (const [field, arg] of Object.entries(spec.periodArgs ?? {})) {
    const value = args[field];
    if (value === undefined && arg.optional) {
      delete out[field];
      continue;
    }
    const id = arg.kind === 'month' ? monthIdArg(value) : dateIdArg(value);
    if (id === undefined) throw new ToolRefusal('validation', periodArgProblem(field, arg.kind));
    out[field] = id;
  }
  return out;
}
