// What several specs share.
import type { ToolAnnotations, ToolContext } from '../spec.js';
import { inert } from '../text/dataText.js';

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Which period a tool's arguments name: a month (YYYYMM) or a day (YYYYMMDD). */
type PeriodKey = 'monthId' | 'dateId';

/**
 * The voice instance and the month or day of a tool's arguments, checked by the core (which throws a worded
 * error for a bad id) and normalized, e.g. `const { instanceId, monthId } = checkedIds(ctx, args, 'monthId')`.
 */
export function checkedIds<P extends PeriodKey>(
  ctx: ToolContext,
  args: { instanceId: string } & Record<P, string>,
  period: P,
): { instanceId: string } & Record<P, string> {
  const core = ctx.core();
  const instanceId = core.validateId('instanceId', args.instanceId);
  const id = period === 'monthId' ? core.validateMonthId(args[period]) : core.validateDateId(args[period]);
  return { instanceId, [period]: id } as { instanceId: string } & Record<P, string>;
}

/** An argument as a progress line shows it: a string quoted inert and cut at `max`, a number's digits, '' for anything else. */
export function shownArg(input: Readonly<Record<string, unknown>>, key: string, max: number): string {
  const v = input[key];
  return inert(typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '', max);
}
