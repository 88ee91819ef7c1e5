/**
 * GET /v1/vvoice/{VVINS}/activities/{DATEID} (spec endpoint 4; payload not shown there, so this one is invented):
 *   <result><activities><dateID>YYYYMMDD</dateID>
 *     <activity><callId>CA…</callId><direction>inbound|outbound</direction><from>+…</from><to>+…</to>
 *     <start>2024-06-03T09:14:22Z</start><durationSec>184</durationSec><status>completed</status></activity>…
 *   </activities></result>
 * One activity per unique call of that day (capped at 200), oldest first, consistent with the month view's
 * counters (see activityLog.ts). Days after today (simulator clock) have no activities.
 *
 * DATEID must be YYYYMMDD naming a real day (the form the month view uses). Refusals: 404 for an unknown
 * instance (voice.ts, before this handler), 400 for any other DATEID.
 */
import { dayActivities } from '../activityLog.js';
import { errorAnswer, okAnswer, shown, type Answer } from '../answer.js';
import { dateIdOf, isDateId } from '../dates.js';
import { el } from '../xml.js';
import type { HandlerContext } from './context.js';

/** A day's activities of a known instance (voice.ts checked it). */
export function handleActivities(ctx: HandlerContext): Answer {
  const id = ctx.serviceId;
  const instanceId = ctx.params['instanceId'] ?? '';
  const dateId = ctx.params['dateId'] ?? '';
  if (!isDateId(dateId)) {
    return errorAnswer(400, `Invalid DATEID "${shown(dateId)}": expected YYYYMMDD naming a real day, e.g. 20240603.`, id, ctx.now);
  }
  const list = dateId > dateIdOf(ctx.now) ? [] : dayActivities(instanceId, dateId);
  const items = list.map((a) =>
    el('activity', [
      el('callId', a.callId),
      el('direction', a.direction),
      el('from', a.from),
      el('to', a.to),
      el('start', a.start),
      el('durationSec', a.durationSec),
      el('status', a.status),
    ]),
  );
  return okAnswer(id, ctx.now, [el('activities', [el('dateID', dateId), ...items])]);
}
