// The pieces the tools' input and output schemas are built from: the id patterns (linear: no nested
// quantifiers; the same the core checks), and the shapes of the structured results. The JSON Schemas in
// package.json's languageModelTools are these, as z.toJSONSchema writes them (test/unit/tools/manifest.test.ts).
import type { Door, Zod } from './spec.js';

export const MONTH_ID = /^\d{4}(0[1-9]|1[0-2])$/;
export const DATE_ID = /^\d{4}(?:(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))$/;
/** Not empty, not `.` or `..`, no `/` or control character, at most 128 characters. */
// eslint-disable-next-line no-control-regex -- the pattern refuses control characters
export const INSTANCE_ID = new RegExp('^(?!\\.{1,2}$)[^/\\u0000-\\u001f\\u007f-\\u009f]{1,128}$');

export function instanceIdInput(z: Zod, door: Door) {
  return z
    .string()
    .regex(INSTANCE_ID)
    .describe(`The voice instance ID, exactly as the user or ${door.name('listInstances')} gave it (e.g. VI-123).`);
}

export const monthIdInput = (z: Zod) => z.string().regex(MONTH_ID);

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
export const keyValue = (z: Zod) => z.object({ path: z.string(), value: z.string() });

export function currentMonthId(now: Date): string {
  return `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}
