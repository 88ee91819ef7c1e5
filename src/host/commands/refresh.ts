// voiceSms.refresh: re-reads the sign-in state and redraws every view. Returns the session
// snapshot (signed in, active profile, visible instances), which holds nothing secret.
import { COMMANDS } from '../../shared/ids.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  registerCommand(ctx, COMMANDS.refresh, async () => {
    const snapshot = await services.session.refresh();
    services.views.refreshAll();
    return snapshot;
  });
};
