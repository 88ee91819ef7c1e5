// voiceSms.showLog: reveals the "Voice & SMS" output channel.
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';

export const command: HostCommand = {
  manifest: {
    title: 'Show Log',
    icon: 'output',
    menus: [{ menu: 'view/title', when: VIEW.any, group: '9_log@1' }],
  },
  run(services) {
    services.log.show();
  },
};
