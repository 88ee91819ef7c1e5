// voiceSms.showLog: reveals the "Voice & SMS" output channel.
import { COMMANDS } from '../../shared/ids.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  registerCommand(ctx, COMMANDS.showLog, () => {
    services.log.show();
  });
};
