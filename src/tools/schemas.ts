// The pieces the tools' input and output schemas are built from: the ids (patterns linear: no nested quantifiers;
// the month and date ids' accepted forms are args.ts's), and the shapes of the structured results. The JSON Schemas in
// package.json's languageModelTools are these, as z.toJSONSchema writes them (test/unit/tools/manifest.test.ts).
import { DATE_ARG, DATE_NUMBER, MONTH_ARG, MONTH_NUMBER, type PeriodKind } from './args.js';
import type { z } from 'zod';
import type { Door, Zod } from './spec.js';

/** Not empty, not `.` or `..`, no `/` or control character, at most 128 characters. */
// eslint-disable-next-line no-control-regex -- the pattern refuses control characters
export const INSTANCE_ID = new RegExp('^(?!\\.{1,2}$)[^/\\u0000-\\u001f\\u007f-\\u009f]{1,128}$');

export function instanceIdInput(z: Zod, door: Door) {
  return z
    .string()
    .regex(INSTANCE_ID)
    .describe(`The voice instance ID, exactly as the user or ${door.name('listInstances')} gave it (e.g. VI-123).`);
}

/** What a client reads of a month or date id argument: a string in one of its two spellings, or its digits as a number. */
function periodArgSchema(kind: PeriodKind, description: string): Record<string, unknown> {
  const month = kind === 'month';
  return {
    anyOf: [
      {
        type: 'string',
        pattern: (month ? MONTH_ARG : DATE_ARG).source,
        description: month ? 'YYYYMM or YYYY-MM, e.g. "202611" or "2026-11".' : 'YYYYMMDD or YYYY-MM-DD, e.g. "20261128" or "2026-11-28".',
      },
      {
        type: 'integer',
        ...(month ? MONTH_NUMBER : DATE_NUMBER),
        description: month ? 'The digits YYYYMM as a number, e.g. 202611.' : 'The digits YYYYMMDD as a number, e.g. 20261128.',
      },
    ],
    description,
  };
}

/**
 * A month or date id input (declared in the spec's periodArgs too). Its JSON Schema, which the chat door's
 * package.json entry and the MCP door's tools/list carry, is the union of the accepted forms (periodArgSchema, as
 * metadata zod writes into the JSON Schema); the schema itself takes any value, so that a wrong one reaches the
 * door's toolArgs() and is refused with its one sentence rather than the MCP SDK's list of zod issues. run() gets
 * the canonical string: both doors call toolArgs() before it, hence the type.
 */
function periodArgInput(z: Zod, kind: PeriodKind, description: string) {
  return z.unknown().meta(periodArgSchema(kind, description)) as unknown as z.ZodType<string, unknown>;
}

export const monthIdArgInput = (z: Zod, description: string) => periodArgInput(z, 'month', description);
export const dateIdArgInput = (z: Zod, description: string) => periodArgInput(z, 'date', description);

export const count = (z: Zod) => z.number().int();
export const totals = (z: Zod) =>
  z.object({
    callLegs: count(z),
    callLegsIn: count(z),
    callLegsOut: count(z),
    callsUnique: count(z),
    durationMin: count(z),
    days: count(z),
  });
export const day = (z: Zod) => z.string().describe('YYYY-MM-DD');
/** The days a change compares (shared/comparison.ts comparedDates). */
export const compared = (z: Zod) =>
  z
    .object({ from: day(z), to: day(z), previousFrom: day(z), previousTo: day(z), wholeMonths: z.boolean() })
    .describe('The days the change compares: from–to of this month with previousFrom–previousTo of the month before.');
/** A month-end projection (tools/text/projectionText.ts ProjectionData). */
export const projection = (z: Zod) => {
  const range = z.object({ projected: z.number(), low: z.number(), high: z.number() });
  return z
    .object({
      projected: z.literal(true),
      basis: z.enum(['weekdays', 'monthSoFar']),
      basisText: z.string(),
      remainingDays: count(z),
      backtestMonths: count(z),
      totals: z.object({ callLegs: range, callLegsIn: range, callLegsOut: range, callsUnique: range, durationMin: range }),
    })
    .describe(
      "A projection, not data: where the month in progress will end (projected) and the range (low–high), from the instance's weekday profile; basisText says how. Only for a month in progress.",
    );
};
export const keyValue = (z: Zod) => z.object({ path: z.string(), value: z.string() });

export function currentMonthId(now: Date): string {
  return `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}
