// voiceSms.refresh: re-reads the sign-in state and redraws every view. With no argument the current month
// of every instance (and every failed month) loads again; with an instance row or { instanceId }, only
// that instance's; with { instanceId, monthId } (an error row's retry), that month. Past months stay
// cached. Returns the session snapshot (signed in, active profile, visible instances), nothing secret.
import { readPanelArgs, type PanelArgs } from './panelArgs.js';
import type { HostCommand } from './hostCommand.js';

export const command: HostCommand<PanelArgs> = {
  parseArg(raw) {
    try {
      return readPanelArgs(raw);
    } catch {
      // A malformed argument refreshes everything rather than nothing.
      return {};
    }
  },
  async run(services, target) {
    if (target.instanceId && target.monthId) void services.months.reload(target.instanceId, target.monthId);
    else services.months.invalidate(target.instanceId);
    const snapshot = await services.session.refresh();
    services.views.refreshAll();
    return snapshot;
  },
};
