// voiceSms.refresh: re-reads the sign-in state and redraws every view. With no argument the current month
// of every instance (and every failed month) loads again; with an instance row or { instanceId }, only
// that instance's; with { instanceId, monthId } (an error row's retry), that month. Past months stay
// cached. Returns the session snapshot (signed in, active profile, visible instances), nothing secret.
import { readPanelArgs, type PanelArgs } from './panelArgs.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW, VIEW } from './menuWhen.js';

export const command: HostCommand<PanelArgs> = {
  manifest: {
    title: 'Refresh',
    icon: 'refresh',
    palette: CONTEXT_KEYS.signedIn,
    menus: [
      // Signed out there is nothing to refresh: the title bar shows the welcome view's buttons only.
      { menu: 'view/title', when: `${VIEW.instances} && ${CONTEXT_KEYS.signedIn}`, group: 'navigation@3' },
      { menu: 'view/item/context', when: ROW.instance, group: 'inline@2' },
      { menu: 'view/item/context', when: ROW.instance, group: '2_refresh@1' },
      { menu: 'view/item/context', when: ROW.error, group: 'inline@1' },
      { menu: 'view/item/context', when: ROW.error, group: '1_retry@1' },
    ],
  },
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
