// --demo: the offline demo's simulator served inside this process, so an agent can try every tool without
// an account. Fresh credentials on every start (the simulator draws them), the demo's instances and
// sender ids, the default auth settings. Loaded only with --demo: dist/simulator.js beside dist/mcp.js.
import { DEMO_PROFILE_NAME } from '../shared/ids.js';
import { DEFAULT_AUTH_SETTINGS, type McpSettings } from './config.js';

type SimulatorModule = typeof import('../simulator/index.js');

export interface Demo {
  settings: McpSettings;
  profile: string;
  url: string;
  close(): Promise<void>;
}

export async function startDemo(): Promise<Demo> {
  // A require inside the function keeps it lazy; esbuild.mjs (mcpSharesCore) turns it into require("./simulator.js").
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sim = require('../simulator/index.js') as SimulatorModule;
  // No control endpoint: nothing but this process needs to change the demo's faults.
  const server = await sim.start({ controlEndpoint: false });
  return {
    settings: {
      baseUrl: server.url,
      ...server.credentials,
      accountId: sim.DEMO_ACCOUNT,
      instances: [...sim.DEMO_INSTANCES],
      senderIds: [...sim.DEMO_SENDER_IDS],
      auth: { ...DEFAULT_AUTH_SETTINGS },
    },
    profile: DEMO_PROFILE_NAME,
    url: server.url,
    close: () => server.close(),
  };
}
