// The MCP door's ToolContext: the core client built from the environment, the environment's profile facts,
// the elicitation as the send confirmation and the process's hourly send cap.
import * as l10n from '@vscode/l10n';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { flattenResult } from '../shared/flattenResult.js';
import { DEMO_PROFILE_NAME } from '../shared/ids.js';
import { MCP_DOOR } from '../tools/index.js';
import { ToolRefusal } from '../tools/refusal.js';
import type { ToolContext } from '../tools/spec.js';
import { ENV } from './config.js';
import { confirmByElicitation } from './confirmation.js';
import type { Connection } from './context.js';
import { core } from './core.js';
import type { SendLimit } from './sendLimit.js';
import { ENVIRONMENT_NAMES, type SettingNames } from './settingNames.js';

export function mcpToolContext(
  c: Connection,
  server: Server,
  allowSend: boolean,
  limit: SendLimit,
  names: SettingNames = ENVIRONMENT_NAMES,
): ToolContext {
  const s = c.settings;
  return {
    // A national number without a region names the setting as this door's user knows it.
    door: { ...MCP_DOOR, regionSetting: names.name(ENV.defaultRegion) },
    core,
    facts: () =>
      Promise.resolve({
        profile: c.profile,
        host: c.host,
        signedIn: true,
        // The --demo server names its connection as the editor's demo profile does.
        demo: c.profile === DEMO_PROFILE_NAME,
        ...(s.accountId !== undefined ? { accountId: s.accountId } : {}),
        instances: s.instances,
        senderIds: s.senderIds,
        ...(s.defaultRegion !== undefined ? { defaultRegion: s.defaultRegion } : {}),
        sendingEnabled: allowSend,
        hints: {
          noInstances: l10n.t(
            'No voice instances are configured; list them, comma-separated, in {0} {1}.',
            names.name(ENV.voiceInstances),
            names.where,
          ),
          noSenders: l10n.t(
            'No sender identities are configured ({0} {1}); send_test_sms then needs "from".',
            names.name(ENV.senderIds),
            names.where,
          ),
        },
      }),
    getMonthView: (i, m, signal, priority) => c.client.getMonthView(i, m, signal, priority ? { priority } : {}),
    getDayActivities: (i, d, signal) => c.client.getDayActivities(i, d, signal),
    async readBalance(signal) {
      const accountId = s.accountId;
      if (accountId === undefined) {
        throw new ToolRefusal(
          'noAccount',
          l10n.t('No account ID is configured, so the balance cannot be read; set {0} {1}.', names.name(ENV.accountId), names.where),
        );
      }
      const r = await c.client.getBalance(accountId, signal);
      return {
        profile: c.profile,
        accountId,
        ...(r.balance ? { balance: r.balance } : {}),
        rows: r.balance ? [] : flattenResult(r.result, '', [], 1000),
        at: Date.now(),
      };
    },
    confirmSend: (d, signal) => confirmByElicitation(server, d, signal),
    send: (d) => c.client.sendSms({ from: d.from, to: d.to, body: d.body }),
    maxSegments: () => MCP_DOOR.maxSegments,
    reserveSend: () => limit.reserve(),
  };
}
