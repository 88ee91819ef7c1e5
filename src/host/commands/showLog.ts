// voiceSms.showLog: reveals the "Voice & SMS" output channel.
import type { HostCommand } from './hostCommand.js';

export const command: HostCommand = {
  run(services) {
    services.log.show();
  },
};
