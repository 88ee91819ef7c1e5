// The vvoice service: the month view (calls.ts) and a day's activities (activities.ts) of one voice instance.
// Both paths name the instance first, so an unknown one is refused here with 404, before either reads its month or day.
import { errorAnswer, shown } from '../answer.js';
import { handleActivities } from './activities.js';
import { handleCalls } from './calls.js';
import type { Handler, Service } from './context.js';

function forKnownInstance(handle: Handler): Handler {
  return (ctx) => {
    const instanceId = ctx.params['instanceId'] ?? '';
    if (ctx.state.world.instances.has(instanceId)) return handle(ctx);
    return errorAnswer(404, `Voice instance "${shown(instanceId)}" not found.`, ctx.serviceId, ctx.now);
  };
}

export const VOICE: Service<'calls' | 'activities'> = {
  id: 'vvoice',
  handlers: { calls: forKnownInstance(handleCalls), activities: forKnownInstance(handleActivities) },
};
